import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  emailVerificationMachine,
  selectEmail,
  selectEmailVerificationErrors,
  selectEmailVerificationPhase,
  selectShowsResendLink,
  selectVerifiedEmail,
  type EmailVerificationInput,
  type EmailVerificationSnapshot,
} from '../../src/machines/emailVerificationMachine';
import {
  describePaths,
  FakePromises,
  withFakePromises,
  runPath,
  type SpecState,
  type StepInfo,
  settled,
} from '../support/pathHarness';

const NEW = 'new@example.com';
const OTHER = 'other@example.com';
const SAVED = 'saved@example.com';
const PADDED = '  padded@example.com ';
const CODE = '123456';
const PADDED_CODE = ' 654321 ';
const taken = { messages: ['An account with this email address already exists.'] };

/** Spec §5 Email verification widget and §8 Email verification. */
const TOO_MANY = 'Too many failed attempts. Please request a new verification code.';
const INVALID_OR_EXPIRED = 'Invalid or expired verification code.';
const REQUEST_FAILED = 'Error sending verification email, please refresh and try again';
const VERIFY_FAILED = 'Error verifying code, please refresh and try again';
const tooMany = { messages: [TOO_MANY] };

/** Spec §5: {email} format (checked on the trimmed address). */
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * The widget from spec §4 Email verification widget: enter email, request code (code entry
 * appears), verify code, Verified (read-only, '(change email)' resets everything); '(re-send)'
 * and '(change email)' while awaiting the code; changing the email resets the verified flag.
 */
type Phase = 'editing' | 'requesting' | 'entering' | 'verifying' | 'resending' | 'verified';
interface Model {
  phase: Phase;
  email: string;
  errors: string[] | null;
  calls: { name: string; input: unknown }[];
}
let model: Model;

function initial(input: EmailVerificationInput): Model {
  const email = input.email ?? '';
  const verified = input.verified === true && email !== '';
  return { phase: verified ? 'verified' : 'editing', email, errors: null, calls: [] };
}

const awaitingCode = (phase: Phase) =>
  phase === 'entering' || phase === 'verifying' || phase === 'resending';

function next(m: Model, event: AnyEventObject, input: EmailVerificationInput): Model {
  const e = event as {
    email?: string;
    code?: string;
    verified?: boolean;
    output?: unknown;
    error?: unknown;
  };
  const messagesOr = (fallback: string) =>
    e.error === taken ? taken.messages : e.error === tooMany ? tooMany.messages : [fallback];
  const requestCall = (email: string) => ({
    name: 'verifyAccount',
    input: { email, forSignup: input.forSignup },
  });
  switch (event.type) {
    case 'email.change': {
      const email = e.email as string;
      // Typing in the address field; the error shown stays until the next request.
      if (m.phase === 'editing') return { ...m, email };
      // A different address hides code entry and resets the verified flag.
      return email === m.email ? m : { ...m, phase: 'editing', email, errors: null };
    }
    case 'email.load': {
      const email = e.email as string;
      return { ...m, phase: e.verified ? 'verified' : 'editing', email, errors: null };
    }
    case 'code.request': {
      // The machine never asks a code for an invalid address.
      if (m.phase !== 'editing' || !looksLikeEmail(e.email as string)) return m;
      const email = (e.email as string).trim();
      return {
        ...m,
        phase: 'requesting',
        email,
        errors: null,
        calls: [...m.calls, requestCall(email)],
      };
    }
    case 'code.resend':
      if (m.phase !== 'entering') return m;
      return {
        ...m,
        phase: 'resending',
        errors: null,
        calls: [...m.calls, requestCall(m.email)],
      };
    case 'code.verify': {
      const code = (e.code as string).trim();
      // Empty: 'Please enter the verification code' (the form's), no call.
      if (m.phase !== 'entering' || code === '') return m;
      return {
        ...m,
        phase: 'verifying',
        errors: null,
        calls: [...m.calls, { name: 'verifyAccountCode', input: { email: m.email, code } }],
      };
    }
    case 'email.edit':
      // '(change email)': when Verified and while awaiting the code.
      if (m.phase !== 'verified' && !awaitingCode(m.phase)) return m;
      return { ...m, phase: 'editing', errors: null };
    case 'xstate.done.actor.verifyAccount':
      return m.phase === 'requesting' || m.phase === 'resending' ? { ...m, phase: 'entering' } : m;
    case 'xstate.error.actor.verifyAccount':
      // A failed first request goes back to the address; a failed re-send keeps code entry.
      if (m.phase === 'requesting')
        return { ...m, phase: 'editing', errors: messagesOr(REQUEST_FAILED) };
      if (m.phase === 'resending')
        return { ...m, phase: 'entering', errors: messagesOr(REQUEST_FAILED) };
      return m;
    case 'xstate.done.actor.verifyAccountCode':
      if (m.phase !== 'verifying') return m;
      return e.output === true
        ? { ...m, phase: 'verified', errors: null }
        : { ...m, phase: 'entering', errors: [INVALID_OR_EXPIRED] };
    case 'xstate.error.actor.verifyAccountCode':
      return m.phase === 'verifying'
        ? { ...m, phase: 'entering', errors: messagesOr(VERIFY_FAILED) }
        : m;
    default:
      return m;
  }
}

