import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import {
  activationMachine,
  activationTexts,
  selectActivating,
  selectActivationCanRetry,
  selectActivationNotice,
  selectActivationResult,
  type ActivationSnapshot,
} from '../../../src/features/activation/activationMachine';
import type { FakePromises } from '../../support/pathHarness';
import { describePaths, withFakePromises } from '../../support/pathHarness';

const KEY = 'activation-key-1';

/**
 * What the Activation screen shows, written from spec §2.3 Activation /activate/{key} (the key
 * is sent to the server; a success or failure message) and §8 ('Account Activated'; 'Error
 * Activating Account' with 'The activation link is invalid or has expired, please try again'
 * when the server says not activated, or 'There was an error activating account, please try
 * again' when the call failed, which may be tried again).
 */
type Phase = 'activating' | 'activated' | 'invalid' | 'failed';
interface Shown {
  phase: Phase;
  /** How many activation calls the screen should have made. */
  calls: number;
}
const start = (): Shown => ({ phase: 'activating', calls: 1 });
let shown = start();

function expected(event: { type: string; output?: unknown }): Shown {
  const { phase } = shown;
  switch (event.type) {
    case 'xstate.done.actor.activate':
      if (phase !== 'activating') return shown;
      return {
        ...shown,
        phase: (event.output as { activated: boolean }).activated ? 'activated' : 'invalid',
      };
    case 'xstate.error.actor.activate':
      return phase === 'activating' ? { ...shown, phase: 'failed' } : shown;
    case 'retry':
      return phase === 'failed' ? { phase: 'activating', calls: shown.calls + 1 } : shown;
    default:
      return shown;
  }
}

const notices = {
  activating: null,
  activated: {
    level: 'success',
    title: 'Account Activated',
    text: 'Your account has been activated, you can now log in.',
  },
  invalid: {
    level: 'danger',
    title: 'Error Activating Account',
    text: 'The activation link is invalid or has expired, please try again',
  },
  failed: {
    level: 'danger',
    title: 'Error Activating Account',
    text: 'There was an error activating account, please try again',
  },
} as const;

/** The screen's result panel: the busy text, the success or the failure (spec §2.3). */
const results = {
  activating: 'busy',
  activated: 'success',
  invalid: 'failure',
  failed: 'failure',
} as const;

function expectShown(s: ActivationSnapshot, calls: FakePromises['calls']) {
  expect(selectActivating(s)).toBe(shown.phase === 'activating');
  expect(selectActivationNotice(s)).toEqual(notices[shown.phase]);
  expect(selectActivationResult(s)).toBe(results[shown.phase]);
  // Only a failed call is offered again; an invalid key is not.
  expect(selectActivationCanRetry(s)).toBe(shown.phase === 'failed');
  // Each call carries the link's key.
  expect(calls).toEqual(
    Array.from({ length: shown.calls }, () => ({
      name: 'activate',
      input: { activationKey: KEY },
    })),
  );
  expect(s.status).toBe('active');
}

const build = withFakePromises(activationMachine, 'activate');

it('says what it is doing while activating', () => {
  expect(activationTexts.activating).toBe('Activating account...');
});

it('opens activating, with the key sent', async () => {
  const { machine, promises } = build();
  const actor = createActor(machine, { input: { key: KEY } }).start();
  await Promise.resolve();
  shown = start();
  expectShown(actor.getSnapshot(), promises.calls);
  actor.stop();
});

await describePaths({
  machine: activationMachine,
  input: { key: KEY },
  unhandled: true,
  build,
  events: [
    { type: 'retry' },
    { type: 'xstate.done.actor.activate', output: { activated: true, message: 'Activated' } },
    { type: 'xstate.done.actor.activate', output: { activated: false, message: 'Expired' } },
    { type: 'xstate.error.actor.activate', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot, index }, { promises }) => {
    if (index === 0) shown = start();
    shown = expected(event);
    expectShown(snapshot as ActivationSnapshot, promises.calls);
  },
});
