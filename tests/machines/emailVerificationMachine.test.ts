import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { isValidEmail, verificationMessages } from '../../contract/identity';
import {
  emailVerificationMachine,
  selectCanResend,
  selectCodeEntryShown,
  selectEmailVerificationErrors,
  selectShowsResendLink,
  selectVerifiedEmail,
  type EmailVerificationSnapshot,
} from '../../src/machines/emailVerificationMachine';
import { describePaths, FakePromises } from '../support/pathHarness';

const NEW = 'new@example.com';
const SAVED = 'saved@example.com';
const CODE = '123456';
const taken = { messages: ['An account with this email address already exists.'] };
const tooMany = { messages: [verificationMessages.tooManyAttempts] };

const requestFailed = 'Error sending verification email, please refresh and try again';
const verifyFailed = 'Error verifying code, please refresh and try again';

for (const input of [{ forSignup: true }, { forSignup: false, email: SAVED, verified: true }]) {
  await describePaths({
    machine: emailVerificationMachine,
    input,
    build: () => {
      const promises = new FakePromises();
      const machine = emailVerificationMachine.provide({
        actors: {
          verifyAccount: promises.logic('verifyAccount') as never,
          verifyAccountCode: promises.logic('verifyAccountCode') as never,
        },
      });
      return { machine, promises, spies: {} };
    },
    events: [
      { type: 'email.change', email: NEW },
      { type: 'email.change', email: 'other@example.com' },
      { type: 'code.request', email: NEW },
      { type: 'code.request', email: 'not-an-email' },
      { type: 'code.resend' },
      { type: 'code.verify', code: CODE },
      { type: 'code.verify', code: '  ' },
      { type: 'email.edit' },
      { type: 'email.load', email: SAVED, verified: true },
      { type: 'email.load', email: SAVED, verified: false },
      { type: 'xstate.done.actor.verifyAccount', output: undefined },
      { type: 'xstate.error.actor.verifyAccount', error: taken },
      { type: 'xstate.error.actor.verifyAccount', error: new Error('offline') },
      { type: 'xstate.done.actor.verifyAccountCode', output: true },
      { type: 'xstate.done.actor.verifyAccountCode', output: false },
      { type: 'xstate.error.actor.verifyAccountCode', error: tooMany },
      { type: 'xstate.error.actor.verifyAccountCode', error: new Error('offline') },
    ],
    afterStep: ({ event, snapshot, previous }) => {
      const s = snapshot as EmailVerificationSnapshot;
      const before = previous as EmailVerificationSnapshot;
      const errors = selectEmailVerificationErrors(s);
      const failure = (event as { error?: unknown }).error;

      switch (event.type) {
        case 'code.request':
          // The machine never asks a code for an invalid address.
          expect(s.matches('requesting')).toBe(before.matches('editing') && event.email === NEW);
          break;
        case 'code.verify':
          expect(s.matches({ awaitingCode: 'verifying' })).toBe(
            before.matches({ awaitingCode: 'entering' }) && event.code === CODE,
          );
          break;
        case 'email.change':
          // Changing the email hides the code entry and resets the verified flag.
          if (event.email !== before.context.email) {
            expect(s.matches('editing')).toBe(true);
            expect(selectVerifiedEmail(s)).toBeNull();
          }
          expect(s.context.email).toBe(event.email);
          break;
        case 'email.edit':
          // '(change email)' (when Verified, or while awaiting the code) resets everything:
          // code entry hides and the address is offered again for editing.
          expect(before.matches('verified') || selectCodeEntryShown(before)).toBe(true);
          expect(s.matches('editing')).toBe(true);
          expect(selectCodeEntryShown(s)).toBe(false);
          expect(s.context.email).toBe(before.context.email);
          expect(selectVerifiedEmail(s)).toBeNull();
          expect(errors).toBeNull();
          break;
        case 'email.load':
          expect(selectVerifiedEmail(s)).toBe(event.verified ? SAVED : null);
          expect(s.matches('editing')).toBe(!event.verified);
          break;
        case 'xstate.error.actor.verifyAccount':
          expect(errors).toEqual(failure === taken ? taken.messages : [requestFailed]);
          // A failed first request goes back to the address; a failed re-send keeps code entry.
          expect(selectCodeEntryShown(s)).toBe(selectCodeEntryShown(before));
          break;
        case 'xstate.done.actor.verifyAccount':
          expect(selectCodeEntryShown(s)).toBe(true);
          expect(selectCanResend(s)).toBe(true);
          expect(errors).toBeNull();
          break;
        case 'xstate.done.actor.verifyAccountCode': {
          const verified = (event as { output?: boolean }).output;
          expect(selectVerifiedEmail(s)).toBe(verified ? before.context.email : null);
          if (!verified) {
            expect(errors).toEqual([verificationMessages.invalidOrExpired]);
            expect(selectShowsResendLink(s)).toBe(true);
          }
          break;
        }
        case 'xstate.error.actor.verifyAccountCode':
          expect(errors).toEqual(failure === tooMany ? tooMany.messages : [verifyFailed]);
          // Only the server's 'Too many failed attempts...' shows the re-send link.
          expect(selectShowsResendLink(s)).toBe(failure === tooMany);
          break;
      }
      // The verified address is the typed one, only when Verified.
      expect(selectVerifiedEmail(s)).toBe(s.matches('verified') ? s.context.email : null);
      if (!selectCodeEntryShown(s)) expect(selectShowsResendLink(s)).toBe(false);
    },
    afterPath: (_plan, _spies, promises) => {
      for (const call of promises.calls) {
        const sent = call.input as { email: string; code?: string; forSignup?: boolean };
        expect(isValidEmail(sent.email)).toBe(true);
        if (call.name === 'verifyAccount') {
          expect(sent).toEqual({ email: sent.email, forSignup: input.forSignup });
        } else {
          expect(sent).toEqual({ email: sent.email, code: CODE });
        }
      }
    },
  });
}

describe('emailVerification machine: start', () => {
  const start = (input: { forSignup: boolean; email?: string; verified?: boolean }) => {
    const actor = createActor(emailVerificationMachine, { input });
    actor.start();
    return actor.getSnapshot();
  };

  it('starts with the address to verify', () => {
    const s = start({ forSignup: true });
    expect(s.matches('editing')).toBe(true);
    expect(s.context.email).toBe('');
  });

  it('starts Verified with an address given as verified', () => {
    const s = start({ forSignup: false, email: SAVED, verified: true });
    expect(selectVerifiedEmail(s)).toBe(SAVED);
  });

  it('starts unverified with an address given as not verified', () => {
    const s = start({ forSignup: false, email: SAVED, verified: false });
    expect(s.matches('editing')).toBe(true);
    expect(s.context.email).toBe(SAVED);
  });
});
