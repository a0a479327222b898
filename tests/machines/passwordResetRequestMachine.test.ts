import { expect } from 'vitest';
import {
  passwordResetRequestMachine,
  passwordResetRequestTexts,
  selectResetRequested,
  selectResetRequestError,
  selectResetRequestSubmitting,
  selectResetRequestWarning,
  type PasswordResetRequestSnapshot,
} from '../../src/features/forgottenPassword/passwordResetRequestMachine';
import { describePaths, FakePromises } from '../support/pathHarness';

const warning = ['Your account is locked, please contact support.'];
const serverError = { messages: ['Too many requests.'] };

await describePaths({
  machine: passwordResetRequestMachine,
  build: () => {
    const promises = new FakePromises();
    const machine = passwordResetRequestMachine.provide({
      actors: { requestPasswordReset: promises.logic('requestPasswordReset') as never },
    });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'form.submit', values: { email: ' owner@example.com ' } },
    { type: 'alert.dismiss' },
    { type: 'xstate.done.actor.requestPasswordReset', output: { kind: 'ok' } },
    {
      type: 'xstate.done.actor.requestPasswordReset',
      output: { kind: 'warning', messages: warning },
    },
    { type: 'xstate.error.actor.requestPasswordReset', error: serverError },
    { type: 'xstate.error.actor.requestPasswordReset', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot }) => {
    const s = snapshot as PasswordResetRequestSnapshot;
    const failure = (event as { error?: unknown }).error;
    if (event.type === 'form.submit') {
      expect(selectResetRequestSubmitting(s)).toBe(true);
      expect(selectResetRequestError(s)).toBeNull();
      expect(selectResetRequestWarning(s)).toBeNull();
    }
    if (event.type === 'xstate.done.actor.requestPasswordReset') {
      const ok = (event as { output?: { kind: string } }).output?.kind === 'ok';
      // Ok hides the form; a warning shows its messages with the form.
      expect(selectResetRequested(s)).toBe(ok);
      expect(selectResetRequestWarning(s)).toEqual(ok ? null : warning);
    }
    if (event.type === 'xstate.error.actor.requestPasswordReset') {
      expect(selectResetRequestError(s)).toEqual(
        failure === serverError ? serverError.messages : ['Error requesting password reset.'],
      );
    }
    if (selectResetRequested(s)) {
      expect(passwordResetRequestTexts.successTitle).toBe('Password Reset Requested');
      expect(passwordResetRequestTexts.success).toMatch(/valid in our system/);
      expect(passwordResetRequestTexts.success).toMatch(/spam or junk/);
    }
    if (event.type === 'alert.dismiss') {
      expect(s.matches('editing')).toBe(true);
      expect(s.context.messages).toBeNull();
    }
  },
  afterPath: (_plan, _spies, promises) => {
    for (const call of promises.calls) expect(call.input).toEqual({ email: 'owner@example.com' });
  },
});
