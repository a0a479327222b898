import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import {
  providerErrorText,
  selectThirdPartyAlert,
  selectThirdPartyBusy,
  selectThirdPartyNotice,
  thirdPartySignInMachine,
  type ThirdPartySignInAlert,
  type ThirdPartySignInSnapshot,
} from '../../src/machines/thirdPartySignInMachine';
import type { EstablishedSession } from '../../src/machines/sessionMachine';
import type { ThirdPartySignupSubmission } from '../../src/validation/signup';
import { makeSession } from '../support/fixtures';
import type { FakePromises } from '../support/pathHarness';
import {
  describePaths,
  withFakePromises,
  runPath,
  type SpecState,
  type StepInfo,
  settled,
} from '../support/pathHarness';

const CODE = { code: 'auth-code-1', scope: 'openid email profile' };
const TOKEN = 'captcha-token-1';
const signupSession = makeSession('google-signup-token');
const loginSession = makeSession('google-login-token');
const details: ThirdPartySignupSubmission = {
  tenantAccountType: 'Charity',
  companyName: 'Harbour Hope',
  consentToHelpEmails: true,
  consentToMarketingEmails: false,
  termsAccepted: true,
  privacyPolicyAccepted: true,
};
const serverError = { messages: ['This Google account is not allowed.'] };
/** A failed call's error (the transport's ApiError): a 500 without messages of the server's. */
const silentRefusal = {
  kind: 'http',
  httpStatus: 500,
  fromServer: false,
  messages: ['An error occurred processing the request'],
};
/** No answer at all (offline, connection refused). */
const noAnswer = {
  kind: 'network',
  httpStatus: null,
  fromServer: false,
  messages: ['An unknown error occurred'],
};
const existingMessages = ['Account already exists'];
const popupClosed = new Error('popup_closed');
const accessDenied = { type: 'access_denied' };

/** Spec §8 Authentication and Signup, with the alert titles of the Login and Signup screens. */
const TEXTS = {
  providerFailed: (error: string) => `Google login failed: ${error}`,
  signupFailed: 'Error signing up with google, please try again.',
  loginFailed: 'Error logging in with google.',
  existing: 'Account already exists, logging in...',
  captcha: {
    kind: 'captcha',
    title: 'ReCaptcha Error',
    messages: ['Failed to generate ReCaptcha token, please refresh the page.'],
  } satisfies ThirdPartySignInAlert,
};

/** Ours: how long 'Account already exists, logging in...' shows (the spec gives no figure). */
const EXISTING_NOTICE_MS = 2000;

/**
 * Where the third-party sign-in is, from spec §2.3 (Login, Signup) and §4 (third-party signup):
 * the provider's popup, then for signup a captcha token ('signup') and POST
 * /auth/signupWithGoogle, for login POST /auth/loginWithGoogle; the alert and the session.
 */
type Phase =
  'idle' | 'popup' | 'captcha' | 'signingUp' | 'loggingIn' | 'existing' | 'failed' | 'signedIn';
interface Model {
  phase: Phase;
  mode: 'login' | 'signup' | null;
  alert: ThirdPartySignInAlert | null;
  session: EstablishedSession | null;
  calls: { name: string; input: unknown }[];
}
const start = (): Model => ({ phase: 'idle', mode: null, alert: null, session: null, calls: [] });
let model = start();

const failed = (m: Model, alert: ThirdPartySignInAlert): Model => ({
  ...m,
  phase: 'failed',
  alert,
});

