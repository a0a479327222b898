/**
 * Generated paths of the signup machine. Its children stand in as follows:
 * - the email verification widget and the handle check are puppets (machines that take on the
 *   snapshot a path step names), so signup learns the verified address and the available handle
 *   through the real child-to-parent snapshot mechanism;
 * - the captcha token machine is a fake promise settled by the path (its done event carries the
 *   token, or null when every attempt failed, exactly like the real machine's output).
 * A separate test below runs signup with the real child machines and fake calls end to end.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { SignupAccountType } from '../../../contract/identity';
import type { SignupSubmission } from '../../../src/validation/signup';
import { captchaTokenMachine } from '../../../src/machines/captchaTokenMachine';
import { emailVerificationMachine } from '../../../src/machines/emailVerificationMachine';
import { handleCheckMachine } from '../../../src/machines/handleCheckMachine';
import * as signupFlow from '../../../src/features/signup/signupMachine';
import { makeSession } from '../../support/fixtures';
import { describePaths, FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { puppetOf } from '../../support/puppet';

const EMAIL = 'new.person@example.com';
const HANDLE = 'new_person';
const TOKEN = 'captcha-token-1';
const PASSWORD = 'Giving!2026';
const session = makeSession('signup-token');
const serverError = { messages: ['An account with this email address already exists.'] };
const warning = ['Your account could not be created at this time.'];

const submission = (accountType: SignupAccountType): SignupSubmission => ({
  tenantAccountType: accountType,
  companyName: accountType === 'Charity' ? 'Harbour Hope' : 'Nova Person',
  firstName: 'Nova',
  lastName: 'Person',
  phone: '+447700900123',
  dateOfBirth: '1990-04-01',
  handle: HANDLE,
  password: PASSWORD,
  consentToHelpEmails: true,
  consentToMarketingEmails: false,
  termsAccepted: true,
  privacyPolicyAccepted: true,
});

const emailSnapshot = (value: 'verified' | 'editing', email = EMAIL) =>
  emailVerificationMachine.resolveState({
    value,
    context: { forSignup: true, email, verifiedEmail: null, errorMessages: null },
  });
const handleSnapshot = (value: 'available' | 'notAvailable') =>
  handleCheckMachine.resolveState({ value, context: { handle: HANDLE, ownHandle: null } });
const verified = emailSnapshot('verified');
const unverified = emailSnapshot('editing');
/** The widget holds no email address at all (spec §5: the schema's 'Invalid email address'). */
const mistyped = emailSnapshot('editing', 'ada.example.com');
const available = handleSnapshot('available');
const notAvailable = handleSnapshot('notAvailable');

const CHILD_EVENTS: Record<string, string> = {
  'xstate.snapshot.signupEmailVerification': 'signupEmailVerification',
  'xstate.snapshot.signupHandleCheck': 'signupHandleCheck',
};

/**
 * Signup's phases as spec §2.3 Signup and §4 Signup with email tell them, stepped by what each
 * event means there, independently of the machine: the captcha script loads at start-up ('Form
 * Load Error' when it does not, dismissable until the next 'Next', submission blocked); the form
 * is edited, blocked while the handle was not found available or the email not verified, then
 * 'Creating Account...' (a captcha token, then POST /auth/signup); Ok with a session ends the
 * flow, Ok without shows 'Account Created', a warning or an error keeps the form.
 */
interface Phases {
  captcha: 'loading' | 'ready' | 'failedShown' | 'failedDismissed';
  form: 'editing' | 'blocked' | 'gettingCaptcha' | 'sending';
  /** Where the flow went once the account was made: null while the form shows. */
  end: 'created' | 'signedIn' | null;
  verified: boolean;
  /** What the email widget holds is no email address. */
  mistyped: boolean;
  handleFree: boolean;
}
const START: Phases = {
  captcha: 'loading',
  form: 'editing',
  end: null,
  verified: false,
  mistyped: false,
  handleFree: false,
};
let phases = START;
/**
 * Spec §5: the email field's message while the address is not verified: the schema's 'Invalid
 * email address' when the widget holds no email address, else 'Please verify your email address.'
 */
