import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from './callFactory';
import {
  isValidEmail,
  verificationMessages,
  type VerifyAccountCodeRequest,
  type VerifyAccountRequest,
} from '../../contract/identity';
import { messagesFrom } from './errorMessages';
import { notProvided } from './notProvided';

/** Spec §8 Email verification. */
export const emailVerificationTexts = {
  requestFailed: 'Error sending verification email, please refresh and try again',
  verifyFailed: 'Error verifying code, please refresh and try again',
} as const;

export interface EmailVerificationInput {
  /** For signup the address must not belong to an account yet. */
  forSignup: boolean;
  /** The address already in the field. */
  email?: string;
  /** Whether that address is already verified (e.g. the account's confirmed address). */
  verified?: boolean;
}

export interface EmailVerificationContext {
  forSignup: boolean;
  /** The address as typed; the code is requested for and verified against this one. */
  email: string;
  /** The address known to be verified (by its code, or given as verified), else null. */
  verifiedEmail: string | null;
  /** The server's messages, or the default text, of the last failed call. */
  errorMessages: string[] | null;
}

export type EmailVerificationEvent =
  | { type: 'email.change'; email: string }
  | { type: 'code.request'; email: string }
  | { type: 'code.resend' }
  | { type: 'code.verify'; code: string }
  | { type: 'email.edit' }
  | { type: 'email.load'; email: string; verified: boolean };

export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
  },
  actors: {
    /** POST /auth/verifyAccount: sends a verification code to the address. */
    verifyAccount: fromPromise<void, VerifyAccountRequest>(async () =>
      notProvided('verifyAccount'),
    ),
    /** POST /auth/verifyAccountCode: true when the code is right for the address. */
    verifyAccountCode: fromPromise<boolean, VerifyAccountCodeRequest>(async () =>
      notProvided('verifyAccountCode'),
    ),
  },
  guards: {
    isKnownVerified: ({ context }) =>
      context.verifiedEmail !== null && context.verifiedEmail === context.email,
    isValidEmail: (_, email: string) => isValidEmail(email.trim()),
    isDifferentEmail: ({ context }, email: string) => email !== context.email,
    isCodeEntered: (_, code: string) => code.trim() !== '',
    isVerified: (_, verified: boolean) => verified,
  },
  actions: {
    assignEmail: assign((_, email: string) => ({ email })),
    assignRequestedEmail: assign((_, email: string) => ({ email: email.trim() })),
    assignLoaded: assign((_, loaded: { email: string; verified: boolean }) => ({
      email: loaded.email,
      verifiedEmail: loaded.verified ? loaded.email : null,
      errorMessages: null,
    })),
    markVerified: assign({ verifiedEmail: ({ context }) => context.email, errorMessages: null }),
    resetVerification: assign({ verifiedEmail: null, errorMessages: null }),
    clearError: assign({ errorMessages: null }),
    assignRequestError: assign((_, error: unknown) => ({
      errorMessages: messagesFrom(error, emailVerificationTexts.requestFailed),
    })),
    assignVerifyError: assign((_, error: unknown) => ({
      errorMessages: messagesFrom(error, emailVerificationTexts.verifyFailed),
    })),
  },
}).createMachine({
  id: 'emailVerification',
  description:
    "Spec §4 Email verification widget: enter email, request code (code entry appears), verify code, Verified (email read-only with a '(change email)' link that resets everything; '(re-send)' and '(change email)' are available while awaiting the code). Changing the email after verification resets the verified flag.",
  context: ({ input }) => ({
    forSignup: input.forSignup,
    email: input.email ?? '',
    verifiedEmail: input.verified && input.email ? input.email : null,
    errorMessages: null,
  }),
  on: {
    'email.change': {
      guard: { type: 'isDifferentEmail', params: ({ event }) => event.email },
      target: '.editing',
      actions: [{ type: 'assignEmail', params: ({ event }) => event.email }, 'resetVerification'],
      description:
        'The email was changed: code entry hides and the verified flag resets; a code must be requested for the new address.',
    },
    'email.load': {
      target: '.starting',
      actions: { type: 'assignLoaded', params: ({ event }) => event },
      description:
        "The screen loaded the person's saved address (verified when the account's address is already confirmed).",
    },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Shows the address given: verified, or to be verified.',
      always: [
        {
          guard: 'isKnownVerified',
          target: 'verified',
          description: 'The address given is already verified.',
        },
        { target: 'editing', description: 'The address must be verified.' },
      ],
    },
    editing: {
      description:
        "Enter email: the address and the button that requests a code. Empty: 'Please enter an email address'; not an address: 'Please enter a valid email address' (checked by the form).",
      on: {
        'email.change': {
          actions: { type: 'assignEmail', params: ({ event }) => event.email },
          description: 'The person types the address.',
        },
        'code.request': {
          guard: { type: 'isValidEmail', params: ({ event }) => event.email },
          target: 'requesting',
          actions: [
            { type: 'assignRequestedEmail', params: ({ event }) => event.email },
            'clearError',
          ],
          description:
            'Request code for a valid address (the machine never calls with an invalid one).',
        },
      },
    },
    requesting: {
      description: 'POST /auth/verifyAccount (email, forSignup): a code is mailed to the address.',
      invoke: {
        id: 'verifyAccount',
        src: 'verifyAccount',
        input: ({ context }) => ({ email: context.email, forSignup: context.forSignup }),
        onDone: {
          target: 'awaitingCode',
          description: 'The code was sent: code entry appears.',
        },
        onError: failedCall(
          'editing',
          'assignRequestError',
          "The server's messages or 'Error sending verification email, please refresh and try again'.",
        ),
      },
    },
    awaitingCode: {
      description:
        "Code entry is shown; '(re-send)' and '(change email)' are available while awaiting the code.",
      on: {
        'email.edit': {
          target: 'editing',
          actions: 'resetVerification',
          description:
            "'(change email)' while awaiting the code: code entry hides and the address can be typed again (a call in progress is dropped).",
        },
      },
      initial: 'entering',
      states: {
        entering: {
          description:
            "The person types the code from the email. Empty: 'Please enter the verification code' (checked by the form).",
          on: {
            'code.verify': {
              guard: { type: 'isCodeEntered', params: ({ event }) => event.code },
              target: 'verifying',
              actions: 'clearError',
              description: 'Verify code.',
            },
            'code.resend': {
              target: 'resending',
              actions: 'clearError',
              description: "'(re-send)': a new code is requested for the same address.",
            },
          },
        },
        verifying: {
          description: 'POST /auth/verifyAccountCode (email, code).',
          invoke: {
            id: 'verifyAccountCode',
            src: 'verifyAccountCode',
            input: ({ context, event }) => {
              if (event.type !== 'code.verify') throw new Error('verifying needs the typed code');
              return { email: context.email, code: event.code.trim() };
            },
            onDone: [
              {
                guard: { type: 'isVerified', params: ({ event }) => event.output },
                target: '#emailVerification.verified',
                actions: 'markVerified',
                description: 'The code is right: Verified.',
              },
              {
                target: 'entering',
                actions: {
                  type: 'assignVerifyError',
                  params: { messages: [verificationMessages.invalidOrExpired] },
                },
                description: "The code is wrong: 'Invalid or expired verification code.'",
              },
            ],
            onError: failedCall(
              'entering',
              'assignVerifyError',
              "The server's messages or 'Error verifying code, please refresh and try again'.",
            ),
          },
        },
        resending: {
          description: 'POST /auth/verifyAccount again: a new code is mailed.',
          invoke: {
            id: 'verifyAccount',
            src: 'verifyAccount',
            input: ({ context }) => ({ email: context.email, forSignup: context.forSignup }),
            onDone: {
              target: 'entering',
              description: 'A new code was sent.',
            },
            onError: failedCall(
              'entering',
              'assignRequestError',
              "The server's messages or 'Error sending verification email, please refresh and try again'.",
            ),
          },
        },
      },
    },
    verified: {
      description: "Verified: the email is read-only with a '(change email)' link.",
      on: {
        'email.edit': {
          target: 'editing',
          actions: 'resetVerification',
          description: "'(change email)' resets everything: the address must be verified again.",
        },
      },
    },
  },
});