function next(m: Model, event: AnyEventObject): Model {
  const payload = event as { output?: unknown; error?: unknown };
  switch (event.type) {
    case 'signIn.start':
    case 'signUp.start': {
      // The button is offered when idle and again beside an alert; a start clears the alert.
      if (m.phase !== 'idle' && m.phase !== 'failed') return m;
      const mode = event.type === 'signIn.start' ? 'login' : 'signup';
      return {
        ...m,
        phase: 'popup',
        mode,
        alert: null,
        // The popup opens first, from the click itself.
        calls: [...m.calls, { name: 'requestAuthCode', input: undefined }],
      };
    }
    case 'alert.dismiss':
      return m.phase === 'failed' ? { ...m, phase: 'idle', alert: null } : m;
    case 'xstate.done.actor.requestAuthCode':
      if (m.phase !== 'popup') return m;
      return m.mode === 'signup'
        ? {
            ...m,
            phase: 'captcha',
            calls: [...m.calls, { name: 'thirdPartyCaptchaToken', input: { action: 'signup' } }],
          }
        : {
            ...m,
            phase: 'loggingIn',
            calls: [...m.calls, { name: 'loginWithGoogle', input: { authCodeResponse: CODE } }],
          };
    case 'xstate.error.actor.requestAuthCode': {
      if (m.phase !== 'popup') return m;
      const error = payload.error === popupClosed ? 'popup_closed' : 'access_denied';
      return failed(m, {
        kind: 'failure',
        title: m.mode === 'signup' ? 'Signup Error' : 'Login Error',
        messages: [TEXTS.providerFailed(error)],
      });
    }
    case 'xstate.done.actor.thirdPartyCaptchaToken':
      if (m.phase !== 'captcha') return m;
      if (payload.output !== TOKEN) return failed(m, TEXTS.captcha);
      return {
        ...m,
        phase: 'signingUp',
        calls: [
          ...m.calls,
          {
            name: 'signupWithGoogle',
            input: {
              signupRequest: { ...details, usingEmail: false, reCaptchaToken: TOKEN },
              authCodeResponse: CODE,
            },
          },
        ],
      };
    case 'xstate.error.actor.thirdPartyCaptchaToken':
      return m.phase === 'captcha' ? failed(m, TEXTS.captcha) : m;
    case 'xstate.done.actor.signupWithGoogle': {
      if (m.phase !== 'signingUp') return m;
      const { messages } = payload.output as { messages: string[] };
      // Messages returned: 'Account already exists, logging in...' first, else to /feed.
      return {
        ...m,
        phase: messages.length > 0 ? 'existing' : 'signedIn',
        session: signupSession,
      };
    }
    case 'xstate.error.actor.signupWithGoogle':
      if (m.phase !== 'signingUp') return m;
      // Spec §8: the server's messages; Signup's two Google texts when it refused without any
      // or did not answer; Authentication's otherwise.
      return failed(m, {
        kind: 'failure',
        title: 'Signup Error',
        messages:
          payload.error === serverError
            ? serverError.messages
            : payload.error === silentRefusal
              ? ['Error creating an account with Google account, please try again']
              : payload.error === noAnswer
                ? ['Error signing up with Google account, please try again']
                : [TEXTS.signupFailed],
      });
    case 'xstate.done.actor.loginWithGoogle':
      return m.phase === 'loggingIn' ? { ...m, phase: 'signedIn', session: loginSession } : m;
    case 'xstate.error.actor.loginWithGoogle':
      if (m.phase !== 'loggingIn') return m;
      return failed(m, {
        kind: 'failure',
        title: 'Login Error',
        messages: payload.error === serverError ? serverError.messages : [TEXTS.loginFailed],
      });
    default:
      // The notice's delay: then the existing account is logged in.
      if (event.type.startsWith('xstate.after.') && m.phase === 'existing') {
        return { ...m, phase: 'signedIn' };
      }
      return m;
  }
}

function expectShown(s: ThirdPartySignInSnapshot, m: Model) {
  const busy = !['idle', 'failed', 'signedIn'].includes(m.phase);
  expect(selectThirdPartyBusy(s)).toBe(busy);
  expect(selectThirdPartyAlert(s)).toEqual(m.alert);
  expect(selectThirdPartyNotice(s)).toBe(m.phase === 'existing' ? TEXTS.existing : null);
  // Signed in: the session goes to the app (which stores it and goes on).
  expect(s.status).toBe(m.phase === 'signedIn' ? 'done' : 'active');
  if (m.phase === 'signedIn') expect(s.output).toEqual(m.session);
  // The provider's code is kept only between the popup and the signup call.
  const keepsCode = m.phase === 'captcha' || m.phase === 'signingUp';
  expect(JSON.stringify(s.context).includes(CODE.code)).toBe(keepsCode);
}

/**
 * The spec's table of the third-party sign-in (spec §2.3 Login and Signup): idle (the button),
 * authorizing (the provider's popup), signingUp with gettingCaptcha (a token for 'signup') and
 * sending (POST /auth/signupWithGoogle), loggingIn (POST /auth/loginWithGoogle), existing
 * ('Account already exists, logging in...'), failed (the alert), signedIn (the session is handed
 * on, it ends). Every wait is busy.
 */
const SPEC_STATE: Record<Phase, SpecState['value']> = {
  idle: 'idle',
  popup: 'authorizing',
  captcha: { signingUp: 'gettingCaptcha' },
  signingUp: { signingUp: 'sending' },
  loggingIn: 'loggingIn',
  existing: 'existing',
  failed: 'failed',
  signedIn: 'signedIn',
};
const state = (): SpecState => ({
  value: SPEC_STATE[model.phase],
  tags: { busy: !['idle', 'failed', 'signedIn'].includes(model.phase) },
  done: model.phase === 'signedIn',
  shown: model,
});
const spec = {
  initial: () => {
    model = start();
    return state();
  },
  after: state,
};