const emailMessage = (event: { type: string; [key: string]: unknown }) =>
  // The model after this step (afterStep runs before the spec's table steps it).
  stepPhases(phases, event).mistyped
    ? 'Invalid email address'
    : 'Please verify your email address.';

function stepPhases(p: Phases, event: { type: string; [key: string]: unknown }): Phases {
  if (p.end) return p;
  const captchaFailed = p.captcha === 'failedShown' || p.captcha === 'failedDismissed';
  const formOpen = p.form === 'editing' || p.form === 'blocked';
  switch (event.type) {
    case 'xstate.done.actor.captchaReady':
      return p.captcha === 'loading' ? { ...p, captcha: 'ready' } : p;
    case 'xstate.error.actor.captchaReady':
      return p.captcha === 'loading' ? { ...p, captcha: 'failedShown' } : p;
    case 'formLoadError.dismiss':
      return p.captcha === 'failedShown' ? { ...p, captcha: 'failedDismissed' } : p;
    case 'form.submit':
      // Refused while the captcha failed to load ('Form Load Error' shows again).
      if (captchaFailed) return { ...p, captcha: 'failedShown' };
      if (!formOpen) return p;
      return { ...p, form: p.verified && p.handleFree ? 'gettingCaptcha' : 'blocked' };
    case 'xstate.snapshot.signupEmailVerification':
      return { ...p, verified: event.snapshot === verified, mistyped: event.snapshot === mistyped };
    case 'xstate.snapshot.signupHandleCheck':
      return { ...p, handleFree: event.snapshot === available };
    case 'xstate.done.actor.signupCaptchaToken':
      if (p.form !== 'gettingCaptcha') return p;
      return { ...p, form: event.output === TOKEN ? 'sending' : 'editing' };
    case 'xstate.error.actor.signupCaptchaToken':
      return p.form === 'gettingCaptcha' ? { ...p, form: 'editing' } : p;
    case 'xstate.done.actor.signup': {
      if (p.form !== 'sending') return p;
      const kind = (event.output as { kind: string }).kind;
      if (kind === 'signedIn') return { ...p, end: 'signedIn' };
      if (kind === 'created') return { ...p, end: 'created' };
      return { ...p, form: 'editing' };
    }
    case 'xstate.error.actor.signup':
      return p.form === 'sending' ? { ...p, form: 'editing' } : p;
    default:
      return p;
  }
}

/**
 * The spec's table of Signup's states: while the form shows, the captcha script (loading, ready,
 * failed: 'Form Load Error' shown or dismissed; tag error) beside the form (editing, blocked with
 * the first errored field focused: tag error; submitting: 'Creating Account...', tag busy, getting
 * the captcha token then sending); created ('Account Created / Verify & activate account');
 * signedIn (the session handed to the app: the flow ends).
 */
function signupState(): SpecState {
  const p = phases;
  if (p.end === 'signedIn') return { value: 'signedIn', done: true, shown: p };
  if (p.end === 'created') {
    return { value: 'created', tags: { busy: false, error: false }, shown: p };
  }
  const captchaScript = {
    loading: 'loading',
    ready: 'ready',
    failedShown: { failed: 'shown' },
    failedDismissed: { failed: 'dismissed' },
  }[p.captcha];
  const form =
    p.form === 'gettingCaptcha' || p.form === 'sending' ? { submitting: p.form } : p.form;
  const captchaFailed = p.captcha === 'failedShown' || p.captcha === 'failedDismissed';
  return {
    value: { active: { captchaScript, form } },
    tags: { busy: typeof form === 'object', error: captchaFailed || p.form === 'blocked' },
    done: false,
    shown: p,
  };
}

const suites: { accountType: SignupAccountType; errorParam: string | null }[] = [
  { accountType: 'Individual', errorParam: 'The Google account could not be used.' },
  { accountType: 'Charity', errorParam: null },
];

