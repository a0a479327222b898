import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import { accountTexts, type UpdatePasswordRequest } from '../../../contract/account';
import type { LoginProvider } from '../../../contract/enums';
import type { MachineAlert } from '../../machines/alerts';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';
import type { ChangePasswordSubmission } from '../../validation/account';

/** Where a person who does not log in with Email is sent (spec §6). */
export const PERSONAL_DETAILS_PATH = '/account/personal-details';

export interface ChangePasswordInput {
  /** The session's currentLoginProvider: Change Password is only for Email (spec §6). */
  loginProvider: LoginProvider;
  /** The configuration's minimumPasswordLength (the live checklist and the rules). */
  minimumPasswordLength: number;
  /**
   * The session is a host's impersonation of this person (auth/impersonate): the server refuses
   * auth/updatePassword there, so the form is not offered.
   */
  impersonated: boolean;
}

export type ChangePasswordAlert = MachineAlert<'updated' | 'failed'>;

export interface ChangePasswordContext {
  loginProvider: LoginProvider;
  minimumPasswordLength: number;
  impersonated: boolean;
  alert: ChangePasswordAlert | null;
  /** How many times the password was changed here: the form is emptied after each. */
  updates: number;
}

export type ChangePasswordEvent =
  { type: 'form.submit'; values: ChangePasswordSubmission } | { type: 'alert.dismiss' };

const updatedAlert: ChangePasswordAlert = {
  kind: 'updated',
  level: 'success',
  title: accountTexts.passwordUpdatedTitle,
  messages: [accountTexts.passwordUpdated],
};

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    input: {} as ChangePasswordInput,
  },
  actors: {
    /** POST auth/updatePassword (currentPassword, newPassword). */
    updatePassword: fromPromise<unknown, UpdatePasswordRequest>(async () =>
      notProvided('updatePassword'),
    ),
  },
  guards: {
    isImpersonating: ({ context }) => context.impersonated,
    logsInWithEmail: ({ context }) => context.loginProvider === 'Email',
  },
  actions: {
    /** Goes to Personal Details, replacing this page in the history. */
    sendToPersonalDetails: () => notProvided('sendToPersonalDetails'),
    assignAlert: assign((_, alert: ChangePasswordAlert) => ({ alert })),
    assignFailure: assign((_, error: unknown) => ({
      alert: {
        kind: 'failed' as const,
        level: 'danger' as const,
        title: accountTexts.passwordFailedTitle,
        messages: messagesFrom(error, accountTexts.passwordFailed),
      },
    })),
    countUpdate: assign({ updates: ({ context }) => context.updates + 1 }),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'changePassword',
  description:
    "Spec §2.3 Change Password (Email logins only, spec §6): current password, password and confirm password with the live checklist. 'Your password has been updated successfully' titled 'Password Updated', or 'Error Updating Password' with the server's messages. The other devices are signed out; this one stays signed in. Not offered while a host impersonates the person (the server refuses it there).",
  context: ({ input }) => ({
    loginProvider: input.loginProvider,
    minimumPasswordLength: input.minimumPasswordLength,
    impersonated: input.impersonated,
    alert: null,
    updates: 0,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'checkingLogin',
  states: {
    checkingLogin: {
      description:
        'Change Password is only for users whose login provider is Email, and never while a host impersonates them.',
      always: [
        {
          guard: 'isImpersonating',
          target: 'notWhileImpersonating',
          description: 'A host is viewing Givedrop as this person: a note instead of the form.',
        },
        {
          guard: 'logsInWithEmail',
          target: 'editing',
          description: 'An Email login: the form.',
        },
        {
          target: 'notForThisLogin',
          description: 'Another login provider: sent to Personal Details.',
        },
      ],
    },
    notForThisLogin: {
      description: 'Not an Email login: the person is sent to /account/personal-details.',
      entry: 'sendToPersonalDetails',
    },
    notWhileImpersonating: {
      description:
        "The server refuses auth/updatePassword to an impersonated session: 'Changing the password is not available while you are viewing Givedrop as another user.' and no form.",
    },
    editing: {
      description: 'The form; what was typed stays through a failure.',
      on: {
        'form.submit': {
          target: 'saving',
          actions: 'clearAlert',
          description: 'Save: the form passed every rule (checked by the form).',
        },
      },
    },
    saving: {
      description: 'POST auth/updatePassword (currentPassword, newPassword).',
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ event }) => {
          if (event.type !== 'form.submit') throw new Error('saving needs the submitted form');
          return {
            currentPassword: event.values.currentPassword,
            newPassword: event.values.newPassword,
          };
        },
        onDone: {
          target: 'editing',
          actions: [{ type: 'assignAlert', params: updatedAlert }, 'countUpdate'],
          description:
            "'Your password has been updated successfully' titled 'Password Updated'; the form is emptied.",
        },
        onError: failedCall(
          'editing',
          'assignFailure',
          "'Error Updating Password' with the server's messages, else 'Error updating password'; the form keeps what was typed.",
        ),
      },
    },
  },
});

export type ChangePasswordSnapshot = SnapshotFrom<typeof changePasswordMachine>;

export const selectChangePasswordSaving = (s: ChangePasswordSnapshot) => s.matches('saving');
export const selectChangePasswordAlert = (s: ChangePasswordSnapshot) => s.context.alert;
export const selectChangePasswordMinimumLength = (s: ChangePasswordSnapshot) =>
  s.context.minimumPasswordLength;
/**
 * The screen is shown only for an Email login (others are on their way to Personal Details):
 * the form, or the note while impersonating.
 */
export const selectChangePasswordShown = (s: ChangePasswordSnapshot) =>
  !s.matches('notForThisLogin') && !s.matches('checkingLogin');
/**
 * The signed-in person the account area frames the screen for, or null when nothing shows (no
 * one signed in, or the screen not shown for this login).
 */
export const selectChangePasswordShownFor = <TUser>(
  s: ChangePasswordSnapshot,
  user: TUser | null,
): TUser | null => (user !== null && selectChangePasswordShown(s) ? user : null);
/** Why the form is not offered (a host impersonating the person), else null: the form shows. */
export const selectChangePasswordUnavailable = (s: ChangePasswordSnapshot): string | null =>
  s.matches('notWhileImpersonating') ? accountTexts.passwordNotWhileImpersonating : null;
/** Bumps after each change: the form starts empty again. */
export const selectChangePasswordUpdates = (s: ChangePasswordSnapshot) => s.context.updates;
