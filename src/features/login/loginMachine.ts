import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from '../../machines/callFactory';
import type { LoginRequest } from '../../../contract/auth';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';
import type { EstablishedSession } from '../../machines/sessionMachine';
import { sessionOutput } from '../../machines/sessionOutput';

export const loginTexts = {
  failed: 'Error logging in, please try again.',
} as const;

export interface LoginContext {
  /** The server's messages, or the default text, for the 'Login Error' alert. */
  errorMessages: string[] | null;
  session: EstablishedSession | null;
}

export type LoginEvent = { type: 'form.submit'; values: LoginRequest } | { type: 'error.dismiss' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    output: {} as EstablishedSession,
  },
  actors: {
    login: fromPromise<EstablishedSession, LoginRequest>(async () => notProvided('login')),
  },
  actions: {
    assignError: assign((_, error: unknown) => ({
      errorMessages: messagesFrom(error, loginTexts.failed),
    })),
    clearError: assign({ errorMessages: null }),
    assignSession: assign((_, session: EstablishedSession) => ({ session })),
  },
}).createMachine({
  id: 'login',
  description:
    'The Login screen (Welcome Back): email and password; a successful login stores the session and goes to /dashboard.',
  context: { errorMessages: null, session: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The person types their email and password.',
      on: {
        'form.submit': {
          target: 'submitting',
          description: 'The form passed its validation rules.',
        },
      },
    },
    submitting: {
      description:
        "POST /auth/login (email, password); sent once more with a captcha token (action 'login') when the server asks for one (the account had too many failed logins).",
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'form.submit') throw new Error('login needs the submitted form');
          return event.values;
        },
        onDone: {
          target: 'loggedIn',
          actions: { type: 'assignSession', params: ({ event }) => event.output },
          description: 'Logged in.',
        },
        onError: failedCall(
          'failed',
          'assignError',
          "Alert 'Login Error' with the server messages or 'Error logging in, please try again.'",
        ),
      },
    },
    failed: {
      description: "The 'Login Error' alert is shown; what was typed is kept.",
      tags: ['error'],
      on: {
        'form.submit': { target: 'submitting', description: 'Try again.' },
        'error.dismiss': {
          target: 'editing',
          actions: 'clearError',
          description: 'The alert is dismissed.',
        },
      },
    },
    loggedIn: {
      type: 'final',
      description: 'The session is handed to the session machine.',
    },
  },
  output: sessionOutput('login'),
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectLoginSubmitting = (s: LoginSnapshot) => s.hasTag('busy');
export const selectLoginErrorMessages = (s: LoginSnapshot) => s.context.errorMessages;
