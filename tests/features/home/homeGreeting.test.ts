import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { homeGreeting } from '../../../src/features/home/greeting';
import { selectHomeTitle } from '../../../src/features/home/homeTitle';
import { dashboardInformationMachine } from '../../../src/machines/dashboardInformationMachine';

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

describe("selectHomeTitle: the home's heading", () => {
  const information = {
    firstName: 'Olivia',
    organisationName: 'Acme',
    drops: 0,
    raised: 0,
    currency: 'gbp',
    followers: 0,
  };
  const person = { firstName: 'Livvy', email: 'livvy@example.com' };
  const newAccounts = new Set(['livvy@example.com']);
  const isNewAccount = (email: string) => newAccounts.has(email);

  function dashboard(signedIn: boolean) {
    const machine = dashboardInformationMachine.provide({
      actors: { getDashboardInformation: fromPromise(() => Promise.resolve(information)) },
    });
    return createActor(machine, { input: { signedIn } }).start();
  }

  it('has none for a visitor', () => {
    const actor = dashboard(false);
    expect(selectHomeTitle(actor.getSnapshot(), null, isNewAccount)).toBeUndefined();
    actor.stop();
  });

  it("greets with the session's first name until the dashboard information has loaded, then with its", async () => {
    const actor = dashboard(true);
    expect(selectHomeTitle(actor.getSnapshot(), person, isNewAccount)).toBe('Welcome, Livvy');
    await Promise.resolve();
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(selectHomeTitle(actor.getSnapshot(), person, isNewAccount)).toBe('Welcome, Olivia');
    expect(selectHomeTitle(actor.getSnapshot(), person, () => false)).toBe('Welcome back, Olivia');
    actor.stop();
  });
});
