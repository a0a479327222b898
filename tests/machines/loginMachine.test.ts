import { expect } from 'vitest';
import { loginMachine } from '../../src/features/login/loginMachine';
import { makeSession } from '../support/fixtures';
import { describePaths, FakePromises } from '../support/pathHarness';

const session = makeSession();
const values = { email: 'owner@example.com', password: 'Giving!2026' };

await describePaths({
  machine: loginMachine,
  build: () => {
    const promises = new FakePromises();
    const machine = loginMachine.provide({ actors: { login: promises.logic('login') as never } });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'form.submit', values },
    { type: 'error.dismiss' },
    { type: 'xstate.done.actor.login', output: session },
    { type: 'xstate.error.actor.login', error: { messages: ['Invalid email or password.'] } },
    { type: 'xstate.error.actor.login', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot }) => {
    if (event.type === 'xstate.error.actor.login') {
      const expected =
        event.error instanceof Error
          ? ['Error logging in, please try again.']
          : ['Invalid email or password.'];
      expect(snapshot.context.errorMessages).toEqual(expected);
    }
    if (snapshot.matches('loggedIn')) {
      expect(snapshot.output).toEqual(session);
    }
    // The password is never kept in the machine's context.
    expect(JSON.stringify(snapshot.context)).not.toContain(values.password);
  },
  afterPath: (_plan, _spies, promises) => {
    for (const call of promises.calls) expect(call.input).toEqual(values);
  },
});
