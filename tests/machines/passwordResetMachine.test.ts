import { expect } from 'vitest';
import {
  passwordResetMachine,
  selectPasswordFormShown,
  selectPasswordResetBusy,
  selectPasswordResetErrors,
  selectPasswordResetNotice,
  type PasswordResetSnapshot,
} from '../../src/features/passwordReset/passwordResetMachine';
import { describePaths, FakePromises } from '../support/pathHarness';

const KEY = 'reset-key-1';
const PASSWORD = 'NewGiving!2026';
const serverError = { messages: ['The password reset link has already been used.'] };

await describePaths({
  machine: passwordResetMachine,
  input: { key: KEY, minimumPasswordLength: 8 },
  build: () => {
    const promises = new FakePromises();
    const machine = passwordResetMachine.provide({
      actors: {
        validatePasswordResetKey: promises.logic('validatePasswordResetKey') as never,
        resetPassword: promises.logic('resetPassword') as never,
      },
    });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'form.submit', values: { newPassword: PASSWORD } },
    { type: 'alert.dismiss' },
    { type: 'retry' },
    { type: 'xstate.done.actor.validatePasswordResetKey', output: true },
    { type: 'xstate.done.actor.validatePasswordResetKey', output: false },
    { type: 'xstate.error.actor.validatePasswordResetKey', error: new Error('network down') },
    { type: 'xstate.done.actor.resetPassword', output: undefined },
    { type: 'xstate.error.actor.resetPassword', error: serverError },
    { type: 'xstate.error.actor.resetPassword', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot }) => {
    const s = snapshot as PasswordResetSnapshot;
    const notice = selectPasswordResetNotice(s);
    const failure = (event as { error?: unknown }).error;
    switch (event.type) {
      case 'xstate.done.actor.validatePasswordResetKey': {
        const valid = (event as { output?: boolean }).output;
        expect(selectPasswordFormShown(s)).toBe(valid);
        expect(notice).toEqual(
          valid
            ? null
            : {
                title: 'Invalid Link',
                text: 'The password reset link is invalid or has expired, please request a new one.',
              },
        );
        break;
      }
      case 'xstate.error.actor.validatePasswordResetKey':
        expect(notice?.text).toBe(
          'The password reset link could not be checked, please try again.',
        );
        break;
      case 'retry':
        expect(selectPasswordResetBusy(s)).toBe(true);
        break;
      case 'xstate.done.actor.resetPassword':
        expect(notice).toEqual({
          title: 'Password Updated',
          text: 'Your password has been updated successfully',
        });
        expect(selectPasswordFormShown(s)).toBe(false);
        break;
      case 'xstate.error.actor.resetPassword':
        // The form stays editable with the messages.
        expect(selectPasswordFormShown(s)).toBe(true);
        expect(selectPasswordResetErrors(s)).toEqual(
          failure === serverError
            ? serverError.messages
            : ['Error updating password, please try again.'],
        );
        break;
    }
    // The new password travels in the event to the call only.
    expect(JSON.stringify(s.context)).not.toContain(PASSWORD);
  },
  afterPath: (_plan, _spies, promises) => {
    for (const call of promises.calls) {
      expect(call.input).toEqual(
        call.name === 'resetPassword' ? { key: KEY, newPassword: PASSWORD } : { key: KEY },
      );
    }
  },
});
