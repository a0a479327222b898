import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  stateIn,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import {
  isValidEmail,
  type SignupAccountType,
  type SignupRequest,
} from '../../../contract/identity';
import type { SignupSubmission } from '../../validation/signup';
// Not from '../../validation/signup' (whose rules carry the phone-number library): this machine is
// part of the landing page's initial JavaScript.
import {
  signupFieldOrder,
  signupMessages,
  type SignupFieldName,
} from '../../validation/signupFields';
import { captchaTokenMachine, captchaTokenTexts } from '../../machines/captchaTokenMachine';
import {
  emailVerificationMachine,
  selectVerifiedEmail,
} from '../../machines/emailVerificationMachine';
import { messagesFrom } from '../../machines/errorMessages';
import { handleCheckMachine, selectAvailableHandle } from '../../machines/handleCheckMachine';
import { notProvided } from '../../machines/notProvided';
import type { EstablishedSession } from '../../machines/sessionMachine';
import { sessionOutput } from '../../machines/sessionOutput';

/** The captcha action a signup token is generated for (spec §4 Captcha token). */
export const SIGNUP_CAPTCHA_ACTION = 'signup';

/** Stable ids (and systemIds) of the children, named in the inspector tree. */
export const signupChildIds = {
  emailVerification: 'signupEmailVerification',
  handleCheck: 'signupHandleCheck',
  captchaToken: 'signupCaptchaToken',
} as const;

export const signupTexts = {
  /** Spec §8 Signup. */
  signupErrorTitle: 'Signup Error',
  submitFailed: 'Error submitting signup form',
  formLoadErrorTitle: 'Form Load Error',
  /** Ours: the spec says only that the captcha did not load and the page must be refreshed. */
  formLoadError: 'The form could not be loaded completely, please refresh the page.',
  captchaErrorTitle: captchaTokenTexts.failedTitle,
  captchaError: captchaTokenTexts.failed,
  /** Spec §4 Signup with email / §8 success messages. */
  createdTitle: 'Account Created',
  createdText: 'Verify & activate account',
  /** Spec §2.3 Signup: the button. */
  submit: 'Next',
  submitting: 'Creating Account...',
} as const;

/**
 * What the `signup` actor answers (POST /auth/signup): the session when the new account is
 * active, 'created' when it must first be activated by the emailed link, or the Warning
 * status's messages (nothing was created).
 */
export type SignupResult =
  | { kind: 'signedIn'; session: EstablishedSession }
  | { kind: 'created' }
  | { kind: 'warning'; messages: string[] };

export interface SignupInput {
  accountType: SignupAccountType;
  /** The configuration's minimumPasswordLength (the live checklist and the password rules). */
  minimumPasswordLength: number;
  /** The page's `error` query parameter: shown as 'Signup Error', then cleared from the URL. */
  errorParam: string | null;
}

/** An alert above the form. */
export interface SignupAlert {
  /** 'ReCaptcha Error', 'Signup Error', or the server's warning (spec §4 result statuses). */
  kind: 'captcha' | 'signup' | 'warning';
  level: 'danger' | 'warning';
  title: string | null;
  messages: string[];
}

/** The field errors the machine owns (the form's own rules are checked by the view). */
export type SignupFieldErrors = Partial<Record<'email' | 'handle', string>>;

/** The signup payload without the captcha token (added once the token is generated). */
export type PendingSignupRequest = Omit<SignupRequest, 'reCaptchaToken'>;

export interface SignupContext {
  accountType: SignupAccountType;
  minimumPasswordLength: number;
  /** The address the verification widget verified, else null. */
  verifiedEmail: string | null;
  /** What the verification widget's email input holds. */
  typedEmail: string;
  /** The handle the availability check found available, else null. */
  availableHandle: string | null;
  fieldErrors: SignupFieldErrors;
  alert: SignupAlert | null;
  /**
   * The payload while the submission is in flight (captcha, then the call) — the password is
   * in context only then, and cleared as soon as the submission ends, whatever its result.
   */
  request: PendingSignupRequest | null;
  session: EstablishedSession | null;
}

export type SignupEvent =
  | { type: 'form.submit'; values: SignupSubmission }
  | { type: 'alert.dismiss' }
  /** The 'Form Load Error' alert's close button: hidden until the next 'Next'. */
  | { type: 'formLoadError.dismiss' };

