/**
 * Generated paths of the Subscription / Invoices machine (`subscriptionPlan`), checked against a
 * model written from spec §2.3 Subscription / Invoices, §6 and §8 and issue 18 item 4: the status
 * in words (trialing until dd/MM/yyyy HH:mm, active until …, cancels at period end on …, canceled);
 * 'Error getting subscription status' with a retry; an Administrator subscribes, with a
 * promotional code validated first ('Please enter a promotional code', 'This promotional code is
 * not valid.'), and the browser goes to the checkout's URL; the return with a session id is
 * confirmed with validateSession first; an Administrator of a customer opens the billing portal;
 * a Standard User sees the status and the invoices and no controls. The invoice table runs while
 * the subscription shows, given the customer id.
 */
import { describe, expect, it } from 'vitest';
import type { PromotionalCode, SubscriptionDetails } from '../../../contract/payments';
import * as plan from '../../../src/features/payments/subscriptionPlanMachine';
import { FakePromises, inertMachine, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';

const AT = Date.parse('2026-06-01T12:00:00.000Z');
const base: SubscriptionDetails = {
  provider: 'standIn',
  customerExists: false,
  customerId: null,
  subscriptionId: null,
  subscriptionStatus: null,
  isTrialing: false,
  trialEndDate: null,
  cancelAtPeriodEnd: false,
  currentPeriodEndDate: null,
  canSubscribe: true,
  plan: {
    description: 'Givedrop subscription, monthly',
    amount: 1200,
    currency: 'gbp',
    interval: 'month',
  },
};
const reading = (details: Partial<SubscriptionDetails>): plan.SubscriptionReading => ({
  details: { ...base, ...details },
  at: AT,
});
const trial = reading({ isTrialing: true, trialEndDate: '2026-06-15T12:00:00.000Z' });
const active = reading({
  customerExists: true,
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  subscriptionStatus: 'active',
  currentPeriodEndDate: '2026-07-01T12:00:00.000Z',
  canSubscribe: false,
});
const canceled = reading({
  customerExists: true,
  customerId: 'cus_2',
  subscriptionId: 'sub_2',
  subscriptionStatus: 'canceled',
  canSubscribe: true,
});
/** Spec §9's dd/MM/yyyy HH:mm of an instant in this machine's zone, written out by hand. */
function shown(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
/** Spec words of each reading, written out (dd/MM/yyyy HH:mm). */
const WORDS = new Map<plan.SubscriptionReading, string>([
  [trial, `trialing until ${shown('2026-06-15T12:00:00Z')}`],
  [active, `active until ${shown('2026-07-01T12:00:00Z')}`],
  [canceled, 'canceled'],
]);
const welcome: PromotionalCode = {
  promotionalCode: 'WELCOME20',
  description: '20% off',
  percentOff: 20,
  amountOff: null,
  currency: null,
};
const invalidCode = { messages: ['This promotional code is not valid.'], fromServer: true };
const replayed = { messages: ['This checkout has already been confirmed.'], fromServer: true };
const unavailable = {
  messages: ['Payments are not available at the moment, please try again later.'],
  fromServer: true,
};
const CHECKOUT_URL = 'http://localhost/dev/checkout/cs_9';
const PORTAL_URL = 'http://localhost/dev/portal/bps_9';

type Phase =
  | 'loading'
  | 'confirming'
  | 'loadFailed'
  | 'idle'
  | 'validatingCode'
  | 'creatingCheckout'
  | 'openingPortal'
  | 'goingToCheckout'
  | 'goingToPortal';
type AlertKind =
  | 'loadFailed'
  | 'subscribed'
  | 'confirmFailed'
  | 'checkoutCanceled'
  | 'checkoutFailed'
  | 'portalFailed';
interface Model {
  phase: Phase;
  reading: plan.SubscriptionReading | null;
  promotion: PromotionalCode | null;
  promotionErrors: string[] | null;
  alert: AlertKind | null;
  /** What the last failure said (the server's message under the spec's title). */
  failure: string[] | null;
  calls: { name: string; input: unknown }[];
  opened: string[];
}

const start = (input: plan.SubscriptionPlanInput): Model => ({
  phase: input.sessionId ? 'confirming' : 'loading',
  reading: null,
  promotion: null,
  promotionErrors: null,
  alert: input.checkoutCanceled ? 'checkoutCanceled' : null,
  failure: null,
  calls: input.sessionId
    ? [{ name: 'validateSession', input: { sessionId: input.sessionId } }]
    : [{ name: 'getSubscription', input: undefined }],
  opened: [],
});
let model: Model;

const ready = (m: Model) =>
  m.phase === 'idle' ||
  m.phase === 'validatingCode' ||
  m.phase === 'creatingCheckout' ||
  m.phase === 'openingPortal' ||
  m.phase === 'goingToCheckout' ||
  m.phase === 'goingToPortal';
/** Spec §6: Administrators subscribe, when there is no live subscription. */
const subscribes = (m: Model, input: plan.SubscriptionPlanInput) =>
  ready(m) && input.isAdministrator && m.reading !== null && m.reading.details.canSubscribe;
const manages = (m: Model, input: plan.SubscriptionPlanInput) =>
  ready(m) && input.isAdministrator && m.reading !== null && m.reading.details.customerExists;
const messagesOf = (error: unknown) => (error as { messages: string[] }).messages;

function next(
  m: Model,
  event: { type: string; output?: unknown; error?: unknown; code?: string },
  input: plan.SubscriptionPlanInput,
): Model {
  const call = (name: string, callInput: unknown) => [...m.calls, { name, input: callInput }];
  switch (event.type) {
    case 'xstate.done.actor.validateSession':
      return m.phase === 'confirming'
        ? {
            ...m,
            phase: 'idle',
            reading: event.output as plan.SubscriptionReading,
            alert: 'subscribed',
          }
        : m;
    case 'xstate.error.actor.validateSession':
      return m.phase === 'confirming'
        ? {
            ...m,
            phase: 'loading',
            alert: 'confirmFailed',
            failure: messagesOf(event.error),
            calls: call('getSubscription', undefined),
          }
        : m;
    case 'xstate.done.actor.getSubscription':
      return m.phase === 'loading'
        ? { ...m, phase: 'idle', reading: event.output as plan.SubscriptionReading }
        : m;
    case 'xstate.error.actor.getSubscription':
      return m.phase === 'loading' ? { ...m, phase: 'loadFailed', alert: 'loadFailed' } : m;
    case 'retry':
      return m.phase === 'loadFailed'
        ? { ...m, phase: 'loading', alert: null, calls: call('getSubscription', undefined) }
        : m;
    case 'promotion.apply': {
      if (m.phase !== 'idle') return m;
      const code = event.code ?? '';
      if (code.trim() === '') {
        return { ...m, promotion: null, promotionErrors: ['Please enter a promotional code'] };
      }
      return subscribes(m, input)
        ? {
            ...m,
            phase: 'validatingCode',
            alert: null,
            calls: call('validatePromotionalCode', { promotionalCode: code.trim() }),
          }
        : m;
    }
    case 'xstate.done.actor.validatePromotionalCode':
      return m.phase === 'validatingCode'
        ? {
            ...m,
            phase: 'idle',
            promotion: event.output as PromotionalCode,
            promotionErrors: null,
          }
        : m;
    case 'xstate.error.actor.validatePromotionalCode':
      return m.phase === 'validatingCode'
        ? { ...m, phase: 'idle', promotion: null, promotionErrors: messagesOf(event.error) }
        : m;
    case 'promotion.remove':
      return m.phase === 'idle' ? { ...m, promotion: null, promotionErrors: null } : m;
    case 'checkout.start':
      return m.phase === 'idle' && subscribes(m, input)
        ? {
            ...m,
            phase: 'creatingCheckout',
            alert: null,
            calls: call('createCheckoutSession', {
              promotionalCode: m.promotion?.promotionalCode ?? null,
            }),
          }
        : m;
    case 'xstate.done.actor.createCheckoutSession':
      return m.phase === 'creatingCheckout'
        ? {
            ...m,
            phase: 'goingToCheckout',
            opened: [...m.opened, `checkout ${(event.output as { url: string }).url}`],
          }
        : m;
    case 'xstate.error.actor.createCheckoutSession':
      return m.phase === 'creatingCheckout'
        ? { ...m, phase: 'idle', alert: 'checkoutFailed', failure: messagesOf(event.error) }
        : m;
    case 'portal.open':
      return m.phase === 'idle' && manages(m, input)
        ? {
            ...m,
            phase: 'openingPortal',
            alert: null,
            calls: call('createBillingPortalSession', undefined),
          }
        : m;
    case 'xstate.done.actor.createBillingPortalSession':
      return m.phase === 'openingPortal'
        ? {
            ...m,
            phase: 'goingToPortal',
            opened: [...m.opened, `portal ${(event.output as { url: string }).url}`],
          }
        : m;
    case 'xstate.error.actor.createBillingPortalSession':
      return m.phase === 'openingPortal'
        ? { ...m, phase: 'idle', alert: 'portalFailed', failure: messagesOf(event.error) }
        : m;
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const failureTitles = {
  confirmFailed: 'Error confirming the subscription',
  checkoutFailed: 'Error starting the checkout',
  portalFailed: 'Error opening the billing portal',
} as const;
function alertOf(m: Model) {
  switch (m.alert) {
    case null:
      return null;
    case 'loadFailed':
      return {
        kind: 'loadFailed',
        level: 'danger',
        title: null,
        messages: ['Error getting subscription status'],
      };
    case 'subscribed':
      return {
        kind: 'subscribed',
        level: 'success',
        title: 'Subscribed',
        messages: ['Thank you: your subscription has started.'],
      };
    case 'checkoutCanceled':
      return {
        kind: 'checkoutCanceled',
        level: 'info',
        title: null,
        messages: ['The checkout was canceled: nothing was charged.'],
      };
    default:
      return { kind: m.alert, level: 'danger', title: failureTitles[m.alert], messages: m.failure };
  }
}

/**
 * The spec's table of the Subscription screen's states (§2.3 Subscription, §4 Subscription
 * expiry, §6): confirming (back from checkout: the session id is confirmed), loading (GET the
 * subscription), loadFailed (with a retry), then the subscription shown (ready): idle, or busy
 * validatingCode, creatingCheckout, openingPortal, goingToCheckout or goingToPortal (the page is
 * left for the provider). The flow never ends by itself.
 */
const state = (): SpecState => ({
  value: ready(model) ? { ready: model.phase } : model.phase,
  done: false,
  shown: model,
});

interface Spies {
  promises: FakePromises;
  opened: string[];
}

function expectShown(
  s: plan.SubscriptionPlanSnapshot,
  spies: Spies,
  input: plan.SubscriptionPlanInput,
) {
  expect(plan.selectPlanLoading(s)).toBe(model.phase === 'loading' || model.phase === 'confirming');
  expect(plan.selectPlanLoadFailed(s)).toBe(model.phase === 'loadFailed');
  expect(plan.selectStatusWords(s)?.text ?? null).toBe(
    model.reading ? (WORDS.get(model.reading) ?? null) : null,
  );
  expect(plan.selectCanSubscribe(s)).toBe(subscribes(model, input));
  // Every reading of the model has the plan: its price shows wherever Subscribe does.
  expect(plan.selectPlanPrice(s)).toEqual(
    subscribes(model, input)
      ? { name: 'Givedrop subscription, monthly', price: '£12.00 a month' }
      : null,
  );
  expect(plan.selectCanManage(s)).toBe(manages(model, input));
  expect(plan.selectValidatingCode(s)).toBe(model.phase === 'validatingCode');
  expect(plan.selectStartingCheckout(s)).toBe(
    model.phase === 'creatingCheckout' || model.phase === 'goingToCheckout',
  );
  expect(plan.selectOpeningPortal(s)).toBe(
    model.phase === 'openingPortal' || model.phase === 'goingToPortal',
  );
  expect(plan.selectPlanBusy(s)).toBe(ready(model) && model.phase !== 'idle');
  expect(plan.selectPromotion(s)).toEqual(model.promotion);
  expect(plan.selectPromotionErrors(s)).toEqual(model.promotionErrors);
  expect(plan.selectPlanAlert(s)).toEqual(alertOf(model));
  expect(spies.promises.calls).toEqual(model.calls);
  expect(spies.opened).toEqual(model.opened);
  // The invoice table runs while the subscription shows, with the customer's id.
  const invoices = plan.selectInvoicesRef(s);
  if (ready(model)) {
    expect(invoices?.getSnapshot().context).toEqual({
      input: { customerId: model.reading?.details.customerId ?? null },
    });
  } else {
    expect(invoices).toBeUndefined();
  }
  // The session id is confirmed once, then forgotten.
  expect(s.context.sessionId).toBe(model.phase === 'confirming' ? input.sessionId : null);
}

const administrator: plan.SubscriptionPlanInput = {
  isAdministrator: true,
  sessionId: null,
  checkoutCanceled: false,
};

await describePathsForInputs<Spies, plan.SubscriptionPlanInput>({
  machine: plan.subscriptionPlanMachine,
  unhandled: true,
  inputs: [
    { name: 'an Administrator', input: administrator },
    {
      name: 'an Administrator back from checkout',
      input: { ...administrator, sessionId: 'cs_1' },
    },
    {
      name: 'an Administrator who canceled the checkout',
      input: { ...administrator, checkoutCanceled: true },
    },
    { name: 'a Standard User', input: { ...administrator, isAdministrator: false } },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies: Spies = { promises, opened: [] };
    const machine = plan.subscriptionPlanMachine.provide({
      actors: {
        ...promises.actors(
          'getSubscription',
          'validateSession',
          'validatePromotionalCode',
          'createCheckoutSession',
          'createBillingPortalSession',
        ),
        invoices: inertMachine('invoices') as never,
      },
      actions: {
        openCheckout: (_, url) => spies.opened.push(`checkout ${url}`),
        openPortal: (_, url) => spies.opened.push(`portal ${url}`),
      },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'retry' },
    { type: 'promotion.apply', code: ' WELCOME20 ' },
    { type: 'promotion.apply', code: '  ' },
    { type: 'promotion.remove' },
    { type: 'checkout.start' },
    { type: 'portal.open' },
    { type: 'alert.dismiss' },
    ...settled('getSubscription', [trial, active, canceled], [new Error('network down')]),
    ...settled('validateSession', [active], [replayed]),
    ...settled('validatePromotionalCode', [welcome], [invalidCode]),
    {
      type: 'xstate.done.actor.createCheckoutSession',
      output: { sessionId: 'cs_9', url: CHECKOUT_URL },
    },
    { type: 'xstate.error.actor.createCheckoutSession', error: unavailable },
    ...settled('createBillingPortalSession', [{ url: PORTAL_URL }], [unavailable]),
  ],
  afterStep: ({ event, snapshot }, spies, input) => {
    model = next(model, event, input);
    expectShown(snapshot as plan.SubscriptionPlanSnapshot, spies, input);
  },
  spec: {
    initial: (_spies, input) => {
      model = start(input);
      return state();
    },
    after: state,
  },
  afterPath: (plan, spies, _promises, input) => {
    if (plan.steps.length === 0) {
      model = start(input);
      expect(spies.promises.calls).toEqual(model.calls);
    }
  },
});

describe('the subscription status in words (spec §2.3, §4 Subscription expiry)', () => {
  const at = AT;
  const day = (iso: string) => iso;
  it.each([
    [
      'a trial',
      { isTrialing: true, trialEndDate: day('2026-06-15T12:00:00Z') },
      'trialing',
      `trialing until ${shown('2026-06-15T12:00:00Z')}`,
    ],
    [
      'a trial whose end has passed',
      { isTrialing: true, trialEndDate: '2026-05-31T12:00:00Z' },
      'trialEnded',
      `trial ended on ${shown('2026-05-31T12:00:00Z')}`,
    ],
    ['a trial without an end', { isTrialing: true }, 'trialing', 'trialing'],
    [
      'an active subscription',
      { subscriptionStatus: 'active', currentPeriodEndDate: '2026-07-01T12:00:00Z' },
      'active',
      `active until ${shown('2026-07-01T12:00:00Z')}`,
    ],
    [
      'an active subscription without a period end',
      { subscriptionStatus: 'active' },
      'active',
      'active',
    ],
    [
      'a cancel at period end',
      {
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEndDate: '2026-07-01T12:00:00Z',
      },
      'cancelsAtPeriodEnd',
      `cancels at period end on ${shown('2026-07-01T12:00:00Z')}`,
    ],
    [
      'a cancel at a period end that has passed',
      {
        subscriptionStatus: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEndDate: '2026-05-01T12:00:00Z',
      },
      'canceled',
      'canceled',
    ],
    [
      'a canceled subscription',
      { subscriptionStatus: 'canceled', currentPeriodEndDate: '2026-07-01T12:00:00Z' },
      'canceled',
      'canceled',
    ],
    [
      'a canceled trial',
      { subscriptionStatus: 'canceled', isTrialing: true, trialEndDate: '2026-07-01T12:00:00Z' },
      'canceled',
      'canceled',
    ],
    [
      'another provider status',
      { subscriptionStatus: 'past_due', currentPeriodEndDate: '2026-07-01T12:00:00Z' },
      'other',
      'past due',
    ],
    ['no subscription', {}, 'none', 'no subscription'],
  ] as const)('%s', (_name, details, kind, text) => {
    expect(plan.statusWords({ details: { ...base, ...details }, at })).toEqual({ kind, text });
  });

  it('keeps the same words while the reading is the same (no re-render)', () => {
    const snapshot = { context: { reading: trial } } as unknown as plan.SubscriptionPlanSnapshot;
    expect(plan.selectStatusWords(snapshot)).toBe(plan.selectStatusWords(snapshot));
  });
});

describe("Subscribe's price (issue 34 point 3)", () => {
  const price = (amount: number, currency: string, interval: string | null) =>
    plan.planPrice({ description: 'Plan', amount, currency, interval })?.price;

  it.each([
    ['pounds a month', 1200, 'gbp', 'month', '£12.00 a month'],
    ['dollars a year', 950, 'usd', 'year', 'US$9.50 a year'],
    ['euros a week', 123450, 'eur', 'week', '€1,234.50 a week'],
    ['a currency without minor units', 1200, 'jpy', 'month', 'JP¥1,200 a month'],
    ['a one-off price', 1200, 'gbp', null, '£12.00'],
    ['another interval', 1200, 'gbp', 'fortnight', '£12.00 every fortnight'],
    ['a code Intl does not know', 1200, 'zz', 'month', 'ZZ 12.00 a month'],
  ] as const)('%s', (_name, amount, currency, interval, words) => {
    expect(price(amount, currency, interval)).toBe(words);
  });

  it('shows no price when the server said none', () => {
    expect(plan.planPrice(null)).toBeNull();
  });
});
