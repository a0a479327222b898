import { createActor } from 'xstate';
import { expect, it } from 'vitest';
import {
  passwordResetRequestMachine,
  passwordResetRequestTexts,
  selectResetRequested,
  selectResetRequestError,
  selectResetRequestSubmitting,
  selectResetRequestWarning,
  type PasswordResetRequestSnapshot,
} from '../../../src/features/forgottenPassword/passwordResetRequestMachine';
import type { FakePromises } from '../../support/pathHarness';
import {
  describePaths,
  withFakePromises,
  settled,
  type SpecState,
} from '../../support/pathHarness';

const warning = ['Your account is locked, please contact support.'];
const serverError = { messages: ['Too many requests.'] };
const DEFAULT_ERROR = 'Error requesting password reset.';

/**
 * What the Forgotten password screen shows, written from spec §2.3 Forgotten password, §4
 * Password reset request (form, then success with the form hidden, warning or error) and §8
 * Password reset (Ok: 'Password Reset Requested'; warning: its messages in a warning alert;
 * error: 'Error Requesting Password' with the messages, or 'Error requesting password reset.').
 */
type Phase = 'form' | 'submitting' | 'requested' | 'warned' | 'failed';
interface Shown {
  phase: Phase;
  warning: string[] | null;
  error: string[] | null;
  /** How many requests the screen should have sent so far. */
  requests: number;
}
const start = (): Shown => ({ phase: 'form', warning: null, error: null, requests: 0 });
let shown = start();

function expected(event: { type: string; output?: unknown; error?: unknown }): Shown {
  const { phase } = shown;
  switch (event.type) {
    case 'form.submit':
      // The form is shown in the form, with a warning and with an error; a new request starts
      // clean. The button is busy while one is out.
      return phase === 'form' || phase === 'warned' || phase === 'failed'
        ? { phase: 'submitting', warning: null, error: null, requests: shown.requests + 1 }
        : shown;
    case 'xstate.done.actor.requestPasswordReset': {
      if (phase !== 'submitting') return shown;
      const output = event.output as { kind: string; messages?: string[] };
      return output.kind === 'ok'
        ? { ...shown, phase: 'requested' }
        : { ...shown, phase: 'warned', warning: output.messages ?? null };
    }
    case 'xstate.error.actor.requestPasswordReset':
      if (phase !== 'submitting') return shown;
      return {
        ...shown,
        phase: 'failed',
        error: event.error === serverError ? serverError.messages : [DEFAULT_ERROR],
      };
    case 'alert.dismiss':
      return phase === 'warned' || phase === 'failed'
        ? { ...shown, phase: 'form', warning: null, error: null }
        : shown;
    default:
      return shown;
  }
}

function expectShown(s: PasswordResetRequestSnapshot, calls: FakePromises['calls']) {
  expect(selectResetRequestSubmitting(s)).toBe(shown.phase === 'submitting');
  // Ok hides the form.
  expect(selectResetRequested(s)).toBe(shown.phase === 'requested');
  expect(selectResetRequestWarning(s)).toEqual(shown.warning);
  expect(selectResetRequestError(s)).toEqual(shown.error);
  // One request per submission, with the address as typed less its surrounding spaces.
  expect(calls).toEqual(
    Array.from({ length: shown.requests }, () => ({
      name: 'requestPasswordReset',
      input: { email: 'owner@example.com' },
    })),
  );
  expect(s.status).toBe('active');
}

/**
 * The spec's table of the screen's states: editing (the form), submitting (busy, the request is
 * out), requested ('Password Reset Requested', the form hidden), warned (the warning alert over
 * the form), failed ('Error Requesting Password' over the form). None ends the flow.
 */
const states: Record<Phase, string> = {
  form: 'editing',
  submitting: 'submitting',
  requested: 'requested',
  warned: 'warned',
  failed: 'failed',
};
function state(): SpecState {
  return { value: states[shown.phase], tags: { busy: shown.phase === 'submitting' }, shown };
}

const build = withFakePromises(passwordResetRequestMachine, 'requestPasswordReset');

it("words the success and the button as the spec's", () => {
  expect(passwordResetRequestTexts.successTitle).toBe('Password Reset Requested');
  expect(passwordResetRequestTexts.success).toMatch(/valid in our system/);
  expect(passwordResetRequestTexts.success).toMatch(/spam or junk/);
  expect(passwordResetRequestTexts.errorTitle).toBe('Error Requesting Password');
  expect(passwordResetRequestTexts.submit).toBe('Request Password Reset');
});

it('opens on the form', () => {
  const { machine, promises } = build();
  const actor = createActor(machine).start();
  shown = start();
  expectShown(actor.getSnapshot(), promises.calls);
  actor.stop();
});

await describePaths({
  machine: passwordResetRequestMachine,
  unhandled: true,
  build,
  events: [
    { type: 'form.submit', values: { email: ' owner@example.com ' } },
    { type: 'alert.dismiss' },
    { type: 'xstate.done.actor.requestPasswordReset', output: { kind: 'ok' } },
    {
      type: 'xstate.done.actor.requestPasswordReset',
      output: { kind: 'warning', messages: warning },
    },
    ...settled('requestPasswordReset', [], [serverError, new Error('network down')]),
  ],
  afterStep: ({ event, snapshot }, { promises }) => {
    shown = expected(event);
    expectShown(snapshot as PasswordResetRequestSnapshot, promises.calls);
  },
  spec: {
    initial: () => {
      shown = start();
      return state();
    },
    after: state,
  },
});
