import { DateTime } from 'luxon';
import {
  assign,
  fromPromise,
  setup,
  type ActorRefFrom,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import {
  paymentTexts,
  type BillingPortalSession,
  type CheckoutSession,
  type CreateCheckoutSessionRequest,
  type PromotionalCode,
  type SubscriptionDetails,
  type SubscriptionPlan,
  type ValidatePromotionalCodeRequest,
  type ValidateSessionRequest,
} from '../../../contract/payments';
import { formatMoney } from '../../../contract/money';
import { messagesFrom, titledFailure } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';
import { formatDay, invoicesMachine } from './invoicesMachine';

/**
 * The Subscription / Invoices screen's machine. Its id is `subscriptionPlan`, not `subscription`:
 * that id belongs to src/machines/subscriptionMachine.ts, the app's 60 s tenant-status poll
 * (spec §4 Subscription expiry), and the inspector, the diagrams and the path coverage all name
 * machines by id.
 */

/** The screen's texts (spec §8 Account; the others are this screen's own). */
export const subscriptionPlanTexts = {
  loadFailed: paymentTexts.subscriptionStatusFailed,
  promotionalCodeRequired: paymentTexts.promotionalCodeRequired,
  promotionalCodeInvalid: paymentTexts.promotionalCodeInvalid,
  subscribedTitle: 'Subscribed',
  subscribed: 'Thank you: your subscription has started.',
  confirmFailed: 'Error confirming the subscription',
  checkoutCanceled: 'The checkout was canceled: nothing was charged.',
  checkoutFailed: 'Error starting the checkout',
  portalFailed: 'Error opening the billing portal',
} as const;

/** What getSubscription and validateSession answer, with when it was read (the clock is the entry's). */
export interface SubscriptionReading {
  details: SubscriptionDetails;
  /** When it was read, ms since the epoch: a trial's end is compared with it. */
  at: number;
}

export interface SubscriptionPlanInput {
  /** Whether the person is an Administrator of the organisation (they subscribe; spec §6). */
  isAdministrator: boolean;
  /** The `session_id` the provider sent the browser back with after a checkout, or null. */
  sessionId: string | null;
  /** The provider sent the browser back with `checkout=canceled`. */
  checkoutCanceled: boolean;
}

export interface SubscriptionPlanAlert {
  kind:
    | 'loadFailed'
    | 'subscribed'
    | 'confirmFailed'
    | 'checkoutCanceled'
    | 'checkoutFailed'
    | 'portalFailed';
  level: 'success' | 'danger' | 'info';
  title: string | null;
  messages: string[];
}

export interface SubscriptionPlanContext {
  isAdministrator: boolean;
  sessionId: string | null;
  reading: SubscriptionReading | null;
  /** The promotional code applied (validated), or null. */
  promotion: PromotionalCode | null;
  /** Why the promotional code typed was refused, or null. */
  promotionErrors: string[] | null;
  alert: SubscriptionPlanAlert | null;
}

export type SubscriptionPlanEvent =
  | { type: 'retry' }
  | { type: 'promotion.apply'; code: string }
  | { type: 'promotion.remove' }
  | { type: 'checkout.start' }
  | { type: 'portal.open' }
  | { type: 'alert.dismiss' };

const loadFailedAlert: SubscriptionPlanAlert = {
  kind: 'loadFailed',
  level: 'danger',
  title: null,
  messages: [subscriptionPlanTexts.loadFailed],
};
const subscribedAlert: SubscriptionPlanAlert = {
  kind: 'subscribed',
  level: 'success',
  title: subscriptionPlanTexts.subscribedTitle,
  messages: [subscriptionPlanTexts.subscribed],
};
const checkoutCanceledAlert: SubscriptionPlanAlert = {
  kind: 'checkoutCanceled',
  level: 'info',
  title: null,
  messages: [subscriptionPlanTexts.checkoutCanceled],
};
const failure = (
  kind: 'confirmFailed' | 'checkoutFailed' | 'portalFailed',
  error: unknown,
): SubscriptionPlanAlert => ({
  kind,
  level: 'danger',
  ...titledFailure(error, subscriptionPlanTexts[kind]),
});

/** Spec §6: an Administrator subscribes, when the provider has no live subscription. */
const canSubscribe = (context: SubscriptionPlanContext) =>
  context.isAdministrator && context.reading !== null && context.reading.details.canSubscribe;
/** An Administrator manages a subscription (plan, card, cancel) in the provider's portal. */
const canManage = (context: SubscriptionPlanContext) =>
  context.isAdministrator && context.reading !== null && context.reading.details.customerExists;

const errorOf = ({ event }: { event: ErrorActorEvent }) => event.error;

export const subscriptionPlanMachine = setup({
  types: {
    context: {} as SubscriptionPlanContext,
    events: {} as SubscriptionPlanEvent,
    input: {} as SubscriptionPlanInput,
  },
  actors: {
    /** GET stripe/getSubscription: the organisation's subscription, with when it was read. */
    getSubscription: fromPromise<SubscriptionReading>(async () => notProvided('getSubscription')),
    /** POST stripe/validateSession {sessionId}: confirms the return from a completed checkout. */
    validateSession: fromPromise<SubscriptionReading, ValidateSessionRequest>(async () =>
      notProvided('validateSession'),
    ),
    /** POST stripe/validatePromotionalCode {promotionalCode}. */
    validatePromotionalCode: fromPromise<PromotionalCode, ValidatePromotionalCodeRequest>(
      async () => notProvided('validatePromotionalCode'),
    ),
    /** POST stripe/createCheckoutSession {promotionalCode?}: the checkout's URL. */
    createCheckoutSession: fromPromise<CheckoutSession, CreateCheckoutSessionRequest>(async () =>
      notProvided('createCheckoutSession'),
    ),
    /** POST stripe/createBillingPortalSession: the provider's billing portal's URL. */
    createBillingPortalSession: fromPromise<BillingPortalSession>(async () =>
      notProvided('createBillingPortalSession'),
    ),
    /** The invoice table (its own machine: it needs the customer id this one reads). */
    invoices: invoicesMachine,
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null,
    canSubscribe: ({ context }) => canSubscribe(context),
    canManage: ({ context }) => canManage(context),
    isCodeBlank: (_, code: string) => code.trim() === '',
  },
  actions: {
    /** The browser goes to the checkout page: a full page navigation (the entry's). */
    openCheckout: (_, _url: string) => notProvided('openCheckout'),
    /** The browser goes to the billing portal: a full page navigation (the entry's). */
    openPortal: (_, _url: string) => notProvided('openPortal'),
    assignReading: assign((_, reading: SubscriptionReading) => ({ reading })),
    assignPromotion: assign((_, promotion: PromotionalCode) => ({
      promotion,
      promotionErrors: null,
    })),
    assignPromotionErrors: assign((_, promotionErrors: string[]) => ({
      promotion: null,
      promotionErrors,
    })),
    clearPromotion: assign({ promotion: null, promotionErrors: null }),
    forgetSessionId: assign({ sessionId: null }),
    assignAlert: assign((_, alert: SubscriptionPlanAlert) => ({ alert })),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'subscriptionPlan',
  description:
    "Spec §2.3 Subscription / Invoices: the subscription's status in words (trialing until dd/MM/yyyy, active until …, cancels at period end on …, canceled) and, for an Administrator, a way to subscribe with an optional promotional code validated first (stripe/validatePromotionalCode, then stripe/createCheckoutSession: the browser goes to the checkout) or to manage the subscription in the billing portal; the return from checkout is confirmed with stripe/validateSession. 'Error getting subscription status' (spec §8) with a retry. The invoice table is the invoices machine's.",
  context: ({ input }) => ({
    isAdministrator: input.isAdministrator,
    sessionId: input.sessionId,
    reading: null,
    promotion: null,
    promotionErrors: null,
    alert: input.checkoutCanceled ? checkoutCanceledAlert : null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Whether the browser came back from a completed checkout (`session_id`).',
      always: [
        {
          guard: 'hasSessionId',
          target: 'confirming',
          description: 'Back from checkout: the checkout session is confirmed first.',
        },
        { target: 'loading', description: 'The subscription is read.' },
      ],
    },
    confirming: {
      description:
        "POST stripe/validateSession with the checkout session's id: the subscription as it now is.",
      exit: 'forgetSessionId',
      invoke: {
        id: 'validateSession',
        src: 'validateSession',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'assignReading', params: ({ event }) => event.output },
            { type: 'assignAlert', params: subscribedAlert },
          ],
          description: 'Confirmed: the subscription shows, with a thank-you.',
        },
        onError: {
          target: 'loading',
          actions: {
            type: 'assignAlert',
            params: (args) => failure('confirmFailed', errorOf(args)),
          },
          description:
            "Not confirmed (not paid, another organisation's, already confirmed): the server's message; the subscription is read as it is.",
        },
      },
    },
    loading: {
      description: 'GET stripe/getSubscription.',
      invoke: {
        id: 'getSubscription',
        src: 'getSubscription',
        onDone: {
          target: 'ready',
          actions: { type: 'assignReading', params: ({ event }) => event.output },
          description: 'The status in words, and the invoices.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignAlert', params: loadFailedAlert },
          description: "'Error getting subscription status'.",
        },
      },
    },
    loadFailed: {
      description: "'Error getting subscription status'; the person may try again.",
      on: {
        retry: { target: 'loading', actions: 'clearAlert', description: 'Try loading again.' },
      },
    },
    ready: {
      description:
        'The status in words; for an Administrator, Subscribe (with a promotional code) or Manage subscription; the invoice table.',
      invoke: {
        id: 'invoices',
        systemId: 'invoices',
        src: 'invoices',
        input: ({ context }) => ({ customerId: context.reading?.details.customerId ?? null }),
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'The status and the controls the person may use.',
          on: {
            'promotion.apply': [
              {
                guard: { type: 'isCodeBlank', params: ({ event }) => event.code },
                actions: {
                  type: 'assignPromotionErrors',
                  params: [subscriptionPlanTexts.promotionalCodeRequired],
                },
                description: "An empty code: 'Please enter a promotional code'.",
              },
              {
                guard: 'canSubscribe',
                target: 'validatingCode',
                actions: 'clearAlert',
                description: 'Apply: the promotional code is validated first.',
              },
            ],
            'promotion.remove': {
              actions: 'clearPromotion',
              description: 'The applied promotional code is removed.',
            },
            'checkout.start': {
              guard: 'canSubscribe',
              target: 'creatingCheckout',
              actions: 'clearAlert',
              description:
                'Subscribe (an Administrator, no live subscription): with the applied code, if any.',
            },
            'portal.open': {
              guard: 'canManage',
              target: 'openingPortal',
              actions: 'clearAlert',
              description: 'Manage subscription (an Administrator of a customer).',
            },
          },
        },
        validatingCode: {
          description: 'POST stripe/validatePromotionalCode.',
          invoke: {
            id: 'validatePromotionalCode',
            src: 'validatePromotionalCode',
            input: ({ event }) => ({
              promotionalCode: event.type === 'promotion.apply' ? event.code.trim() : '',
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'assignPromotion', params: ({ event }) => event.output },
              description: "Valid: what it takes off (e.g. '20% off') shows.",
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignPromotionErrors',
                params: (args) =>
                  messagesFrom(errorOf(args), subscriptionPlanTexts.promotionalCodeInvalid),
              },
              description: "Refused: 'This promotional code is not valid.'",
            },
          },
        },
        creatingCheckout: {
          description: 'POST stripe/createCheckoutSession with the applied promotional code.',
          invoke: {
            id: 'createCheckoutSession',
            src: 'createCheckoutSession',
            input: ({ context }) => ({
              promotionalCode: context.promotion?.promotionalCode ?? null,
            }),
            onDone: {
              target: 'goingToCheckout',
              actions: { type: 'openCheckout', params: ({ event }) => event.output.url },
              description: "The browser goes to the provider's checkout page.",
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignAlert',
                params: (args) => failure('checkoutFailed', errorOf(args)),
              },
              description: "'Error starting the checkout', with the server's message.",
            },
          },
        },
        openingPortal: {
          description: 'POST stripe/createBillingPortalSession.',
          invoke: {
            id: 'createBillingPortalSession',
            src: 'createBillingPortalSession',
            onDone: {
              target: 'goingToPortal',
              actions: { type: 'openPortal', params: ({ event }) => event.output.url },
              description: "The browser goes to the provider's billing portal.",
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'assignAlert',
                params: (args) => failure('portalFailed', errorOf(args)),
              },
              description: "'Error opening the billing portal', with the server's message.",
            },
          },
        },
        goingToCheckout: {
          description: "The browser is on its way to the provider's checkout page.",
        },
        goingToPortal: {
          description: "The browser is on its way to the provider's billing portal.",
        },
      },
    },
  },
});

