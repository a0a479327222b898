import { expect } from 'vitest';
import {
  activationMachine,
  selectActivating,
  selectActivationCanRetry,
  selectActivationNotice,
  type ActivationSnapshot,
} from '../../src/features/activation/activationMachine';
import { describePaths, FakePromises } from '../support/pathHarness';

const KEY = 'activation-key-1';

await describePaths({
  machine: activationMachine,
  input: { key: KEY },
  build: () => {
    const promises = new FakePromises();
    const machine = activationMachine.provide({
      actors: { activate: promises.logic('activate') as never },
    });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'retry' },
    { type: 'xstate.done.actor.activate', output: { activated: true, message: 'Activated' } },
    { type: 'xstate.done.actor.activate', output: { activated: false, message: 'Expired' } },
    { type: 'xstate.error.actor.activate', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot }) => {
    const s = snapshot as ActivationSnapshot;
    const notice = selectActivationNotice(s);
    if (event.type === 'xstate.done.actor.activate') {
      const activated = (event as { output?: { activated: boolean } }).output?.activated;
      expect(notice).toEqual(
        activated
          ? {
              level: 'success',
              title: 'Account Activated',
              text: 'Your account has been activated, you can now log in.',
            }
          : {
              level: 'danger',
              title: 'Error Activating Account',
              text: 'The activation link is invalid or has expired, please try again',
            },
      );
      expect(selectActivationCanRetry(s)).toBe(false);
    }
    if (event.type === 'xstate.error.actor.activate') {
      expect(notice).toEqual({
        level: 'danger',
        title: 'Error Activating Account',
        text: 'There was an error activating account, please try again',
      });
      expect(selectActivationCanRetry(s)).toBe(true);
    }
    if (event.type === 'retry') expect(selectActivating(s)).toBe(true);
    if (selectActivating(s)) expect(notice).toBeNull();
  },
  afterPath: (plan, _spies, promises) => {
    // One call at start and one per retry, each with the link's key.
    const retries = plan.steps.filter((s) => s.event.type === 'retry').length;
    expect(promises.calls).toHaveLength(retries + 1);
    for (const call of promises.calls) expect(call.input).toEqual({ activationKey: KEY });
  },
});
