import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import {
  passwordResetMachine,
  selectPasswordResetErrors,
  selectPasswordResetMinimumLength,
  selectPasswordResetNotice,
  selectPasswordResetStage,
  type PasswordResetSnapshot,
} from '../../../src/features/passwordReset/passwordResetMachine';
import type { FakePromises } from '../../support/pathHarness';
import {
  describePaths,
  withFakePromises,
  settled,
  type SpecState,
} from '../../support/pathHarness';

const KEY = 'reset-key-1';
const MINIMUM = 10;
const PASSWORD = 'NewGiving!2026';
const serverError = { messages: ['The password reset link has already been used.'] };
const DEFAULT_ERROR = 'Error updating password, please try again.';
const INVALID = 'The password reset link is invalid or has expired, please request a new one.';
const CHECK_FAILED = 'The password reset link could not be checked, please try again.';

/**
 * What the reset-password screen shows, written from spec §2.3 (the emailed link's page with the
 * live checklist), §8 Authentication ('Error updating password, please try again.') and §8's
 * success message ('Password Updated': 'Your password has been updated successfully'): the key
 * is checked first; a valid key opens the form; a failed update keeps the form with the server's
 * messages (or the default text) until dismissed or tried again; an update ends on the success.
 */
type Phase = 'checking' | 'invalid' | 'unavailable' | 'form' | 'submitting' | 'failed' | 'updated';
interface Shown {
  phase: Phase;
  errors: string[] | null;
  /** The calls the screen's actors should have received so far, in order. */
  calls: { name: string; input: unknown }[];
}
const validateCall = { name: 'validatePasswordResetKey', input: { key: KEY } };
const resetCall = { name: 'resetPassword', input: { key: KEY, newPassword: PASSWORD } };
const start = (): Shown => ({ phase: 'checking', errors: null, calls: [validateCall] });
let shown = start();

function expected(event: { type: string; output?: unknown; error?: unknown }): Shown {
  const { phase } = shown;
  switch (event.type) {
    case 'xstate.done.actor.validatePasswordResetKey':
      if (phase !== 'checking') return shown;
      return { ...shown, phase: event.output === true ? 'form' : 'invalid' };
    case 'xstate.error.actor.validatePasswordResetKey':
      return phase === 'checking' ? { ...shown, phase: 'unavailable' } : shown;
    case 'retry':
      // Only a link that could not be checked is checked again.
      return phase === 'unavailable'
        ? { ...shown, phase: 'checking', calls: [...shown.calls, validateCall] }
        : shown;
    case 'form.submit':
      // The form shows (and sends) in the form and after a failure; a new attempt starts clean.
      return phase === 'form' || phase === 'failed'
        ? { phase: 'submitting', errors: null, calls: [...shown.calls, resetCall] }
        : shown;
    case 'xstate.done.actor.resetPassword':
      return phase === 'submitting' ? { ...shown, phase: 'updated' } : shown;
    case 'xstate.error.actor.resetPassword':
      if (phase !== 'submitting') return shown;
      return {
        ...shown,
        phase: 'failed',
        errors: event.error === serverError ? serverError.messages : [DEFAULT_ERROR],
      };
    case 'alert.dismiss':
      return phase === 'failed' ? { ...shown, phase: 'form', errors: null } : shown;
    default:
      return shown;
  }
}

const stageOf: Record<Phase, string> = {
  checking: 'validating',
  invalid: 'invalid',
  unavailable: 'invalid',
  form: 'ready',
  submitting: 'submitting',
  failed: 'ready',
  updated: 'done',
};

function noticeOf(phase: Phase): { title: string; text: string } | null {
  if (phase === 'invalid') return { title: 'Invalid Link', text: INVALID };
  if (phase === 'unavailable') return { title: 'Error', text: CHECK_FAILED };
  if (phase === 'updated') {
    return { title: 'Password Updated', text: 'Your password has been updated successfully' };
  }
  return null;
}

function expectShown(s: PasswordResetSnapshot, calls: FakePromises['calls']) {
  const { phase } = shown;
  expect(selectPasswordResetStage(s)).toBe(stageOf[phase]);
  expect(selectPasswordResetErrors(s)).toEqual(shown.errors);
  expect(selectPasswordResetNotice(s)).toEqual(noticeOf(phase));
  // The checklist's minimum is the configuration's.
  expect(selectPasswordResetMinimumLength(s)).toBe(MINIMUM);
  expect(calls).toEqual(shown.calls);
  // The reset page never ends by itself: 'Login' is a link.
  expect(s.status).toBe('active');
  // The new password travels in the event to the call only.
  expect(JSON.stringify(s.context)).not.toContain(PASSWORD);
}

/**
 * The spec's table of the screen's states: validating (busy, the link's key is checked), invalid
 * ('Invalid Link'), unavailable (the check failed, Retry), editing (the new password form),
 * submitting (busy, the update is out), failed (the form with the errors), updated ('Password
 * Updated'). None ends the flow: 'Login' is a link.
 */
const states: Record<Phase, string> = {
  checking: 'validating',
  invalid: 'invalid',
  unavailable: 'unavailable',
  form: 'editing',
  submitting: 'submitting',
  failed: 'failed',
  updated: 'updated',
};
function state(): SpecState {
  const busy = shown.phase === 'checking' || shown.phase === 'submitting';
  return { value: states[shown.phase], tags: { busy }, shown };
}

const build = withFakePromises(passwordResetMachine, 'validatePasswordResetKey', 'resetPassword');

it('opens on the link check', async () => {
  const { machine, promises } = build();
  const actor = createActor(machine, { input: { key: KEY, minimumPasswordLength: MINIMUM } });
  actor.start();
  await Promise.resolve();
  shown = start();
  expectShown(actor.getSnapshot(), promises.calls);
  actor.stop();
});

await describePaths({
  machine: passwordResetMachine,
  input: { key: KEY, minimumPasswordLength: MINIMUM },
  unhandled: true,
  build,
  events: [
    { type: 'form.submit', values: { newPassword: PASSWORD } },
    { type: 'alert.dismiss' },
    { type: 'retry' },
    ...settled('validatePasswordResetKey', [true, false], [new Error('network down')]),
    ...settled('resetPassword', [undefined], [serverError, new Error('network down')]),
  ],
  afterStep: ({ event, snapshot }, { promises }) => {
    shown = expected(event);
    expectShown(snapshot as PasswordResetSnapshot, promises.calls);
  },
  spec: {
    initial: () => {
      shown = start();
      return state();
    },
    after: state,
  },
});