for (const { accountType, errorParam } of suites) {
  const values = submission(accountType);
  const expectedRequest = {
    firstName: 'Nova',
    lastName: 'Person',
    // Spec §3: for an Individual, companyName is the full name.
    companyName: accountType === 'Individual' ? 'Nova Person' : 'Harbour Hope',
    phone: '+447700900123',
    email: EMAIL,
    password: PASSWORD,
    termsAccepted: true,
    privacyPolicyAccepted: true,
    consentToHelpEmails: true,
    consentToMarketingEmails: false,
    usingEmail: true,
    reCaptchaToken: TOKEN,
    tenantAccountType: accountType,
    dateOfBirth: '1990-04-01',
    handle: HANDLE,
  };

  await describePaths({
    machine: signupFlow.signupMachine,
    input: { accountType, minimumPasswordLength: 8, errorParam },
    // What the widget holds matters only as an address or not (the spec's two messages).
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        context: { ...s.context, typedEmail: s.context.typedEmail === mistyped.context.email },
      }),
    limit: 20_000,
    deliver: (event, actor) => {
      const child = CHILD_EVENTS[event.type];
      if (!child) return false;
      actor.getSnapshot().children[child].send({
        type: 'puppet.become',
        snapshot: (event as unknown as { snapshot: AnyMachineSnapshot }).snapshot,
      });
      return true;
    },
    build: () => {
      const promises = new FakePromises();
      const spies = { clearErrorParam: vi.fn() };
      const machine = signupFlow.signupMachine.provide({
        actors: {
          ...promises.actors(['captchaToken', 'signupCaptchaToken'], 'captchaReady', 'signup'),
          emailVerification: puppetOf(emailVerificationMachine, { startsAsReal: true }) as never,
          handleCheck: puppetOf(handleCheckMachine) as never,
        },
        actions: { clearErrorParam: () => spies.clearErrorParam() },
      });
      return { machine, promises, spies };
    },
    events: [
      { type: 'form.submit', values },
      { type: 'alert.dismiss' },
      { type: 'formLoadError.dismiss' },
      { type: 'xstate.snapshot.signupEmailVerification', snapshot: verified },
      { type: 'xstate.snapshot.signupEmailVerification', snapshot: unverified },
      { type: 'xstate.snapshot.signupEmailVerification', snapshot: mistyped },
      { type: 'xstate.snapshot.signupHandleCheck', snapshot: available },
      { type: 'xstate.snapshot.signupHandleCheck', snapshot: notAvailable },
      ...settled('captchaReady', [undefined], [new Error('script blocked')]),
      ...settled('signupCaptchaToken', [TOKEN, null], [new Error('stopped')]),
      ...settled(
        'signup',
        [
          { kind: 'signedIn', session },
          { kind: 'created' },
          { kind: 'warning', messages: warning },
        ],
        [serverError, new Error('network down')],
      ),
    ],
    afterStep: ({ event, snapshot, previous, index }, spies) => {
      const s = snapshot as signupFlow.SignupSnapshot;
      const before = previous as signupFlow.SignupSnapshot;
      const alert = signupFlow.selectSignupAlert(s);
      if (index === 0 && errorParam) {
        // The error query parameter showed as 'Signup Error' (until something replaced it).
        const first = before.context.alert;
        expect(first).toEqual({
          kind: 'signup',
          level: 'danger',
          title: 'Signup Error',
          messages: [errorParam],
        });
      }
      // The parameter is cleared from the URL once, at start, when there is one.
      expect(spies.clearErrorParam).toHaveBeenCalledTimes(errorParam ? 1 : 0);

      switch (event.type) {
        case 'form.submit': {
          if (signupFlow.selectFormLoadFailed(before)) {
            // Submission is blocked while the captcha is not loaded; 'Form Load Error' shows
            // again if it was dismissed.
            expect(s.context).toEqual(before.context);
            expect(signupFlow.selectSignupSubmitting(s)).toBe(
              signupFlow.selectSignupSubmitting(before),
            );
            expect(signupFlow.selectFormLoadErrorShown(s)).toBe(true);
            expect(signupFlow.selectCanSubmit(s)).toBe(false);
            break;
          }
          const errors = signupFlow.selectSignupFieldErrors(s);
          const handleOk = before.context.availableHandle === HANDLE;
          const emailOk = before.context.verifiedEmail === EMAIL;
          expect(errors.handle).toBe(handleOk ? undefined : 'Profile name/handle not available');
          expect(errors.email).toBe(emailOk ? undefined : emailMessage(event as never));
          // The first errored field in form order (handle comes before email) is focused.
          expect(signupFlow.selectFocusField(s)).toBe(
            !handleOk ? 'handle' : !emailOk ? 'email' : null,
          );
          expect(signupFlow.selectSignupSubmitting(s)).toBe(handleOk && emailOk);
          if (handleOk && emailOk) expect(alert).toBeNull();
          break;
        }
        case 'xstate.snapshot.signupEmailVerification': {
          const email =
            (event as unknown as { snapshot: AnyMachineSnapshot }).snapshot === verified;
          expect(s.context.verifiedEmail).toBe(email ? EMAIL : null);
          if (email) expect(signupFlow.selectSignupFieldErrors(s).email).toBeUndefined();
          break;
        }
        case 'xstate.snapshot.signupHandleCheck': {
          const free =
            (event as unknown as { snapshot: AnyMachineSnapshot }).snapshot === available;
          expect(s.context.availableHandle).toBe(free ? HANDLE : null);
          if (free) expect(signupFlow.selectSignupFieldErrors(s).handle).toBeUndefined();
          break;
        }
        case 'xstate.error.actor.captchaReady':
          expect(signupFlow.selectFormLoadFailed(s)).toBe(true);
          expect(signupFlow.selectFormLoadErrorShown(s)).toBe(true);
          expect(signupFlow.selectCanSubmit(s)).toBe(false);
          break;
        case 'formLoadError.dismiss':
          // Hidden until the next 'Next'; the captcha is still not loaded.
          expect(signupFlow.selectFormLoadErrorShown(s)).toBe(false);
          expect(signupFlow.selectFormLoadFailed(s)).toBe(signupFlow.selectFormLoadFailed(before));
          expect(s.context).toEqual(before.context);
          break;
        case 'xstate.done.actor.signupCaptchaToken':
        case 'xstate.error.actor.signupCaptchaToken': {
          const token = (event as { output?: unknown }).output;
          if (token === TOKEN) {
            expect(s.matches({ active: { form: { submitting: 'sending' } } })).toBe(true);
          } else {
            expect(s.matches({ active: { form: 'editing' } })).toBe(true);
            expect(alert).toEqual({
              kind: 'captcha',
              level: 'danger',
              title: 'ReCaptcha Error',
              messages: ['Failed to generate ReCaptcha token, please refresh the page.'],
            });
          }
          break;
        }
        case 'xstate.done.actor.signup': {
          const result = (event as { output?: { kind: string } }).output;
          if (result?.kind === 'signedIn') {
            // Ok with a session: handed to the app, which goes to /feed.
            expect(s.status).toBe('done');
            expect(s.output).toEqual(session);
          } else if (result?.kind === 'created') {
            expect(signupFlow.selectAccountCreated(s)).toBe(true);
          } else {
            expect(s.matches({ active: { form: 'editing' } })).toBe(true);
            expect(alert).toEqual({
              kind: 'warning',
              level: 'warning',
              title: null,
              messages: warning,
            });
          }
          break;
        }
        case 'xstate.error.actor.signup': {
          // A failure keeps the form (and the verified email and checked handle).
          expect(s.matches({ active: { form: 'editing' } })).toBe(true);
          expect(s.context.verifiedEmail).toBe(EMAIL);
          const failure = (event as { error?: unknown }).error;
          expect(alert).toEqual({
            kind: 'signup',
            level: 'danger',
            title: 'Signup Error',
            messages:
              failure === serverError ? serverError.messages : ['Error submitting signup form'],
          });
          break;
        }
        case 'alert.dismiss':
          expect(alert).toBeNull();
          break;
      }
      // 'Form Load Error' shows only while the captcha is not loaded.
      if (!signupFlow.selectFormLoadFailed(s))
        expect(signupFlow.selectFormLoadErrorShown(s)).toBe(false);
      // The password is in context only while the submission is in flight.
      if (!s.hasTag('busy')) expect(JSON.stringify(s.context)).not.toContain(PASSWORD);
      if (s.hasTag('busy')) expect(signupFlow.selectCanSubmit(s)).toBe(false);
      // The widgets' rules as they stand (shown once 'Next' was pressed): the email until it
      // was verified, the handle until it was found available.
      expect(signupFlow.selectSignupRuleErrors(s)).toEqual({
        ...(s.context.availableHandle === HANDLE
          ? {}
          : { handle: 'Profile name/handle not available' }),
        ...(s.context.verifiedEmail === EMAIL ? {} : { email: emailMessage(event as never) }),
      });
    },
    spec: {
      initial: () => {
        phases = START;
        return signupState();
      },
      after: ({ event }) => {
        phases = stepPhases(phases, event as { type: string; [key: string]: unknown });
        return signupState();
      },
    },
    afterPath: (_plan, _spies, promises) => {
      for (const call of promises.calls) {
        if (call.name === 'signup') expect(call.input).toEqual(expectedRequest);
        if (call.name === 'signupCaptchaToken') expect(call.input).toEqual({ action: 'signup' });
      }
    },
  });
}

