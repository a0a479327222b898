import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failedCall } from './callFactory';
import type {
  AuthCodeResponse,
  LoginWithGoogleRequest,
  SignupWithGoogleRequest,
} from '../../contract/identity';
import type { ThirdPartySignupSubmission } from '../validation/signup';
import { captchaTokenMachine, captchaTokenTexts } from './captchaTokenMachine';
import { failureKindOf, messagesFrom } from './errorMessages';
import { notProvided } from './notProvided';
import type { EstablishedSession } from './sessionMachine';
import { sessionOutput } from './sessionOutput';

/**
 * How long 'Account already exists, logging in...' shows before the session is handed over.
 * Ours: the spec shows the text but gives no duration.
 */
export const EXISTING_ACCOUNT_NOTICE_MS = 2000;

export const THIRD_PARTY_CAPTCHA_ACTION = 'signup';

/** Stable id (and systemId) of the captcha child. */
export const thirdPartyCaptchaId = 'thirdPartyCaptchaToken';

export const thirdPartySignInTexts = {
  /** Spec §8 Authentication: 'Google login failed:' plus the error. */
  providerFailed: (error: string) => `Google login failed: ${error}`,
  /** Spec §8 Authentication: a third-party signup that failed otherwise. */
  signupFailed: 'Error signing up with google, please try again.',
  /** Spec §8 Signup: the server refused the signup without saying why. */
  signupRefused: 'Error creating an account with Google account, please try again',
  /** Spec §8 Signup: the signup call got no answer (or none that could be read). */
  signupNoAnswer: 'Error signing up with Google account, please try again',
  loginFailed: 'Error logging in with google.',
  /** Spec §4 Signup with email (third-party signup). */
  existing: 'Account already exists, logging in...',
  /** Ours: titles of the alerts, as on the Signup and Login screens. */
  signupErrorTitle: 'Signup Error',
  loginErrorTitle: 'Login Error',
  captchaErrorTitle: captchaTokenTexts.failedTitle,
  captchaError: captchaTokenTexts.failed,
} as const;

export type ThirdPartyMode = 'signup' | 'login';

/** What signupWithGoogle answers: the session, and messages when the account already existed. */
export interface ThirdPartySignupResult {
  session: EstablishedSession;
  messages: string[];
}

export interface ThirdPartySignInAlert {
  /** What failed: the captcha ('ReCaptcha Error'), or the sign-in or sign-up itself. */
  kind: 'captcha' | 'failure';
  title: string;
  messages: string[];
}

export interface ThirdPartySignInContext {
  /** Which flow the person started; null until then. */
  mode: ThirdPartyMode | null;
  /** The signup form's part of the payload (signup only). */
  details: ThirdPartySignupSubmission | null;
  /** The provider's code, kept between the popup and the signup call only. */
  authCodeResponse: AuthCodeResponse | null;
  alert: ThirdPartySignInAlert | null;
  session: EstablishedSession | null;
}

export type ThirdPartySignInEvent =
  | { type: 'signIn.start' }
  | { type: 'signUp.start'; details: ThirdPartySignupSubmission }
  | { type: 'alert.dismiss' };

