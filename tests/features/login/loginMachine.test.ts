import { expect } from 'vitest';
import {
  loginMachine,
  selectLoginErrorMessages,
  selectLoginSubmitting,
} from '../../../src/features/login/loginMachine';
import { makeSession } from '../../support/fixtures';
import { describePaths, FakePromises, settled, type SpecState } from '../../support/pathHarness';

const session = makeSession();
const values = { email: 'owner@example.com', password: 'Giving!2026' };
const DEFAULT_ERROR = 'Error logging in, please try again.';

/**
 * What the Login screen shows, written from spec §2.3 Login and §8 Authentication, step by step:
 * 'Login' is busy while the request is out; a failure shows 'Login Error' with the server's
 * messages (or the default text); dismissing the alert hides it; a new attempt starts clean.
 */
interface Shown {
  busy: boolean;
  messages: string[] | null;
  loggedIn: boolean;
}
const START: Shown = { busy: false, messages: null, loggedIn: false };
let shown = START;

function expected(event: { type: string; error?: unknown }): Shown {
  if (shown.loggedIn) return shown;
  switch (event.type) {
    case 'form.submit':
      // A submission while one is out is not another request.
      return shown.busy ? shown : { busy: true, messages: null, loggedIn: false };
    case 'xstate.done.actor.login':
      return { busy: false, messages: null, loggedIn: true };
    case 'xstate.error.actor.login':
      return {
        busy: false,
        messages: event.error instanceof Error ? [DEFAULT_ERROR] : ['Invalid email or password.'],
        loggedIn: false,
      };
    case 'error.dismiss':
      return shown.busy ? shown : { ...shown, messages: null };
    default:
      return shown;
  }
}

/**
 * The spec's table of the Login screen's states: editing (the form), submitting (busy, the
 * request is out), failed ('Login Error' shown), loggedIn (the session is handed on, the flow
 * ends).
 */
function state(): SpecState {
  const at = (value: string, tags: SpecState['tags'], done = false): SpecState => ({
    value,
    tags,
    done,
    shown,
  });
  if (shown.loggedIn) return at('loggedIn', { busy: false }, true);
  if (shown.busy) return at('submitting', { busy: true, error: false });
  if (shown.messages) return at('failed', { busy: false, error: true });
  return at('editing', { busy: false, error: false });
}

await describePaths({
  machine: loginMachine,
  unhandled: true,
  build: () => {
    const promises = new FakePromises();
    const machine = loginMachine.provide({ actors: promises.actors('login') });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'form.submit', values },
    { type: 'error.dismiss' },
    ...settled(
      'login',
      [session],
      [{ messages: ['Invalid email or password.'] }, new Error('network down')],
    ),
  ],
  afterStep: ({ event, snapshot }) => {
    shown = expected(event);
    expect(selectLoginSubmitting(snapshot)).toBe(shown.busy);
    expect(selectLoginErrorMessages(snapshot)).toEqual(shown.messages);
    // A successful login hands its session on (the app stores it and goes to /dashboard).
    expect(snapshot.status).toBe(shown.loggedIn ? 'done' : 'active');
    if (shown.loggedIn) expect(snapshot.output).toEqual(session);
    // The password is never kept in the machine's context.
    expect(JSON.stringify(snapshot.context)).not.toContain(values.password);
  },
  spec: {
    initial: () => {
      shown = START;
      return state();
    },
    after: state,
  },
  afterPath: (plan, _spies, promises) => {
    // One request per submission that was not already waiting, with what was typed.
    for (const call of promises.calls) expect(call.input).toEqual(values);
    expect(promises.calls.length).toBe(
      plan.steps.filter(
        (s, i) => s.event.type === 'form.submit' && !plan.steps[i - 1]?.expected.hasTag('busy'),
      ).length,
    );
  },
});