/**
 * The field errors for a submission: a handle not found available; an email not verified, or,
 * when what the widget holds is no email address at all, spec §5's schema message 'Invalid email
 * address'.
 */
export function signupFieldErrors(
  values: Pick<SignupSubmission, 'handle'>,
  email: { verified: string | null; typed: string },
  availableHandle: string | null,
): SignupFieldErrors {
  const errors: SignupFieldErrors = {};
  if (availableHandle === null || values.handle !== availableHandle) {
    errors.handle = signupMessages.handleNotAvailable;
  }
  if (email.verified === null) {
    const typed = email.typed.trim();
    errors.email =
      typed !== '' && !isValidEmail(typed)
        ? signupMessages.emailInvalid
        : signupMessages.emailNotVerified;
  }
  return errors;
}

/** What the form knows of the verification widget: the verified address and what it holds. */
const widgetEmailOf = (context: SignupContext) => ({
  verified: context.verifiedEmail,
  typed: context.typedEmail,
});

/**
 * The signup payload of spec §3 (without the captcha token): the verified email, usingEmail,
 * the machine's account type, and for an Individual the full name as companyName.
 */
export function buildSignupRequest(
  values: SignupSubmission,
  accountType: SignupAccountType,
  email: string,
): PendingSignupRequest {
  const fullName = `${values.firstName} ${values.lastName}`.trim();
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    companyName: accountType === 'Individual' ? fullName : values.companyName,
    phone: values.phone,
    email,
    password: values.password,
    termsAccepted: values.termsAccepted,
    privacyPolicyAccepted: values.privacyPolicyAccepted,
    consentToHelpEmails: values.consentToHelpEmails,
    consentToMarketingEmails: values.consentToMarketingEmails,
    usingEmail: true,
    tenantAccountType: accountType,
    dateOfBirth: values.dateOfBirth,
    handle: values.handle,
  };
}

/** 'ReCaptcha Error': 'Failed to generate ReCaptcha token, please refresh the page.' */
const captchaAlert: SignupAlert = {
  kind: 'captcha',
  level: 'danger',
  title: signupTexts.captchaErrorTitle,
  messages: [signupTexts.captchaError],
};

const signupErrorAlert = (messages: string[]): SignupAlert => ({
  kind: 'signup',
  level: 'danger',
  title: signupTexts.signupErrorTitle,
  messages,
});

function tokenOf(event: { type: string }): string {
  const token = (event as { output?: unknown }).output;
  if (typeof token !== 'string') throw new Error('sending needs the captcha token');
  return token;
}

const submittedValues = <Values>({ event }: { event: { values: Values } }) => event.values;

/**
 * The form's submission, the same from the form and from a blocked form: refused while the
 * captcha failed to load, blocked (the first errored field focused) while errors exist, else sent.
 */