describe("the Signup screen's alerts (spec §8 Signup): which shows, and whose dismissal it is", () => {
  const captcha: signupFlow.SignupAlert = {
    kind: 'captcha',
    level: 'danger',
    title: 'ReCaptcha Error',
    messages: ['Failed to generate ReCaptcha token, please refresh the page.'],
  };
  const signupError: signupFlow.SignupAlert = {
    kind: 'signup',
    level: 'danger',
    title: 'Signup Error',
    messages: ['Error submitting signup form'],
  };
  const warned: signupFlow.SignupAlert = {
    kind: 'warning',
    level: 'warning',
    title: null,
    messages: warning,
  };
  const thirdCaptcha = { kind: 'captcha' as const, messages: ['third-party captcha'] };
  const thirdFailure = {
    kind: 'failure' as const,
    messages: ['Error signing up with Google account, please try again'],
  };
  type Row = [
    string,
    signupFlow.SignupAlert | null,
    typeof thirdCaptcha | typeof thirdFailure | null,
    object,
  ];
  const table: Row[] = [
    [
      'none',
      null,
      null,
      {
        recaptchaError: null,
        signupError: null,
        warning: null,
        thirdPartyError: null,
        captchaOwner: 'signup',
      },
    ],
    [
      "the signup's captcha",
      captcha,
      null,
      {
        recaptchaError: captcha.messages,
        signupError: null,
        warning: null,
        thirdPartyError: null,
        captchaOwner: 'signup',
      },
    ],
    [
      "the third party's captcha",
      null,
      thirdCaptcha,
      {
        recaptchaError: thirdCaptcha.messages,
        signupError: null,
        warning: null,
        thirdPartyError: null,
        captchaOwner: 'thirdParty',
      },
    ],
    [
      "both captchas: the signup's shows first",
      captcha,
      thirdCaptcha,
      {
        recaptchaError: captcha.messages,
        signupError: null,
        warning: null,
        thirdPartyError: null,
        captchaOwner: 'signup',
      },
    ],
    [
      "'Signup Error' beside the third party's captcha",
      signupError,
      thirdCaptcha,
      {
        recaptchaError: thirdCaptcha.messages,
        signupError: signupError.messages,
        warning: null,
        thirdPartyError: null,
        captchaOwner: 'thirdParty',
      },
    ],
    [
      "the warning beside the third party's failure",
      warned,
      thirdFailure,
      {
        recaptchaError: null,
        signupError: null,
        warning: warning,
        thirdPartyError: thirdFailure.messages,
        captchaOwner: 'signup',
      },
    ],
  ];
  it.each(table)('%s', (_name, signup, thirdParty, expected) => {
    const alerts = signupFlow.signupScreenAlerts(signup, thirdParty);
    expect({
      recaptchaError: alerts.recaptchaError?.messages ?? null,
      signupError: alerts.signupError?.messages ?? null,
      warning: alerts.warning?.messages ?? null,
      thirdPartyError: alerts.thirdPartyError?.messages ?? null,
      captchaOwner: alerts.owners.recaptchaError,
    }).toEqual(expected);
    expect(alerts.owners).toMatchObject({
      signupError: 'signup',
      warning: 'signup',
      thirdPartyError: 'thirdParty',
    });
  });
});