function expectShown(s: EmailVerificationSnapshot, m: Model) {
  expect(selectEmail(s)).toBe(m.email);
  // The parent form submits only a verified address.
  expect(selectVerifiedEmail(s)).toBe(m.phase === 'verified' ? m.email : null);
  // What the widget shows: the address, the request, the code entry (a re-send keeps it), the
  // check of the code, or the verified address.
  expect(selectEmailVerificationPhase(s)).toBe(
    m.phase === 'editing'
      ? 'entering'
      : m.phase === 'requesting' || m.phase === 'verifying' || m.phase === 'verified'
        ? m.phase
        : 'awaitingCode',
  );
  expect(awaitingCode(m.phase)).toBe(
    ['awaitingCode', 'verifying'].includes(selectEmailVerificationPhase(s)),
  );
  expect(selectEmailVerificationErrors(s)).toEqual(m.errors);
  // Spec §5: these two server messages show a re-send link beside them.
  expect(selectShowsResendLink(s)).toBe(
    m.phase === 'entering' &&
      (m.errors ?? []).some((x) => x === TOO_MANY || x === INVALID_OR_EXPIRED),
  );
}

/**
 * The spec's table of the widget (spec §4 Email verification widget): editing (enter email),
 * requesting (the code is being sent), awaitingCode (code entry shown) with entering (the person
 * types the code), verifying (the code is checked) and resending (a new code is sent), verified
 * (read-only, '(change email)'). The widget never ends.
 */
const SPEC_STATE: Record<Phase, SpecState['value']> = {
  editing: 'editing',
  requesting: 'requesting',
  entering: { awaitingCode: 'entering' },
  verifying: { awaitingCode: 'verifying' },
  resending: { awaitingCode: 'resending' },
  verified: 'verified',
};
const state = (): SpecState => ({ value: SPEC_STATE[model.phase], shown: model });

/** The table for one input: the model starts from the input the widget is given. */
const specFor = (input: EmailVerificationInput) => ({
  initial: () => {
    model = initial(input);
    return state();
  },
  after: state,
});

function checkStep(input: EmailVerificationInput) {
  return (
    { event, snapshot, previous, index }: StepInfo,
    { promises }: { promises: FakePromises },
  ) => {
    if (index === 0) expectShown(previous as EmailVerificationSnapshot, model);
    model = next(model, event, input);
    expectShown(snapshot as EmailVerificationSnapshot, model);
    expect(promises.calls).toEqual(model.calls);
  };
}

const inputs: EmailVerificationInput[] = [
  { forSignup: true },
  { forSignup: false, email: SAVED, verified: true },
];

