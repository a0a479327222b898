import { expect } from 'vitest';
import { captchaTokenMachine, captchaTokenTexts } from '../../src/machines/captchaTokenMachine';
import {
  describePaths,
  pendingDelays,
  withWatchedFakePromise,
  settled,
  type SpecState,
} from '../support/pathHarness';

const TOKEN = 'captcha-token-1';

/**
 * What the caller (signup, third-party sign-in) gets, written from spec §4 Captcha token and §9:
 * a token generated per action 'signup', up to 3 attempts, 1 s apart; after the third failure
 * no token, and the caller shows 'ReCaptcha Error' (spec §8 Signup). The retry delay is not
 * overridden by any entry (src/shared/identityActors.ts): it is checked at its real length.
 */
interface Shown {
  /** Attempts made so far (requests to the captcha). */
  attempts: number;
  /** The wait before the next attempt, while one is pending. */
  retryInMs: number | null;
  /** Ended: with the token, or with null when every attempt failed. */
  ended: boolean;
  output: string | null | undefined;
}

const START: Shown = { attempts: 1, retryInMs: null, ended: false, output: undefined };
let shown: Shown = START;

function expected(event: { type: string }): Shown {
  const generating = !shown.ended && shown.retryInMs === null;
  switch (event.type) {
    case 'xstate.done.actor.executeCaptcha':
      return generating ? { ...shown, ended: true, output: TOKEN } : shown;
    case 'xstate.error.actor.executeCaptcha':
      if (!generating) return shown;
      return shown.attempts < 3
        ? { ...shown, retryInMs: 1000 }
        : { ...shown, ended: true, output: null };
    default:
      if (event.type.startsWith('xstate.after.') && shown.retryInMs !== null) {
        return { ...shown, attempts: shown.attempts + 1, retryInMs: null };
      }
      return shown;
  }
}

/**
 * The spec's table of the captcha token's states: generating (an attempt is out), waiting (1 s
 * before the next attempt), generated (the token is handed on, it ends), failed (3 attempts
 * failed, no token: 'ReCaptcha Error', it ends).
 */
function state(): SpecState {
  if (shown.ended)
    return { value: shown.output === null ? 'failed' : 'generated', done: true, shown };
  return { value: shown.retryInMs === null ? 'generating' : 'waiting', shown };
}

await describePaths({
  machine: captchaTokenMachine,
  unhandled: true,
  input: { action: 'signup' },
  build: withWatchedFakePromise(captchaTokenMachine, 'executeCaptcha'),
  events: [...settled('executeCaptcha', [TOKEN], [new Error('captcha unavailable')])],
  afterStep: ({ event, snapshot, previous, index, elapsedMs }, spies) => {
    if (index === 0) expect(previous.status).toBe('active');
    const before = shown;
    shown = expected(event);
    // Spec §9: attempts 1 s apart.
    expect(elapsedMs).toBe(event.type.startsWith('xstate.after.') ? before.retryInMs : 0);
    expect(snapshot.status).toBe(shown.ended ? 'done' : 'active');
    expect(snapshot.output).toBe(shown.output);
    expect(spies.promises.calls.length).toBe(shown.attempts);
    expect(pendingDelays(spies.watch)).toEqual(shown.retryInMs === null ? [] : [shown.retryInMs]);
    if (shown.ended && shown.output === null) {
      // The alert the caller shows when no token could be generated (spec §8 Signup).
      expect(captchaTokenTexts).toEqual({
        failedTitle: 'ReCaptcha Error',
        failed: 'Failed to generate ReCaptcha token, please refresh the page.',
      });
    }
  },
  spec: {
    initial: () => {
      shown = START;
      return state();
    },
    after: state,
  },
  afterPath: (plan, _spies, promises) => {
    // The first attempt starts at once; one request per attempt, each for the 'signup' action.
    const attempts = 1 + plan.steps.filter((s) => s.event.type.startsWith('xstate.after.')).length;
    expect(promises.calls).toEqual(
      Array.from({ length: attempts }, () => ({
        name: 'executeCaptcha',
        input: { action: 'signup' },
      })),
    );
  },
});
