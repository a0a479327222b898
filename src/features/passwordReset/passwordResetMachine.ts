import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  ResetPasswordRequest,
  ValidatePasswordResetKeyRequest,
} from '../../../contract/identity';
import { messagesFrom } from '../../machines/errorMessages';
import { failedCall } from '../../machines/callFactory';
import { guardedCall } from '../../machines/guardedCallFactory';
import { notProvided } from '../../machines/notProvided';

export const passwordResetTexts = {
  /** Ours: the spec has no text for a reset link that is not valid. */
  invalidTitle: 'Invalid Link',
  invalid: 'The password reset link is invalid or has expired, please request a new one.',
  checkFailedTitle: 'Error',
  checkFailed: 'The password reset link could not be checked, please try again.',
  /** Spec §8 success messages. */
  updatedTitle: 'Password Updated',
  updated: 'Your password has been updated successfully',
  /** Spec §8 Authentication ('Error Updating Password' is the title of spec §8 Account). */
  failedTitle: 'Error Updating Password',
  failed: 'Error updating password, please try again.',
} as const;

export interface PasswordResetInput {
  /** The key of the emailed link (/forgotten-password/{key}). */
  key: string;
  /** The configuration's minimumPasswordLength (the live checklist and the password rules). */
  minimumPasswordLength: number;
}

export interface PasswordResetContext {
  key: string;
  minimumPasswordLength: number;
  /** The messages of the failed update. */
  errorMessages: string[] | null;
}

export type PasswordResetEvent =
  | { type: 'form.submit'; values: { newPassword: string } }
  | { type: 'alert.dismiss' }
  | { type: 'retry' };

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    /** POST /auth/validatePasswordResetKey: true when the key is valid. */
    validatePasswordResetKey: fromPromise<boolean, ValidatePasswordResetKeyRequest>(async () =>
      notProvided('validatePasswordResetKey'),
    ),
    /** POST /auth/resetPassword: sets the new password by the emailed key (single use). */
    resetPassword: fromPromise<void, ResetPasswordRequest>(async () =>
      notProvided('resetPassword'),
    ),
  },
  guards: {
    isValid: (_, valid: boolean) => valid,
  },
  actions: {
    assignError: assign((_, error: unknown) => ({
      errorMessages: messagesFrom(error, passwordResetTexts.failed),
    })),
    clearError: assign({ errorMessages: null }),
  },
}).createMachine({
  id: 'passwordReset',
  description:
    'The reset-password screen the emailed link opens: the key is validated, then the person sets a new password with the live checklist (minimum length, a special character, a number, a capital letter, matching passwords).',
  context: ({ input }) => ({
    key: input.key,
    minimumPasswordLength: input.minimumPasswordLength,
    errorMessages: null,
  }),
  initial: 'validating',
  states: {
    validating: {
      description: 'POST /auth/validatePasswordResetKey (key).',
      tags: ['busy'],
      invoke: guardedCall({
        src: 'validatePasswordResetKey',
        input: ({ context }: { context: PasswordResetContext }) => ({ key: context.key }),
        guard: 'isValid',
        yes: { target: 'editing', description: 'The link is valid: the new password form.' },
        no: { target: 'invalid', description: 'The link is invalid or has expired.' },
        failed: { target: 'unavailable', description: 'The link could not be checked.' },
      }),
    },
    invalid: {
      description:
        "'Invalid Link': 'The password reset link is invalid or has expired, please request a new one.'",
    },
    unavailable: {
      description: "'The password reset link could not be checked, please try again.'",
      on: {
        retry: { target: 'validating', description: 'Try again.' },
      },
    },
    editing: {
      description: 'Password and confirm password with the live checklist.',
      on: {
        'form.submit': {
          target: 'submitting',
          description: 'The form passed its rules (the checklist is complete and both match).',
        },
      },
    },
    submitting: {
      description: 'POST /auth/resetPassword (key, newPassword).',
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context, event }) => {
          assertEvent(event, 'form.submit');
          return { key: context.key, newPassword: event.values.newPassword };
        },
        onDone: {
          target: 'updated',
          description: "'Password Updated': 'Your password has been updated successfully'.",
        },
        onError: failedCall(
          'failed',
          'assignError',
          "The server's messages or 'Error updating password, please try again.'; the form is kept.",
        ),
      },
    },
    failed: {
      description: "'Error Updating Password' with the messages; the form stays editable.",
      on: {
        'form.submit': { target: 'submitting', description: 'Try again.' },
        'alert.dismiss': {
          target: 'editing',
          actions: 'clearError',
          description: 'The alert is dismissed.',
        },
      },
    },
    updated: {
      description:
        "'Password Updated': 'Your password has been updated successfully'; the person can log in.",
    },
  },
});

export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

const selectPasswordResetBusy = (s: PasswordResetSnapshot) => s.hasTag('busy');
export const selectPasswordResetMinimumLength = (s: PasswordResetSnapshot) =>
  s.context.minimumPasswordLength;
/** The form shows while the link is valid and the password not yet updated. */
const selectPasswordFormShown = (s: PasswordResetSnapshot) =>
  s.matches('editing') || s.matches('submitting') || s.matches('failed');
/** The failed update's messages (cleared on dismissing the alert and on a new attempt). */
export const selectPasswordResetErrors = (s: PasswordResetSnapshot) => s.context.errorMessages;

/** Where the screen is: the link check, the unusable link, the form (busy or not), or done. */
export type PasswordResetStage = 'validating' | 'invalid' | 'ready' | 'submitting' | 'done';

export function selectPasswordResetStage(s: PasswordResetSnapshot): PasswordResetStage {
  const busy = selectPasswordResetBusy(s);
  if (selectPasswordFormShown(s)) return busy ? 'submitting' : 'ready';
  if (busy) return 'validating';
  return s.matches('updated') ? 'done' : 'invalid';
}

/** The title and text the screen shows instead of (or above) the form, if any. */
export function selectPasswordResetNotice(
  s: PasswordResetSnapshot,
): { title: string; text: string } | null {
  if (s.matches('invalid')) {
    return { title: passwordResetTexts.invalidTitle, text: passwordResetTexts.invalid };
  }
  if (s.matches('unavailable')) {
    return { title: passwordResetTexts.checkFailedTitle, text: passwordResetTexts.checkFailed };
  }
  if (s.matches('updated')) {
    return { title: passwordResetTexts.updatedTitle, text: passwordResetTexts.updated };
  }
  return null;
}
