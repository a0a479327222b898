import { describe, expect, it } from 'vitest';
import { activeNavItem } from '../../src/views/layouts/activeNavItem';

describe('activeNavItem (spec §2.2 highlighting)', () => {
  it.each([
    ['/', 'home'],
    ['/feed', 'home'],
    ['/feed/', 'home'],
    ['/dashboard', 'home'],
    ['/profile', 'profile'],
    ['/account', 'profile'],
    ['/account/profile', 'profile'],
    ['/account/preferences', 'profile'],
    ['/account/organisation/payments', 'profile'],
    ['/following', 'following'],
    ['/search', 'search'],
    ['/create-info', 'create'],
    ['/create', 'create'],
    ['/create-post', 'create'],
    ['/create-drop', 'create'],
  ] as const)('%s highlights %s', (pathname, expected) => {
    expect(activeNavItem(pathname)).toBe(expected);
  });

  it.each(['/users', '/admin', '/accounting', '/following/someone', '/searching', '/login'])(
    '%s highlights nothing',
    (pathname) => {
      expect(activeNavItem(pathname)).toBeNull();
    },
  );
});
