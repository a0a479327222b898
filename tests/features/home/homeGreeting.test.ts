import { describe, expect, it } from 'vitest';
import { homeGreeting } from '../../../src/features/home/greeting';

describe('homeGreeting (issue 15)', () => {
  it("greets a new account 'Welcome' and a returning one 'Welcome back', with the first name", () => {
    expect(homeGreeting('Ann', true)).toBe('Welcome, Ann');
    expect(homeGreeting('Ann', false)).toBe('Welcome back, Ann');
  });

  it('leaves the name out when there is none', () => {
    expect(homeGreeting(' ', true)).toBe('Welcome');
    expect(homeGreeting('', false)).toBe('Welcome back');
  });
});
