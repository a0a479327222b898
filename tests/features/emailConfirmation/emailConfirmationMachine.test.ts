import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import {
  emailConfirmationMachine,
  emailConfirmationTexts,
  selectConfirming,
  selectEmailConfirmationCanRetry,
  selectEmailConfirmationNotice,
  selectEmailConfirmationOnward,
  selectEmailConfirmationResult,
  type EmailConfirmationSnapshot,
} from '../../../src/features/emailConfirmation/emailConfirmationMachine';
import type { FakePromises } from '../../support/pathHarness';
import { describePaths, withFakePromises } from '../../support/pathHarness';

const KEY = 'confirmation-key-1';

/**
 * What the Email confirmation screen shows, written from spec §2.3 (/account/confirm-email/{key}
 * sends the key to the server and shows a success or failure message) and §8 ('Email Address
 * Confirmed'; 'Error Confirming Email Address' with 'The email confirmation link is invalid or
 * has expired, please try again' when the server says not confirmed, or 'There was an error
 * confirming the email address, please try again' when the call failed, which may be tried
 * again).
 */
type Phase = 'confirming' | 'confirmed' | 'invalid' | 'failed';
interface Shown {
  phase: Phase;
  /** How many confirmation calls the screen should have made. */
  calls: number;
}
const start = (): Shown => ({ phase: 'confirming', calls: 1 });
let shown = start();

function expected(event: { type: string; output?: unknown }): Shown {
  const { phase } = shown;
  switch (event.type) {
    case 'xstate.done.actor.confirmEmailAddress':
      if (phase !== 'confirming') return shown;
      return {
        ...shown,
        phase: (event.output as { confirmed: boolean }).confirmed ? 'confirmed' : 'invalid',
      };
    case 'xstate.error.actor.confirmEmailAddress':
      return phase === 'confirming' ? { ...shown, phase: 'failed' } : shown;
    case 'retry':
      return phase === 'failed' ? { phase: 'confirming', calls: shown.calls + 1 } : shown;
    default:
      return shown;
  }
}

const notices = {
  confirming: null,
  confirmed: {
    level: 'success',
    title: 'Email Address Confirmed',
    text: 'Your email address has been confirmed.',
  },
  invalid: {
    level: 'danger',
    title: 'Error Confirming Email Address',
    text: 'The email confirmation link is invalid or has expired, please try again',
  },
  failed: {
    level: 'danger',
    title: 'Error Confirming Email Address',
    text: 'There was an error confirming the email address, please try again',
  },
} as const;

/** The screen's result panel: the busy text, the success or the failure (spec §2.3). */
const results = {
  confirming: 'busy',
  confirmed: 'success',
  invalid: 'failure',
  failed: 'failure',
} as const;

function expectShown(s: EmailConfirmationSnapshot, calls: FakePromises['calls']) {
  expect(selectConfirming(s)).toBe(shown.phase === 'confirming');
  expect(selectEmailConfirmationNotice(s)).toEqual(notices[shown.phase]);
  expect(selectEmailConfirmationResult(s)).toBe(results[shown.phase]);
  // Spec §2.3: a signed-in person continues to the app, a visitor to the login.
  expect(selectEmailConfirmationOnward(s, true)).toEqual({ href: '/feed', label: 'Continue' });
  expect(selectEmailConfirmationOnward(s, false)).toEqual({ href: '/login', label: 'Login' });
  // Only a failed call is offered again; an invalid key is not.
  expect(selectEmailConfirmationCanRetry(s)).toBe(shown.phase === 'failed');
  // Each call carries the link's key.
  expect(calls).toEqual(
    Array.from({ length: shown.calls }, () => ({
      name: 'confirmEmailAddress',
      input: { key: KEY },
    })),
  );
  expect(s.status).toBe('active');
}

const build = withFakePromises(emailConfirmationMachine, 'confirmEmailAddress');

it('says what it is doing while confirming', () => {
  expect(emailConfirmationTexts.confirming).toBe('Confirming email address...');
});

it('opens confirming, with the key sent', async () => {
  const { machine, promises } = build();
  const actor = createActor(machine, { input: { key: KEY } }).start();
  await Promise.resolve();
  shown = start();
  expectShown(actor.getSnapshot(), promises.calls);
  actor.stop();
});

await describePaths({
  machine: emailConfirmationMachine,
  input: { key: KEY },
  unhandled: true,
  build,
  events: [
    { type: 'retry' },
    {
      type: 'xstate.done.actor.confirmEmailAddress',
      output: { confirmed: true, message: 'Confirmed' },
    },
    {
      type: 'xstate.done.actor.confirmEmailAddress',
      output: { confirmed: false, message: 'Expired' },
    },
    { type: 'xstate.error.actor.confirmEmailAddress', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot, index }, { promises }) => {
    if (index === 0) shown = start();
    shown = expected(event);
    expectShown(snapshot as EmailConfirmationSnapshot, promises.calls);
  },
});