const formSubmit = (errorsDescription: string, nextDescription: string) => [
  {
    guard: 'isFormLoadFailed' as const,
    description: "Blocked: 'Form Load Error' (the captcha did not load).",
  },
  {
    guard: { type: 'hasFieldErrors' as const, params: submittedValues },
    target: 'blocked' as const,
    actions: { type: 'assignFieldErrors' as const, params: submittedValues },
    description: errorsDescription,
  },
  {
    target: 'submitting' as const,
    actions: { type: 'assignRequest' as const, params: submittedValues },
    description: nextDescription,
  },
];

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
    output: {} as EstablishedSession,
    children: {} as {
      signupEmailVerification: 'emailVerification';
      signupHandleCheck: 'handleCheck';
      signupCaptchaToken: 'captchaToken';
      captchaReady: 'captchaReady';
      signup: 'signup';
    },
  },
  actors: {
    emailVerification: emailVerificationMachine,
    handleCheck: handleCheckMachine,
    captchaToken: captchaTokenMachine,
    /** Resolves when the captcha script is loaded and ready; rejects when it failed to load. */
    captchaReady: fromPromise<void>(async () => notProvided('captchaReady')),
    /** POST /auth/signup. */
    signup: fromPromise<SignupResult, SignupRequest>(async () => notProvided('signup')),
  },
  guards: {
    isFormLoadFailed: stateIn({ active: { captchaScript: 'failed' } }),
    hasFieldErrors: ({ context }, values: SignupSubmission) =>
      Object.keys(signupFieldErrors(values, widgetEmailOf(context), context.availableHandle))
        .length > 0,
    hasToken: (_, token: string | null) => token !== null,
    isSignedIn: (_, result: SignupResult) => result.kind === 'signedIn',
    isCreated: (_, result: SignupResult) => result.kind === 'created',
  },
  actions: {
    /** Removes the `error` query parameter from the page's URL. */
    clearErrorParam: () => notProvided('clearErrorParam'),
    assignVerifiedEmail: assign(
      ({ context }, email: { verified: string | null; typed: string }) => {
        const { email: _cleared, ...rest } = context.fieldErrors;
        return {
          verifiedEmail: email.verified,
          typedEmail: email.typed,
          fieldErrors: email.verified === null ? context.fieldErrors : rest,
        };
      },
    ),
    assignAvailableHandle: assign(({ context }, availableHandle: string | null) => {
      const { handle: _cleared, ...rest } = context.fieldErrors;
      return {
        availableHandle,
        fieldErrors: availableHandle === null ? context.fieldErrors : rest,
      };
    }),
    assignFieldErrors: assign(({ context }, values: SignupSubmission) => ({
      fieldErrors: signupFieldErrors(values, widgetEmailOf(context), context.availableHandle),
    })),
    assignRequest: assign(({ context }, values: SignupSubmission) => ({
      request: buildSignupRequest(values, context.accountType, context.verifiedEmail ?? ''),
      fieldErrors: {},
      alert: null,
    })),
    clearRequest: assign({ request: null }),
    assignSession: assign((_, session: EstablishedSession) => ({ session })),
    assignAlert: assign((_, alert: SignupAlert) => ({ alert })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'signup',
  description:
    "Spec §2.3 Signup (individual or charity) and §4 Signup with email: the form with the handle check and the email verification; submission is blocked and the first errored field focused if errors exist; then the captcha token and POST /auth/signup. Ok with a session: go to /feed; Ok without: 'Account Created / Verify & activate account'; Warning: the messages in a warning alert; Error: 'Signup Error'.",
  context: ({ input }) => ({
    accountType: input.accountType,
    minimumPasswordLength: input.minimumPasswordLength,
    verifiedEmail: null,
    typedEmail: '',
    availableHandle: null,
    fieldErrors: {},
    alert: input.errorParam ? signupErrorAlert([input.errorParam]) : null,
    request: null,
    session: null,
  }),
  // The error query parameter is shown as 'Signup Error', then cleared from the URL.
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.alert) enqueue('clearErrorParam');
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      description:
        'The signup form, with the email verification widget and the handle availability check.',
      invoke: [
        {
          id: signupChildIds.emailVerification,
          systemId: signupChildIds.emailVerification,
          src: 'emailVerification',
          input: { forSignup: true },
          onSnapshot: {
            actions: {
              type: 'assignVerifiedEmail',
              params: ({ event }) => ({
                verified: selectVerifiedEmail(event.snapshot),
                typed: event.snapshot.context.email,
              }),
            },
            description:
              'The verification widget changed: the form learns the verified address (or that there is none).',
          },
        },
        {
          id: signupChildIds.handleCheck,
          systemId: signupChildIds.handleCheck,
          src: 'handleCheck',
          input: {},
          onSnapshot: {
            actions: {
              type: 'assignAvailableHandle',
              params: ({ event }) => selectAvailableHandle(event.snapshot),
            },
            description:
              'The handle check changed: the form learns the available handle (or that there is none).',
          },
        },
      ],
      on: {
        'alert.dismiss': {
          actions: 'clearAlert',
          description: 'The alert is dismissed.',
        },
      },
      states: {
        captchaScript: {
          description: 'The captcha script, loaded at start-up.',
          initial: 'loading',
          states: {
            loading: {
              description: 'Waiting for the captcha script to be ready.',
              invoke: {
                id: 'captchaReady',
                src: 'captchaReady',
                onDone: { target: 'ready', description: 'The captcha is ready.' },
                onError: {
                  target: 'failed',
                  description: "Captcha not loaded: 'Form Load Error', refresh the page.",
                },
              },
            },
            ready: {
              description: 'Tokens can be generated.',
            },
            failed: {
              description:
                "'Form Load Error': the captcha did not load; the page must be refreshed. Submission is blocked.",
              tags: ['error'],
              initial: 'shown',
              states: {
                shown: {
                  description: "'Form Load Error' shows above the form.",
                  on: {
                    'formLoadError.dismiss': {
                      target: 'dismissed',
                      description: "'Form Load Error' is dismissed.",
                    },
                  },
                },
                dismissed: {
                  description:
                    "'Form Load Error' is hidden until the next 'Next' (the page must still be refreshed).",
                  on: {
                    'form.submit': {
                      target: 'shown',
                      description: "'Next' is still blocked: 'Form Load Error' shows again.",
                    },
                  },
                },
              },
            },
          },
        },
        form: {
          description: 'The account form.',
          initial: 'editing',
          states: {
            editing: {
              description: 'The person fills in the form.',
              on: {
                'form.submit': formSubmit(
                  "Errors exist: 'Profile name/handle not available' unless the handle was found available; 'Please verify your email address.' unless it was verified ('Invalid email address' when the widget holds no email address).",
                  "'Next': the form passed every rule.",
                ),
              },
            },
            blocked: {
              description:
                'Submission is blocked and the first errored field is focused (form order).',
              tags: ['error'],
              on: {
                'form.submit': formSubmit(
                  'Errors remain: blocked again, the first errored field focused.',
                  "'Next': the errors are resolved.",
                ),
              },
            },
            submitting: {
              description: "'Creating Account...': the form is kept while the account is created.",
              tags: ['busy'],
              exit: 'clearRequest',
              initial: 'gettingCaptcha',
              states: {
                gettingCaptcha: {
                  description: "A captcha token for the action 'signup' (up to 3 attempts).",
                  invoke: {
                    id: signupChildIds.captchaToken,
                    systemId: signupChildIds.captchaToken,
                    src: 'captchaToken',
                    input: { action: SIGNUP_CAPTCHA_ACTION },
                    onDone: [
                      {
                        guard: { type: 'hasToken', params: ({ event }) => event.output },
                        target: 'sending',
                        description: 'A token was generated.',
                      },
                      {
                        target: '#signup.active.form.editing',
                        actions: {
                          type: 'assignAlert',
                          params: captchaAlert,
                        },
                        description:
                          "No token: 'ReCaptcha Error', 'Failed to generate ReCaptcha token, please refresh the page.'",
                      },
                    ],
                    onError: {
                      target: '#signup.active.form.editing',
                      actions: {
                        type: 'assignAlert',
                        params: captchaAlert,
                      },
                      description:
                        "The captcha failed: 'ReCaptcha Error', 'Failed to generate ReCaptcha token, please refresh the page.'",
                    },
                  },
                },
                sending: {
                  description:
                    'POST /auth/signup: the signup payload with the verified email and the token.',
                  invoke: {
                    id: 'signup',
                    src: 'signup',
                    input: ({ context, event }) => {
                      if (!context.request) throw new Error('sending needs the submitted form');
                      return { ...context.request, reCaptchaToken: tokenOf(event) };
                    },
                    onDone: [
                      {
                        guard: { type: 'isSignedIn', params: ({ event }) => event.output },
                        target: '#signup.signedIn',
                        actions: {
                          type: 'assignSession',
                          params: ({ event }) =>
                            (event.output as Extract<SignupResult, { kind: 'signedIn' }>).session,
                        },
                        description: 'Ok with a session: the account is active; go to /feed.',
                      },
                      {
                        guard: { type: 'isCreated', params: ({ event }) => event.output },
                        target: '#signup.created',
                        description:
                          "Ok without a session: 'Account Created / Verify & activate account'.",
                      },
                      {
                        target: '#signup.active.form.editing',
                        actions: {
                          type: 'assignAlert',
                          params: ({ event }) => ({
                            kind: 'warning' as const,
                            level: 'warning' as const,
                            title: null,
                            messages: (event.output as Extract<SignupResult, { kind: 'warning' }>)
                              .messages,
                          }),
                        },
                        description:
                          'Warning: the messages show in a warning alert; nothing was created and the form is kept.',
                      },
                    ],
                    onError: {
                      target: '#signup.active.form.editing',
                      actions: {
                        type: 'assignAlert',
                        params: ({ event }: { event: ErrorActorEvent }) =>
                          signupErrorAlert(messagesFrom(event.error, signupTexts.submitFailed)),
                      },
                      description:
                        "Error: 'Signup Error' with the server's messages or 'Error submitting signup form'; the form is kept.",
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    created: {
      description:
        "'Account Created / Verify & activate account': the account must be activated by the emailed link.",
    },
    signedIn: {
      type: 'final',
      description: 'The session is handed to the app, which stores it and goes to /feed.',
    },
  },
  output: sessionOutput('signup'),
});

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

export const selectSignupAccountType = (s: SignupSnapshot) => s.context.accountType;
export const selectSignupMinimumPasswordLength = (s: SignupSnapshot) =>
  s.context.minimumPasswordLength;
export const selectSignupSubmitting = (s: SignupSnapshot) => s.hasTag('busy');
export const selectSignupAlert = (s: SignupSnapshot) => s.context.alert;
/** 'Form Load Error': the captcha did not load; submission is blocked. */
export const selectFormLoadFailed = (s: SignupSnapshot) =>
  s.matches({ active: { captchaScript: 'failed' } });
/** The 'Form Load Error' alert shows: the captcha did not load, and it was not dismissed since 'Next'. */
export const selectFormLoadErrorShown = (s: SignupSnapshot) =>
  s.matches({ active: { captchaScript: { failed: 'shown' } } });
/** 'Next' sends the form: the captcha loaded and no account is being created. */
export const selectCanSubmit = (s: SignupSnapshot) =>
  s.matches('active') && !selectFormLoadFailed(s) && !selectSignupSubmitting(s);
/**
 * The rules whose facts come from the widgets, as they stand now (the view shows them once
 * 'Next' was pressed): 'Please verify your email address.' until the email is verified ('Invalid
 * email address' while the widget holds no address), and
 * 'Profile name/handle not available' until the handle typed was found available.
 */
export const selectSignupRuleErrors = (s: SignupSnapshot): SignupFieldErrors =>
  signupFieldErrors(
    { handle: s.context.availableHandle ?? '' },
    widgetEmailOf(s.context),
    s.context.availableHandle,
  );
export const selectSignupFieldErrors = (s: SignupSnapshot) => s.context.fieldErrors;
/** The first errored field in form order, focused when submission was blocked. */
export const selectFocusField = (s: SignupSnapshot): SignupFieldName | null =>
  s.matches({ active: { form: 'blocked' } })
    ? (signupFieldOrder.find((f) => f in s.context.fieldErrors) ?? null)
    : null;
export const selectAccountCreated = (s: SignupSnapshot) => s.matches('created');
export const selectSignupEmailVerificationRef = (s: SignupSnapshot) =>
  s.children.signupEmailVerification;
export const selectSignupHandleCheckRef = (s: SignupSnapshot) => s.children.signupHandleCheck;

/** An alert of the Signup screen: the signup's or the third-party sign-up's, by what it is. */
export interface SignupScreenAlert {
  messages: readonly string[];
}
/** Which machine an alert of the Signup screen belongs to: its dismissal goes there. */
export type SignupAlertOwner = 'signup' | 'thirdParty';

/**
 * Spec §8 Signup alerts as the screen shows them, from the signup's alert and the third-party
 * sign-up's: 'ReCaptcha Error' is the signup's when it has one, else the third-party's;
 * 'Signup Error' and the warning are the signup's; the third-party's failure is its own alert.
 * Each names the machine its dismissal goes to.
 */
export function signupScreenAlerts(
  signup: SignupAlert | null,
  thirdParty: { kind: 'captcha' | 'failure'; messages: readonly string[] } | null,
) {
  const signupCaptcha = signup?.kind === 'captcha' ? signup : null;
  const thirdPartyCaptcha = thirdParty?.kind === 'captcha' ? thirdParty : null;
  const of = (a: { messages: readonly string[] } | null): SignupScreenAlert | null =>
    a ? { messages: a.messages } : null;
  return {
    recaptchaError: of(signupCaptcha ?? thirdPartyCaptcha),
    signupError: of(signup?.kind === 'signup' ? signup : null),
    warning: of(signup?.kind === 'warning' ? signup : null),
    thirdPartyError: of(thirdParty?.kind === 'failure' ? thirdParty : null),
    /** Whose dismissal each alert is. */
    owners: {
      recaptchaError:
        signupCaptcha === null && thirdPartyCaptcha !== null ? 'thirdParty' : 'signup',
      signupError: 'signup',
      warning: 'signup',
      thirdPartyError: 'thirdParty',
    } satisfies Record<string, SignupAlertOwner>,
  };
}