export type SubscriptionPlanSnapshot = SnapshotFrom<typeof subscriptionPlanMachine>;

/** The subscription's status in words (spec §2.3 and issue 18). */
export interface SubscriptionStatusWords {
  kind: 'trialing' | 'trialEnded' | 'active' | 'cancelsAtPeriodEnd' | 'canceled' | 'other' | 'none';
  text: string;
}

const passed = (iso: string | null, at: number) =>
  iso !== null && DateTime.fromISO(iso) < DateTime.fromMillis(at);

/**
 * Spec §4 Subscription expiry's conditions, in words: canceled (its status, or a cancel at period
 * end whose date has passed); trialing until dd/MM/yyyy (trial ended on … once passed); cancels at
 * period end on …; active until …; another provider status as it is; none.
 */
export function statusWords({ details, at }: SubscriptionReading): SubscriptionStatusWords {
  const status = details.subscriptionStatus;
  if (
    status === 'canceled' ||
    (details.cancelAtPeriodEnd && passed(details.currentPeriodEndDate, at))
  ) {
    return { kind: 'canceled', text: 'canceled' };
  }
  if (details.isTrialing) {
    const end = details.trialEndDate;
    if (end === null) return { kind: 'trialing', text: 'trialing' };
    return passed(end, at)
      ? { kind: 'trialEnded', text: `trial ended on ${formatDay(end)}` }
      : { kind: 'trialing', text: `trialing until ${formatDay(end)}` };
  }
  const periodEnd = details.currentPeriodEndDate;
  if (details.cancelAtPeriodEnd && periodEnd !== null) {
    return { kind: 'cancelsAtPeriodEnd', text: `cancels at period end on ${formatDay(periodEnd)}` };
  }
  if (status === 'active') {
    return {
      kind: 'active',
      text: periodEnd === null ? 'active' : `active until ${formatDay(periodEnd)}`,
    };
  }
  if (status !== null) return { kind: 'other', text: status.replace(/_/g, ' ') };
  return { kind: 'none', text: 'no subscription' };
}

