import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  providerErrorText,
  selectThirdPartyAlert,
  selectThirdPartyBusy,
  selectThirdPartyNotice,
  thirdPartySignInMachine,
  type ThirdPartySignInSnapshot,
} from '../../src/machines/thirdPartySignInMachine';
import type { ThirdPartySignupSubmission } from '../../src/validation/signup';
import { makeSession } from '../support/fixtures';
import { describePaths, FakePromises } from '../support/pathHarness';

const CODE = { code: 'auth-code-1', scope: 'openid email profile' };
const TOKEN = 'captcha-token-1';
const session = makeSession('google-token');
const details: ThirdPartySignupSubmission = {
  tenantAccountType: 'Charity',
  companyName: 'Harbour Hope',
  consentToHelpEmails: true,
  consentToMarketingEmails: false,
  termsAccepted: true,
  privacyPolicyAccepted: true,
};
const serverError = { messages: ['This Google account is not allowed.'] };
const existingMessages = ['Account already exists'];

await describePaths({
  machine: thirdPartySignInMachine,
  build: () => {
    const promises = new FakePromises();
    const machine = thirdPartySignInMachine.provide({
      actors: {
        requestAuthCode: promises.logic('requestAuthCode') as never,
        captchaToken: promises.logic('thirdPartyCaptchaToken') as never,
        signupWithGoogle: promises.logic('signupWithGoogle') as never,
        loginWithGoogle: promises.logic('loginWithGoogle') as never,
      },
    });
    return { machine, promises, spies: {} };
  },
  events: [
    { type: 'signIn.start' },
    { type: 'signUp.start', details },
    { type: 'alert.dismiss' },
    { type: 'xstate.done.actor.requestAuthCode', output: CODE },
    { type: 'xstate.error.actor.requestAuthCode', error: new Error('popup_closed') },
    { type: 'xstate.done.actor.thirdPartyCaptchaToken', output: TOKEN },
    { type: 'xstate.done.actor.thirdPartyCaptchaToken', output: null },
    { type: 'xstate.error.actor.thirdPartyCaptchaToken', error: new Error('stopped') },
    { type: 'xstate.done.actor.signupWithGoogle', output: { session, messages: [] } },
    {
      type: 'xstate.done.actor.signupWithGoogle',
      output: { session, messages: existingMessages },
    },
    { type: 'xstate.error.actor.signupWithGoogle', error: serverError },
    { type: 'xstate.error.actor.signupWithGoogle', error: new Error('network down') },
    { type: 'xstate.done.actor.loginWithGoogle', output: session },
    { type: 'xstate.error.actor.loginWithGoogle', error: serverError },
    { type: 'xstate.error.actor.loginWithGoogle', error: new Error('network down') },
  ],
  afterStep: ({ event, snapshot, elapsedMs }) => {
    const s = snapshot as ThirdPartySignInSnapshot;
    const alert = selectThirdPartyAlert(s);
    const failure = (event as { error?: unknown }).error;
    const signupTitle = 'Signup Error';
    switch (event.type) {
      case 'signIn.start':
      case 'signUp.start':
        // The popup opens at once, from the click.
        expect(s.matches('authorizing')).toBe(true);
        expect(alert).toBeNull();
        break;
      case 'xstate.error.actor.requestAuthCode':
        expect(alert?.messages).toEqual(['Google login failed: popup_closed']);
        expect(alert?.title).toBe(s.context.mode === 'signup' ? signupTitle : 'Login Error');
        break;
      case 'xstate.done.actor.thirdPartyCaptchaToken':
      case 'xstate.error.actor.thirdPartyCaptchaToken':
        if ((event as { output?: unknown }).output !== TOKEN) {
          expect(alert).toEqual({
            kind: 'captcha',
            title: 'ReCaptcha Error',
            messages: ['Failed to generate ReCaptcha token, please refresh the page.'],
          });
        }
        break;
      case 'xstate.done.actor.signupWithGoogle': {
        const { messages } = (event as { output?: { messages: string[] } }).output ?? {
          messages: [],
        };
        // Messages returned: 'Account already exists, logging in...', else straight to /feed.
        expect(selectThirdPartyNotice(s)).toBe(
          messages.length ? 'Account already exists, logging in...' : null,
        );
        expect(s.status).toBe(messages.length ? 'active' : 'done');
        break;
      }
      case 'xstate.error.actor.signupWithGoogle':
        expect(alert).toEqual({
          kind: 'failure',
          title: signupTitle,
          messages:
            failure === serverError
              ? serverError.messages
              : ['Error signing up with google, please try again.'],
        });
        break;
      case 'xstate.error.actor.loginWithGoogle':
        expect(alert).toEqual({
          kind: 'failure',
          title: 'Login Error',
          messages:
            failure === serverError ? serverError.messages : ['Error logging in with google.'],
        });
        break;
    }
    if (event.type.startsWith('xstate.after.')) expect(elapsedMs).toBe(2000);
    if (s.status === 'done') expect(s.output).toEqual(session);
    if (s.matches('failed')) expect(selectThirdPartyBusy(s)).toBe(false);
    // The provider's code is kept only while signing up.
    if (!s.matches('signingUp')) expect(s.context.authCodeResponse).toBeNull();
  },
  afterPath: (_plan, _spies, promises) => {
    for (const call of promises.calls) {
      if (call.name === 'thirdPartyCaptchaToken') expect(call.input).toEqual({ action: 'signup' });
      if (call.name === 'signupWithGoogle') {
        expect(call.input).toEqual({
          signupRequest: { ...details, usingEmail: false, reCaptchaToken: TOKEN },
          authCodeResponse: CODE,
        });
      }
      if (call.name === 'loginWithGoogle') expect(call.input).toEqual({ authCodeResponse: CODE });
    }
    // The captcha and the calls come only after the provider answered.
    expect(promises.calls[0]?.name ?? 'requestAuthCode').toBe('requestAuthCode');
  },
});

describe('thirdPartySignIn machine', () => {
  it("names the provider's error", () => {
    expect(providerErrorText(new Error('popup_failed_to_open'))).toBe('popup_failed_to_open');
    expect(providerErrorText({ type: 'popup_closed' })).toBe('popup_closed');
    expect(providerErrorText('access_denied')).toBe('access_denied');
    expect(providerErrorText(undefined)).toBe('unknown error');
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