for (const input of inputs) {
  await describePaths({
    machine: emailVerificationMachine,
    input,
    unhandled: true,
    build: withFakePromises(emailVerificationMachine, 'verifyAccount', 'verifyAccountCode'),
    // The plan keeps one path per (state, event type, outcome): a payload the machine must refuse
    // comes before the accepted ones, so that a mutant accepting it meets this model.
    events: [
      { type: 'email.change', email: NEW },
      { type: 'email.change', email: OTHER },
      { type: 'code.request', email: 'not-an-email' },
      { type: 'code.request', email: PADDED },
      { type: 'code.request', email: NEW },
      { type: 'code.resend' },
      { type: 'code.verify', code: '  ' },
      { type: 'code.verify', code: PADDED_CODE },
      { type: 'code.verify', code: CODE },
      { type: 'email.edit' },
      { type: 'email.load', email: SAVED, verified: true },
      { type: 'email.load', email: SAVED, verified: false },
      ...settled('verifyAccount', [undefined], [taken, new Error('offline')]),
      ...settled('verifyAccountCode', [true, false], [tooMany, new Error('offline')]),
    ],
    afterStep: checkStep(input),
    spec: specFor(input),
  });
}

/**
 * Sequences the plan reaches only by its shortest paths (it keeps one path per state and step),
 * driven the same way and checked against the same model.
 */
const scenarios: { name: string; input: EmailVerificationInput; events: AnyEventObject[] }[] = [
  {
    name: 'a wrong code, then another address: the error goes with the code entry',
    input: { forSignup: true },
    events: [
      { type: 'code.request', email: NEW },
      { type: 'xstate.done.actor.verifyAccount' },
      { type: 'code.verify', code: CODE },
      { type: 'xstate.done.actor.verifyAccountCode', output: false },
      { type: 'email.change', email: OTHER },
      { type: 'code.request', email: OTHER },
    ],
  },
  {
    name: "too many attempts, then '(change email)': everything resets",
    input: { forSignup: false, email: SAVED, verified: false },
    events: [
      { type: 'code.request', email: SAVED },
      { type: 'xstate.done.actor.verifyAccount' },
      { type: 'code.verify', code: CODE },
      { type: 'xstate.error.actor.verifyAccountCode', error: tooMany },
      { type: 'email.edit' },
      { type: 'email.change', email: NEW },
    ],
  },
  {
    name: 'a failed re-send keeps the code entry, and a later right code verifies',
    input: { forSignup: true },
    events: [
      { type: 'code.request', email: PADDED },
      { type: 'xstate.done.actor.verifyAccount' },
      { type: 'code.resend' },
      { type: 'xstate.error.actor.verifyAccount', error: new Error('offline') },
      { type: 'code.verify', code: PADDED_CODE },
      { type: 'xstate.done.actor.verifyAccountCode', output: true },
      { type: 'email.edit' },
    ],
  },
];

describe('emailVerification machine: scenarios', () => {
  for (const scenario of scenarios) {
    it(scenario.name, async () => {
      const promises = new FakePromises();
      const machine = emailVerificationMachine.provide({
        actors: promises.actors('verifyAccount', 'verifyAccountCode'),
      });
      const check = checkStep(scenario.input);
      await runPath(
        {
          name: scenario.name,
          steps: scenario.events.map((event) => ({ event, expected: null as never })),
        },
        {
          machine,
          promises,
          input: scenario.input,
          // The model, not a plan, says what each step must show.
          serializeState: () => '',
          afterStep: (step) => check(step, { promises }),
          spec: specFor(scenario.input),
        },
      );
    });
  }
});

describe('emailVerification machine: start', () => {
  const start = (input: EmailVerificationInput) => {
    const actor = createActor(emailVerificationMachine, { input });
    actor.start();
    return actor.getSnapshot();
  };

  it('starts with the address to verify', () => {
    const s = start({ forSignup: true });
    expect(selectEmail(s)).toBe('');
    expect(selectVerifiedEmail(s)).toBeNull();
    expect(selectEmailVerificationPhase(s)).toBe('entering');
  });

  it('starts Verified with an address given as verified', () => {
    expect(selectVerifiedEmail(start({ forSignup: false, email: SAVED, verified: true }))).toBe(
      SAVED,
    );
  });

  it('starts unverified with an address given as not verified, or no address', () => {
    const s = start({ forSignup: false, email: SAVED, verified: false });
    expect(selectEmail(s)).toBe(SAVED);
    expect(selectVerifiedEmail(s)).toBeNull();
    expect(selectVerifiedEmail(start({ forSignup: false, verified: true }))).toBeNull();
  });
});
