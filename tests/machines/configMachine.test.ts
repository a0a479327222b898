import { expect } from 'vitest';
import {
  configMachine,
  selectConfigAttempt,
  selectConfigError,
  selectConfigFailed,
} from '../../src/machines/configMachine';
import { configuration } from '../support/fixtures';
import {
  describePaths,
  pendingDelays,
  withWatchedFakePromise,
  settled,
  type SpecState,
} from '../support/pathHarness';

/**
 * What the start-up screen shows and does, written from spec §9 (configuration loading: up to 3
 * tries, waiting 1 s times the attempt number between tries) and §8 Startup (the texts).
 * The retry delay is not overridden by the composition root (src/app/appLogic.ts): it is
 * checked at its real length.
 */
interface Shown {
  attempt: number;
  error: string | null;
  failed: boolean;
  loaded: boolean;
  /** Requests for the configuration made so far. */
  fetches: number;
  /** The wait before the next try, while one is pending. */
  retryInMs: number | null;
}

const START: Shown = {
  attempt: 1,
  error: null,
  failed: false,
  loaded: false,
  fetches: 1,
  retryInMs: null,
};
let shown: Shown = START;

function expected(event: { type: string }): Shown {
  const fetching = !shown.loaded && !shown.failed && shown.retryInMs === null;
  switch (event.type) {
    case 'xstate.done.actor.fetchConfiguration':
      // Loaded: the start-up texts are gone.
      return fetching ? { ...shown, loaded: true, error: null } : shown;
    case 'xstate.error.actor.fetchConfiguration':
      if (!fetching) return shown;
      return shown.attempt < 3
        ? {
            ...shown,
            error: `Initialization failed, attempt: ${shown.attempt}, please refresh.`,
            retryInMs: 1000 * shown.attempt,
          }
        : {
            ...shown,
            failed: true,
            error: 'Error initializing application, please reload the page.',
          };
    default:
      if (event.type.startsWith('xstate.after.') && shown.retryInMs !== null) {
        // The next try; the retry text stays until it succeeds or fails.
        return {
          ...shown,
          attempt: shown.attempt + 1,
          fetches: shown.fetches + 1,
          retryInMs: null,
        };
      }
      return shown;
  }
}

function check(snapshot: Parameters<typeof selectConfigError>[0]) {
  expect(selectConfigAttempt(snapshot)).toBe(shown.attempt);
  expect(selectConfigError(snapshot)).toBe(shown.error);
  expect(selectConfigFailed(snapshot)).toBe(shown.failed);
  // The configuration is handed on once it arrived; a failure waits for a reload.
  expect(snapshot.status).toBe(shown.loaded ? 'done' : 'active');
  expect(snapshot.output).toEqual(shown.loaded ? configuration : undefined);
}

/**
 * The spec's table of start-up: loading (a try is out), waiting (1 s times the attempt number
 * before the next try), loaded (the configuration is handed on, it ends), failed ('Error
 * initializing application, please reload the page.': the error tag; it waits for a reload).
 */
function state(): SpecState {
  if (shown.loaded) return { value: 'loaded', tags: { error: false }, done: true, shown };
  if (shown.failed) return { value: 'failed', tags: { error: true }, shown };
  return { value: shown.retryInMs === null ? 'loading' : 'waiting', tags: { error: false }, shown };
}

await describePaths({
  machine: configMachine,
  unhandled: true,
  build: withWatchedFakePromise(configMachine, 'fetchConfiguration'),
  events: [...settled('fetchConfiguration', [configuration], [new Error('offline')])],
  afterStep: ({ event, snapshot, previous, index, elapsedMs }, spies) => {
    if (index === 0) check(previous);
    const before = shown;
    shown = expected(event);
    // Spec §9: waiting 1 s times the attempt number between tries.
    expect(elapsedMs).toBe(event.type.startsWith('xstate.after.') ? before.retryInMs : 0);
    check(snapshot);
    // The requests made so far and the wait before the next try, if one is pending.
    expect(spies.promises.calls.length).toBe(shown.fetches);
    expect(pendingDelays(spies.watch)).toEqual(shown.retryInMs === null ? [] : [shown.retryInMs]);
  },
  spec: {
    initial: () => {
      shown = START;
      return state();
    },
    after: state,
  },
  afterPath: (plan, _spies, promises) => {
    // Start-up requests the configuration at once; one request per try, with nothing to send
    // (GET /api/configuration).
    const tries = 1 + plan.steps.filter((s) => s.event.type.startsWith('xstate.after.')).length;
    expect(promises.calls).toEqual(
      Array.from({ length: tries }, () => ({ name: 'fetchConfiguration', input: undefined })),
    );
  },
});
