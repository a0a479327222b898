import { expect } from 'vitest';
import {
  emailConfirmationMachine,
  selectConfirming,
  selectEmailConfirmationCanRetry,
  selectEmailConfirmationNotice,
  type EmailConfirmationSnapshot,
} from '../../src/features/emailConfirmation/emailConfirmationMachine';
import { describePaths, FakePromises } from '../support/pathHarness';

const KEY = 'confirmation-key-1';

await describePaths({
  machine: emailConfirmationMachine,
  input: { key: KEY },
  build: () => {
    const promises = new FakePromises();
    const machine = emailConfirmationMachine.provide({
      actors: { confirmEmailAddress: promises.logic('confirmEmailAddress') as never },
    });
    return { machine, promises, spies: {} };
  },
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
  afterStep: ({ event, snapshot }) => {
    const s = snapshot as EmailConfirmationSnapshot;
    const notice = selectEmailConfirmationNotice(s);
    if (event.type === 'xstate.done.actor.confirmEmailAddress') {
      const confirmed = (event as { output?: { confirmed: boolean } }).output?.confirmed;
      expect(notice).toEqual(
        confirmed
          ? {
              level: 'success',
              title: 'Email Address Confirmed',
              text: 'Your email address has been confirmed.',
            }
          : {
              level: 'danger',
              title: 'Error Confirming Email Address',
              text: 'The email confirmation link is invalid or has expired, please try again',
            },
      );
      expect(selectEmailConfirmationCanRetry(s)).toBe(false);
    }
    if (event.type === 'xstate.error.actor.confirmEmailAddress') {
      expect(notice).toEqual({
        level: 'danger',
        title: 'Error Confirming Email Address',
        text: 'There was an error confirming the email address, please try again',
      });
      expect(selectEmailConfirmationCanRetry(s)).toBe(true);
    }
    if (event.type === 'retry') expect(selectConfirming(s)).toBe(true);
    if (selectConfirming(s)) expect(notice).toBeNull();
  },
  afterPath: (plan, _spies, promises) => {
    const retries = plan.steps.filter((s) => s.event.type === 'retry').length;
    expect(promises.calls).toHaveLength(retries + 1);
    for (const call of promises.calls) expect(call.input).toEqual({ key: KEY });
  },
});