describe('signup machine with its real children', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('signs up with the verified email and the available handle', async () => {
    const calls: { name: string; input: unknown }[] = [];
    const fake =
      <T>(name: string, output: T) =>
      async ({ input }: { input: unknown }) => {
        calls.push({ name, input });
        return output;
      };
    const machine = signupFlow.signupMachine.provide({
      actors: {
        emailVerification: emailVerificationMachine.provide({
          actors: {
            verifyAccount: fromPromise(fake('verifyAccount', undefined)) as never,
            verifyAccountCode: fromPromise(fake('verifyAccountCode', true)) as never,
          },
        }),
        handleCheck: handleCheckMachine.provide({
          actors: { handleExists: fromPromise(fake('handleExists', false)) as never },
          delays: { handleDebounce: 0 },
        }),
        captchaToken: captchaTokenMachine.provide({
          actors: { executeCaptcha: fromPromise(fake('executeCaptcha', TOKEN)) as never },
        }),
        captchaReady: fromPromise(fake('captchaReady', undefined)) as never,
        signup: fromPromise(fake('signup', { kind: 'signedIn', session })) as never,
      },
      actions: { clearErrorParam: () => undefined },
    });
    const actor = createActor(machine, {
      input: { accountType: 'Individual', minimumPasswordLength: 8, errorParam: null },
    });
    actor.start();
    const children = actor.getSnapshot().children;
    expect(children.signupEmailVerification?.getSnapshot().context.forSignup).toBe(true);
    expect(actor.system.get('signupEmailVerification')).toBe(children.signupEmailVerification);
    expect(actor.system.get('signupHandleCheck')).toBe(children.signupHandleCheck);

    // Submitting before verifying: both machine-owned errors, the handle focused first.
    actor.send({ type: 'form.submit', values: submission('Individual') });
    expect(signupFlow.selectFocusField(actor.getSnapshot())).toBe('handle');
    expect(signupFlow.selectSignupFieldErrors(actor.getSnapshot()).email).toBe(
      'Please verify your email address.',
    );
    // Spec §5: what the widget holds is no email address: the schema's 'Invalid email address'.
    children.signupEmailVerification?.send({ type: 'email.change', email: 'ada.example.com' });
    actor.send({ type: 'form.submit', values: submission('Individual') });
    expect(signupFlow.selectSignupFieldErrors(actor.getSnapshot()).email).toBe(
      'Invalid email address',
    );
    expect(signupFlow.selectSignupRuleErrors(actor.getSnapshot()).email).toBe(
      'Invalid email address',
    );

    children.signupHandleCheck?.send({ type: 'handle.change', value: HANDLE });
    children.signupEmailVerification?.send({ type: 'code.request', email: EMAIL });
    await flush();
    children.signupEmailVerification?.send({ type: 'code.verify', code: '123456' });
    await flush();
    await flush();
    const ready = actor.getSnapshot();
    expect(ready.context.verifiedEmail).toBe(EMAIL);
    expect(ready.context.availableHandle).toBe(HANDLE);
    expect(signupFlow.selectSignupFieldErrors(ready)).toEqual({});

    actor.send({ type: 'form.submit', values: submission('Individual') });
    for (let i = 0; i < 5; i++) await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(session);
    const signupCall = calls.find((c) => c.name === 'signup');
    expect(signupCall?.input).toMatchObject({
      email: EMAIL,
      handle: HANDLE,
      reCaptchaToken: TOKEN,
      companyName: 'Nova Person',
    });
    expect(calls.find((c) => c.name === 'executeCaptcha')?.input).toEqual({ action: 'signup' });
  });
});
