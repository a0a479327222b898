/**
 * Generated paths of the change password machine, checked against a model written from spec
 * §2.3 Change Password, §6 (Email logins only: others are sent to Personal Details) and §8
 * ('Your password has been updated successfully' titled 'Password Updated'; 'Error Updating
 * Password' with the server's messages, else 'Error updating password'), and issue 19: while a
 * host impersonates the person the server refuses auth/updatePassword, so a note shows instead
 * of the form (whatever the login provider).
 */
import { expect, vi } from 'vitest';
import type { LoginProvider } from '../../../contract/enums';
import type { ChangePasswordInput } from '../../../src/features/changePassword/changePasswordMachine';
import {
  changePasswordMachine,
  selectChangePasswordAlert,
  selectChangePasswordMinimumLength,
  selectChangePasswordSaving,
  selectChangePasswordShown,
  selectChangePasswordShownFor,
  selectChangePasswordUnavailable,
  selectChangePasswordUpdates,
  type ChangePasswordSnapshot,
} from '../../../src/features/changePassword/changePasswordMachine';
import { describePathsForInputs } from '../../support/pathsWithInputs';
import { FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { danger, success } from '../../support/fixtures';

const values = { currentPassword: 'Old!Pass1', newPassword: 'New!Pass2' };
const serverRefusal = { messages: ['The current password is not correct.'] };

interface Model {
  phase: 'editing' | 'saving' | 'sentAway' | 'impersonated';
  alert: 'updated' | 'serverFailed' | 'failed' | null;
  updates: number;
  sends: number;
}
const startOf = ({ loginProvider, impersonated }: ChangePasswordInput): Model => ({
  phase: impersonated ? 'impersonated' : loginProvider === 'Email' ? 'editing' : 'sentAway',
  alert: null,
  updates: 0,
  sends: 0,
});
let model = startOf({ loginProvider: 'Email', minimumPasswordLength: 8, impersonated: false });

function next(m: Model, event: { type: string; error?: unknown }): Model {
  switch (event.type) {
    case 'form.submit':
      return m.phase === 'editing' ? { ...m, phase: 'saving', alert: null, sends: m.sends + 1 } : m;
    case 'xstate.done.actor.updatePassword':
      return m.phase === 'saving'
        ? { ...m, phase: 'editing', alert: 'updated', updates: m.updates + 1 }
        : m;
    case 'xstate.error.actor.updatePassword':
      return m.phase === 'saving'
        ? {
            ...m,
            phase: 'editing',
            alert: event.error === serverRefusal ? 'serverFailed' : 'failed',
          }
        : m;
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const alerts = {
  updated: success('updated', 'Password Updated', 'Your password has been updated successfully'),
  serverFailed: danger('failed', 'Error Updating Password', 'The current password is not correct.'),
  failed: danger('failed', 'Error Updating Password', 'Error updating password'),
} as const;

/**
 * The spec's table of the screen's states: editing (the form, for an Email login), saving
 * ('Saving...', the update is out), notForThisLogin (another login, sent to Personal Details),
 * notWhileImpersonating (the note instead of the form). None ends the flow.
 */
const states: Record<Model['phase'], string> = {
  editing: 'editing',
  saving: 'saving',
  sentAway: 'notForThisLogin',
  impersonated: 'notWhileImpersonating',
};
const state = (): SpecState => ({ value: states[model.phase], shown: model });

await describePathsForInputs({
  machine: changePasswordMachine,
  unhandled: true,
  // The count of changes only grows: two are enough to see that each one empties the form.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      context: {
        ...s.context,
        updates: Math.min((s as ChangePasswordSnapshot).context.updates, 2),
      },
    }),
  inputs: [
    {
      name: 'an Email login',
      input: {
        loginProvider: 'Email' as LoginProvider,
        minimumPasswordLength: 8,
        impersonated: false,
      },
    },
    {
      name: 'a Google login',
      input: {
        loginProvider: 'Google' as LoginProvider,
        minimumPasswordLength: 8,
        impersonated: false,
      },
    },
    {
      name: 'an Email login impersonated by a host',
      input: {
        loginProvider: 'Email' as LoginProvider,
        minimumPasswordLength: 8,
        impersonated: true,
      },
    },
    {
      name: 'a Google login impersonated by a host',
      input: {
        loginProvider: 'Google' as LoginProvider,
        minimumPasswordLength: 8,
        impersonated: true,
      },
    },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies = { sendToPersonalDetails: vi.fn() };
    const machine = changePasswordMachine.provide({
      actors: promises.actors('updatePassword'),
      actions: { sendToPersonalDetails: () => spies.sendToPersonalDetails() },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'form.submit', values },
    { type: 'alert.dismiss' },
    ...settled('updatePassword', [{ updated: true }], [serverRefusal, new Error('network down')]),
  ],
  spec: {
    initial: (_spies, input) => {
      model = startOf(input);
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot }, spies) => {
    const s = snapshot as ChangePasswordSnapshot;
    model = next(model, event);
    // Spec §6: only an Email login sees the form; any other is sent to Personal Details, once.
    expect(selectChangePasswordShown(s)).toBe(model.phase !== 'sentAway');
    // The account area frames it for the signed-in person; with no one signed in nothing shows.
    const person = { firstName: 'Ada' };
    expect(selectChangePasswordShownFor(s, person)).toBe(
      model.phase !== 'sentAway' ? person : null,
    );
    expect(selectChangePasswordShownFor(s, null)).toBeNull();
    // Issue 19: an impersonated session gets the note and never the form.
    expect(selectChangePasswordUnavailable(s)).toBe(
      model.phase === 'impersonated'
        ? 'Changing the password is not available while you are viewing Givedrop as another user.'
        : null,
    );
    expect(spies.sendToPersonalDetails).toHaveBeenCalledTimes(model.phase === 'sentAway' ? 1 : 0);
    expect(selectChangePasswordSaving(s)).toBe(model.phase === 'saving');
    expect(selectChangePasswordAlert(s)).toEqual(model.alert ? alerts[model.alert] : null);
    expect(selectChangePasswordUpdates(s)).toBe(model.updates);
    expect(selectChangePasswordMinimumLength(s)).toBe(8);
  },
  afterPath: (plan, spies, promises, input) => {
    // The whole path again, from the model: every save sent the current and the new password as
    // typed, nothing else; only a login other than Email was sent to Personal Details, once.
    const end = plan.steps.reduce((m, step) => next(m, step.event), startOf(input));
    expect(promises.calls).toEqual(
      Array.from({ length: end.sends }, () => ({ name: 'updatePassword', input: values })),
    );
    expect(spies.sendToPersonalDetails).toHaveBeenCalledTimes(end.phase === 'sentAway' ? 1 : 0);
  },
});
