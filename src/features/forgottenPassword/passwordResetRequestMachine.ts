import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';

export const passwordResetRequestTexts = {
  /** Spec §8 Password reset. */
  successTitle: 'Password Reset Requested',
  /** Spec §8: an email was sent if the address is valid in the system; check spam or junk. */
  success:
    'If the email address is valid in our system, an email has been sent with a link to reset your password. If it does not arrive, please check your spam or junk folder.',
  errorTitle: 'Error Requesting Password',
  failed: 'Error requesting password reset.',
  /** Spec §2.3 Forgotten password: the button. */
  submit: 'Request Password Reset',
} as const;

/** What the `requestPasswordReset` actor answers: Ok, or the Warning status's messages. */
export type PasswordResetRequestResult = { kind: 'ok' } | { kind: 'warning'; messages: string[] };

export interface PasswordResetRequestValues {
  email: string;
}

export interface PasswordResetRequestContext {
  /** The warning's or the error's messages. */
  messages: string[] | null;
}

export type PasswordResetRequestEvent =
  { type: 'form.submit'; values: PasswordResetRequestValues } | { type: 'alert.dismiss' };

/** With a warning or an error shown: the form may be sent again, or the alert dismissed. */
const retryOrDismiss = {
  'form.submit': { target: 'submitting', description: 'Try again.' },
  'alert.dismiss': {
    target: 'editing',
    actions: 'clearMessages',
    description: 'The alert is dismissed.',
  },
} as const;

export const passwordResetRequestMachine = setup({
  types: {
    context: {} as PasswordResetRequestContext,
    events: {} as PasswordResetRequestEvent,
  },
  actors: {
    /** POST /auth/requestPasswordReset (email; the app adds the reset page as redirectTo). */
    requestPasswordReset: fromPromise<PasswordResetRequestResult, PasswordResetRequestValues>(
      async () => notProvided('requestPasswordReset'),
    ),
  },
  guards: {
    isOk: (_, result: PasswordResetRequestResult) => result.kind === 'ok',
  },
  actions: {
    assignWarning: assign((_, result: PasswordResetRequestResult) => ({
      messages: result.kind === 'warning' ? result.messages : null,
    })),
    assignError: assign((_, error: unknown) => ({
      messages: messagesFrom(error, passwordResetRequestTexts.failed),
    })),
    clearMessages: assign({ messages: null }),
  },
}).createMachine({
  id: 'passwordResetRequest',
  description:
    'Spec §2.3 Forgotten password and §4 Password reset request: form, then success (form hidden), warning or error. The answer is the same whether or not the address exists.',
  context: { messages: null },
  initial: 'editing',
  states: {
    editing: {
      description: "The email field and the 'Request Password Reset' button.",
      on: {
        'form.submit': {
          target: 'submitting',
          description: 'The form passed its rules (email required and valid).',
        },
      },
    },
    submitting: {
      description: 'POST /auth/requestPasswordReset (email).',
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return { email: event.values.email.trim() };
        },
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => event.output },
            target: 'requested',
            description: "Ok: 'Password Reset Requested'.",
          },
          {
            target: 'warned',
            actions: { type: 'assignWarning', params: ({ event }) => event.output },
            description: 'Warning: the messages show in a warning alert.',
          },
        ],
        onError: failedCall(
          'failed',
          'assignError',
          "Error: 'Error Requesting Password' with the server's messages or 'Error requesting password reset.'",
        ),
      },
    },
    requested: {
      description:
        "The form is hidden: 'Password Reset Requested' says an email was sent if the address is valid in the system, and to check spam or junk.",
    },
    warned: {
      description: 'The messages show in a warning alert; the form is shown.',
      on: retryOrDismiss,
    },
    failed: {
      description: "'Error Requesting Password' with the messages; the form is shown.",
      on: retryOrDismiss,
    },
  },
});

export type PasswordResetRequestSnapshot = SnapshotFrom<typeof passwordResetRequestMachine>;

export const selectResetRequestSubmitting = (s: PasswordResetRequestSnapshot) => s.hasTag('busy');
/** The form is hidden once the reset was requested. */
export const selectResetRequested = (s: PasswordResetRequestSnapshot) => s.matches('requested');
export const selectResetRequestWarning = (s: PasswordResetRequestSnapshot) =>
  s.matches('warned') ? s.context.messages : null;
export const selectResetRequestError = (s: PasswordResetRequestSnapshot) =>
  s.matches('failed') ? s.context.messages : null;