export type EmailVerificationSnapshot = SnapshotFrom<typeof emailVerificationMachine>;

export const selectEmail = (s: EmailVerificationSnapshot) => s.context.email;
/** The verified address (the parent form submits only this one), else null. */
export const selectVerifiedEmail = (s: EmailVerificationSnapshot): string | null =>
  s.matches('verified') ? s.context.email : null;
/**
 * The widget's phase (spec §4 Email verification widget): the address is typed ('entering'), a
 * code is requested, the code entry shows ('awaitingCode', a re-send included), the code is
 * checked ('verifying'), or the address is verified.
 */
export type EmailVerificationPhase =
  'entering' | 'requesting' | 'awaitingCode' | 'verifying' | 'verified';
export function selectEmailVerificationPhase(s: EmailVerificationSnapshot): EmailVerificationPhase {
  if (s.matches('verified')) return 'verified';
  if (s.matches('requesting')) return 'requesting';
  if (s.matches({ awaitingCode: 'verifying' })) return 'verifying';
  if (s.matches('awaitingCode')) return 'awaitingCode';
  return 'entering';
}
export const selectEmailVerificationErrors = (s: EmailVerificationSnapshot) =>
  s.context.errorMessages;
/** '(re-send)' is available while awaiting the code. */
const selectCanResend = (s: EmailVerificationSnapshot) => s.matches({ awaitingCode: 'entering' });
/**
 * Spec §5: the server messages 'Too many failed attempts. Please request a new verification
 * code.' and 'Invalid or expired verification code.' show a re-send link beside them.
 */
export const selectShowsResendLink = (s: EmailVerificationSnapshot): boolean =>
  selectCanResend(s) &&
  (s.context.errorMessages ?? []).some(
    (m) =>
      m === verificationMessages.tooManyAttempts || m === verificationMessages.invalidOrExpired,
  );