/** The message of whatever the provider rejected with. */
export function providerErrorText(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  if (typeof error === 'object' && error !== null) {
    const { message, type } = error as { message?: unknown; type?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (typeof type === 'string' && type !== '') return type;
  }
  return 'unknown error';
}

/**
 * The alert's lines when the third-party signup call failed (spec §8): the server's messages;
 * 'Error creating an account with Google account, please try again' when it refused without
 * any; 'Error signing up with Google account, please try again' when no answer came; else
 * 'Error signing up with google, please try again.'
 */
export function signupFailureMessages(error: unknown): string[] {
  switch (failureKindOf(error)) {
    case 'refused':
      return [thirdPartySignInTexts.signupRefused];
    case 'noAnswer':
      return [thirdPartySignInTexts.signupNoAnswer];
    default:
      return messagesFrom(error, thirdPartySignInTexts.signupFailed);
  }
}

const startTransitions = {
  'signIn.start': {
    target: 'authorizing',
    actions: { type: 'assignStart', params: { mode: 'login' as const, details: null } },
    description: 'Login with the provider: its popup asks the person to sign in and consent.',
  },
  'signUp.start': {
    target: 'authorizing',
    actions: {
      type: 'assignStart',
      params: ({ event }: { event: ThirdPartySignInEvent }) => {
        assertEvent(event, 'signUp.start');
        return { mode: 'signup' as const, details: event.details };
      },
    },
    description:
      'Sign up with the provider (the form checked the account type, company name, terms and privacy): its popup opens first, from the click itself, so that browsers do not block it.',
  },
} as const;

export const thirdPartySignInMachine = setup({
  types: {
    context: {} as ThirdPartySignInContext,
    events: {} as ThirdPartySignInEvent,
    output: {} as EstablishedSession,
    children: {} as {
      requestAuthCode: 'requestAuthCode';
      thirdPartyCaptchaToken: 'captchaToken';
      signupWithGoogle: 'signupWithGoogle';
      loginWithGoogle: 'loginWithGoogle';
    },
  },
  actors: {
    /** The provider's popup: the authorization code, or a rejection (closed, blocked, ...). */
    requestAuthCode: fromPromise<AuthCodeResponse>(async () => notProvided('requestAuthCode')),
    captchaToken: captchaTokenMachine,
    /** POST /auth/signupWithGoogle. */
    signupWithGoogle: fromPromise<ThirdPartySignupResult, SignupWithGoogleRequest>(async () =>
      notProvided('signupWithGoogle'),
    ),
    /** POST /auth/loginWithGoogle. */
    loginWithGoogle: fromPromise<EstablishedSession, LoginWithGoogleRequest>(async () =>
      notProvided('loginWithGoogle'),
    ),
  },
  delays: {
    existingAccountNotice: EXISTING_ACCOUNT_NOTICE_MS,
  },
  guards: {
    isSignupMode: ({ context }) => context.mode === 'signup',
    hasToken: (_, token: string | null) => token !== null,
    hasMessages: (_, result: ThirdPartySignupResult) => result.messages.length > 0,
  },
  actions: {
    assignStart: assign(
      (_, start: { mode: ThirdPartyMode; details: ThirdPartySignupSubmission | null }) => ({
        mode: start.mode,
        details: start.details,
        alert: null,
      }),
    ),
    assignAuthCode: assign((_, authCodeResponse: AuthCodeResponse) => ({ authCodeResponse })),
    clearAuthCode: assign({ authCodeResponse: null }),
    assignSession: assign((_, session: EstablishedSession) => ({ session })),
    assignProviderError: assign(({ context }, error: unknown) => ({
      alert: {
        kind: 'failure' as const,
        title:
          context.mode === 'signup'
            ? thirdPartySignInTexts.signupErrorTitle
            : thirdPartySignInTexts.loginErrorTitle,
        messages: [thirdPartySignInTexts.providerFailed(providerErrorText(error))],
      },
    })),
    assignCaptchaError: assign({
      alert: {
        kind: 'captcha' as const,
        title: thirdPartySignInTexts.captchaErrorTitle,
        messages: [thirdPartySignInTexts.captchaError],
      },
    }),
    assignSignupError: assign((_, error: unknown) => ({
      alert: {
        kind: 'failure' as const,
        title: thirdPartySignInTexts.signupErrorTitle,
        messages: signupFailureMessages(error),
      },
    })),
    assignLoginError: assign((_, error: unknown) => ({
      alert: {
        kind: 'failure' as const,
        title: thirdPartySignInTexts.loginErrorTitle,
        messages: messagesFrom(error, thirdPartySignInTexts.loginFailed),
      },
    })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'thirdPartySignIn',
  description:
    "Spec §2.3 Login and Signup: the third-party sign-in option. Signup: the provider's code, a captcha token, then POST /auth/signupWithGoogle; if messages are returned, 'Account already exists, logging in...' appears; then the session is stored and the app goes to /feed. Login: the provider's code, then POST /auth/loginWithGoogle.",
  context: {
    mode: null,
    details: null,
    authCodeResponse: null,
    alert: null,
    session: null,
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'The third-party button is shown.',
      on: startTransitions,
    },
    authorizing: {
      description: "The provider's popup: the person signs in and consents.",
      tags: ['busy'],
      invoke: {
        id: 'requestAuthCode',
        src: 'requestAuthCode',
        onDone: [
          {
            guard: 'isSignupMode',
            target: 'signingUp',
            actions: { type: 'assignAuthCode', params: ({ event }) => event.output },
            description: 'Signup: the code is kept for the signup call.',
          },
          { target: 'loggingIn', description: 'Login: the code goes to the login call.' },
        ],
        onError: failedCall(
          'failed',
          'assignProviderError',
          "'Google login failed:' plus the error.",
        ),
      },
    },
    signingUp: {
      description: "Signing up with the provider's code.",
      tags: ['busy'],
      exit: 'clearAuthCode',
      initial: 'gettingCaptcha',
      states: {
        gettingCaptcha: {
          description: "A captcha token for the action 'signup' (up to 3 attempts).",
          invoke: {
            id: thirdPartyCaptchaId,
            systemId: thirdPartyCaptchaId,
            src: 'captchaToken',
            input: { action: THIRD_PARTY_CAPTCHA_ACTION },
            onDone: [
              {
                guard: { type: 'hasToken', params: ({ event }) => event.output },
                target: 'sending',
                description: 'A token was generated.',
              },
              {
                target: '#thirdPartySignIn.failed',
                actions: 'assignCaptchaError',
                description:
                  "No token: 'ReCaptcha Error', 'Failed to generate ReCaptcha token, please refresh the page.'",
              },
            ],
            onError: {
              target: '#thirdPartySignIn.failed',
              actions: 'assignCaptchaError',
              description:
                "The captcha failed: 'ReCaptcha Error', 'Failed to generate ReCaptcha token, please refresh the page.'",
            },
          },
        },
        sending: {
          description: 'POST /auth/signupWithGoogle (signupRequest, authCodeResponse).',
          invoke: {
            id: 'signupWithGoogle',
            src: 'signupWithGoogle',
            input: ({ context, event }) => {
              const token = (event as { output?: unknown }).output;
              if (!context.details || !context.authCodeResponse || typeof token !== 'string') {
                throw new Error('signupWithGoogle needs the details, the code and the token');
              }
              return {
                signupRequest: { ...context.details, usingEmail: false, reCaptchaToken: token },
                authCodeResponse: context.authCodeResponse,
              };
            },
            onDone: [
              {
                guard: { type: 'hasMessages', params: ({ event }) => event.output },
                target: '#thirdPartySignIn.existing',
                actions: { type: 'assignSession', params: ({ event }) => event.output.session },
                description:
                  "Messages returned: the account already existed and is logged in: 'Account already exists, logging in...'",
              },
              {
                target: '#thirdPartySignIn.signedIn',
                actions: { type: 'assignSession', params: ({ event }) => event.output.session },
                description: 'The account was created: go to /feed.',
              },
            ],
            onError: failedCall(
              '#thirdPartySignIn.failed',
              'assignSignupError',
              "The server's messages; 'Error creating an account with Google account, please try again' when it refused without any; 'Error signing up with Google account, please try again' when no answer came; else 'Error signing up with google, please try again.'",
            ),
          },
        },
      },
    },
    loggingIn: {
      description: 'POST /auth/loginWithGoogle (authCodeResponse).',
      tags: ['busy'],
      invoke: {
        id: 'loginWithGoogle',
        src: 'loginWithGoogle',
        input: ({ event }) => {
          const code = (event as { output?: AuthCodeResponse }).output;
          if (!code) throw new Error('loginWithGoogle needs the code');
          return { authCodeResponse: code };
        },
        onDone: {
          target: 'signedIn',
          actions: { type: 'assignSession', params: ({ event }) => event.output },
          description: 'Logged in.',
        },
        onError: failedCall(
          'failed',
          'assignLoginError',
          "The server's messages or 'Error logging in with google.'",
        ),
      },
    },
    existing: {
      description: "'Account already exists, logging in...'",
      tags: ['busy'],
      after: {
        existingAccountNotice: {
          target: 'signedIn',
          description: 'After the notice has been read, the existing account is logged in.',
        },
      },
    },
    failed: {
      description: 'The error alert is shown; the person may try again.',
      on: {
        ...startTransitions,
        'alert.dismiss': {
          target: 'idle',
          actions: 'clearAlert',
          description: 'The alert is dismissed.',
        },
      },
    },
    signedIn: {
      type: 'final',
      description: 'The session is handed to the app, which stores it (and goes to /feed).',
    },
  },
  output: sessionOutput('thirdPartySignIn'),
});

export type ThirdPartySignInSnapshot = SnapshotFrom<typeof thirdPartySignInMachine>;

export const selectThirdPartyBusy = (s: ThirdPartySignInSnapshot) => s.hasTag('busy');
export const selectThirdPartyAlert = (s: ThirdPartySignInSnapshot) => s.context.alert;
/** 'Account already exists, logging in...' while it shows, else null. */
export const selectThirdPartyNotice = (s: ThirdPartySignInSnapshot): string | null =>
  s.matches('existing') ? thirdPartySignInTexts.existing : null;