function checkStep(
  { event, snapshot, previous, index, elapsedMs }: StepInfo,
  { promises }: { promises: FakePromises },
) {
  if (index === 0) expectShown(previous as ThirdPartySignInSnapshot, model);
  if (event.type.startsWith('xstate.after.')) {
    expect(model.phase).toBe('existing');
    expect(elapsedMs).toBe(EXISTING_NOTICE_MS);
  } else {
    expect(elapsedMs).toBe(0);
  }
  model = next(model, event);
  expectShown(snapshot as ThirdPartySignInSnapshot, model);
  expect(promises.calls).toEqual(model.calls);
}

const fakes = withFakePromises(
  thirdPartySignInMachine,
  'requestAuthCode',
  ['captchaToken', 'thirdPartyCaptchaToken'],
  'signupWithGoogle',
  'loginWithGoogle',
);

await describePaths({
  machine: thirdPartySignInMachine,
  unhandled: true,
  build: fakes,
  events: [
    { type: 'signIn.start' },
    { type: 'signUp.start', details },
    { type: 'alert.dismiss' },
    ...settled('requestAuthCode', [CODE], [popupClosed, accessDenied]),
    ...settled('thirdPartyCaptchaToken', [TOKEN, null], [new Error('stopped')]),
    {
      type: 'xstate.done.actor.signupWithGoogle',
      output: { session: signupSession, messages: [] },
    },
    {
      type: 'xstate.done.actor.signupWithGoogle',
      output: { session: signupSession, messages: existingMessages },
    },
    ...settled(
      'signupWithGoogle',
      [],
      [serverError, new Error('network down'), silentRefusal, noAnswer],
    ),
    ...settled('loginWithGoogle', [loginSession], [serverError, new Error('network down')]),
  ],
  afterStep: checkStep,
  spec,
});

describe('thirdPartySignIn machine', () => {
  it("shows 'Account already exists, logging in...', then hands the session over", async () => {
    // The plan ends its paths where the notice shows; this one waits the notice out, on the
    // simulated clock, checked against the same model.
    const events: AnyEventObject[] = [
      { type: 'signUp.start', details },
      { type: 'xstate.done.actor.requestAuthCode', output: CODE },
      { type: 'xstate.done.actor.thirdPartyCaptchaToken', output: TOKEN },
      {
        type: 'xstate.done.actor.signupWithGoogle',
        output: { session: signupSession, messages: existingMessages },
      },
      { type: 'xstate.after.existingAccountNotice' },
    ];
    const { machine, promises, spies } = fakes();
    await runPath(
      {
        name: 'existing account',
        steps: events.map((event) => ({ event, expected: null as never })),
      },
      {
        machine,
        promises,
        serializeState: () => '',
        afterStep: (step) => checkStep(step, spies),
        spec,
      },
    );
    expect(model.phase).toBe('signedIn');
  });

  it.each([
    ['refused without messages of its own', silentRefusal],
    ['got no answer', noAnswer],
  ])("a signup call that %s shows spec §8 Signup's own text", async (_name, error) => {
    // The plan's one path into 'failed' carries one of the failures; these carry the others,
    // checked against the same model.
    const events: AnyEventObject[] = [
      { type: 'signUp.start', details },
      { type: 'xstate.done.actor.requestAuthCode', output: CODE },
      { type: 'xstate.done.actor.thirdPartyCaptchaToken', output: TOKEN },
      { type: 'xstate.error.actor.signupWithGoogle', error },
    ];
    const { machine, promises, spies } = fakes();
    await runPath(
      {
        name: `signup ${_name}`,
        steps: events.map((event) => ({ event, expected: null as never })),
      },
      {
        machine,
        promises,
        serializeState: () => '',
        afterStep: (step) => checkStep(step, spies),
        spec,
      },
    );
    expect(model.alert?.messages).toEqual([
      error === silentRefusal
        ? 'Error creating an account with Google account, please try again'
        : 'Error signing up with Google account, please try again',
    ]);
  });

  it("names the provider's error", () => {
    expect(providerErrorText(new Error('popup_failed_to_open'))).toBe('popup_failed_to_open');
    expect(providerErrorText({ type: 'popup_closed' })).toBe('popup_closed');
    expect(providerErrorText({ message: '', type: 'popup_closed' })).toBe('popup_closed');
    expect(providerErrorText('access_denied')).toBe('access_denied');
    for (const unnamed of [undefined, null, '', {}, { type: '' }, { type: 42 }, { message: 7 }]) {
      expect(providerErrorText(unnamed)).toBe('unknown error');
    }
  });

  it('opens the popup synchronously, within the click', () => {
    let opened = false;
    const actor = createActor(
      thirdPartySignInMachine.provide({
        actors: {
          requestAuthCode: fromPromise(async () => {
            opened = true;
            return CODE;
          }) as never,
        },
      }),
    );
    actor.start();
    actor.send({ type: 'signUp.start', details });
    expect(opened).toBe(true);
    actor.stop();
  });
});