const wordsOf = new WeakMap<SubscriptionReading, SubscriptionStatusWords>();
/** The status in words (null until read); the same object while the reading is the same. */
export function selectStatusWords(s: SubscriptionPlanSnapshot): SubscriptionStatusWords | null {
  const reading = s.context.reading;
  if (!reading) return null;
  let words = wordsOf.get(reading);
  if (!words) {
    words = statusWords(reading);
    wordsOf.set(reading, words);
  }
  return words;
}

export const selectPlanLoading = (s: SubscriptionPlanSnapshot) =>
  s.matches('starting') || s.matches('loading') || s.matches('confirming');
export const selectPlanLoadFailed = (s: SubscriptionPlanSnapshot) => s.matches('loadFailed');
/** Subscribe with a promotional code: an Administrator, no live subscription (spec §6). */
export const selectCanSubscribe = (s: SubscriptionPlanSnapshot) =>
  s.matches('ready') && canSubscribe(s.context);
/** Manage subscription (the billing portal): an Administrator of a customer. */
export const selectCanManage = (s: SubscriptionPlanSnapshot) =>
  s.matches('ready') && canManage(s.context);
export const selectValidatingCode = (s: SubscriptionPlanSnapshot) =>
  s.matches({ ready: 'validatingCode' });
/** Subscribe is on its way to the checkout page. */
export const selectStartingCheckout = (s: SubscriptionPlanSnapshot) =>
  s.matches({ ready: 'creatingCheckout' }) || s.matches({ ready: 'goingToCheckout' });
