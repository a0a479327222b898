import { describe, expect, it } from 'vitest';
import { layoutUser } from '../../src/app/layouts/layoutUser';
import { canChangePassword } from '../../src/shared/loginProvider';
import { makeUser } from '../support/fixtures';

/**
 * Issue 19: an impersonated session can never change a password or use a host call (the server
 * refuses them), so the menus do not offer them; the same user signed in themselves gets both.
 */
describe('menus of an impersonated session', () => {
  const host = makeUser({ isHost: true, userRole: 1, currentLoginProvider: 'Email' });
  const impersonated = { ...host, impersonator: { id: 9, name: 'Olivia Harper' } };

  it('offers Change Password only to a session of one’s own', () => {
    expect(canChangePassword(host)).toBe(true);
    expect(canChangePassword(impersonated)).toBe(false);
    expect(layoutUser(impersonated).canChangePassword).toBe(false);
  });

  it('offers the admin area only to a session of one’s own', () => {
    expect(layoutUser(host).canAdminister).toBe(true);
    expect(layoutUser(impersonated).canAdminister).toBe(false);
  });
});