/** Manage subscription is on its way to the billing portal. */
export const selectOpeningPortal = (s: SubscriptionPlanSnapshot) =>
  s.matches({ ready: 'openingPortal' }) || s.matches({ ready: 'goingToPortal' });
/** One of the controls is busy (or the browser is leaving): the others wait. */
export const selectPlanBusy = (s: SubscriptionPlanSnapshot) =>
  s.matches('ready') && !s.matches({ ready: 'idle' });
/** The applied promotional code and what it takes off, or null. */
export const selectPromotion = (s: SubscriptionPlanSnapshot) => s.context.promotion;
export const selectPromotionErrors = (s: SubscriptionPlanSnapshot) => s.context.promotionErrors;
export const selectPlanAlert = (s: SubscriptionPlanSnapshot) => s.context.alert;
/** How often the plan is charged, in words after its price. */
const intervalWords: Readonly<Record<string, string>> = {
  day: 'a day',
  week: 'a week',
  month: 'a month',
  year: 'a year',
};

/** The plan's price ('£12.00 a month') and name, or null (none, or the price is unknown). */
export function planPrice(plan: SubscriptionPlan | null): { name: string; price: string } | null {
  if (plan === null) return null;
  const every =
    plan.interval === null ? '' : ` ${intervalWords[plan.interval] ?? `every ${plan.interval}`}`;
  return { name: plan.description, price: `${formatMoney(plan.amount, plan.currency)}${every}` };
}

const pricesOf = new WeakMap<SubscriptionReading, { name: string; price: string } | null>();
/**
 * Subscribe's plan and price, shown before checkout (issue 34 point 3): only where Subscribe is
 * offered, and only when the server said the plan; the same object while the reading is the same.
 */
export function selectPlanPrice(
  s: SubscriptionPlanSnapshot,
): { name: string; price: string } | null {
  const reading = s.context.reading;
  if (!selectCanSubscribe(s) || reading === null) return null;
  if (!pricesOf.has(reading)) pricesOf.set(reading, planPrice(reading.details.plan));
  return pricesOf.get(reading) ?? null;
}

/** The invoice table's actor (running while the subscription shows). */
export const selectInvoicesRef = (s: SubscriptionPlanSnapshot) =>
  s.children.invoices as ActorRefFrom<typeof invoicesMachine> | undefined;
