import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  paymentTexts,
  type BillingPortalSession,
  type SubscriptionDetails,
} from '../../../contract/payments';
import { failureAlert, type MachineAlert } from '../../machines/alerts';
import { createLoadEditSaveMachine } from '../../machines/loadEditSaveFactory';
import { notProvided } from '../../machines/notProvided';

export const integrationTexts = {
  loadFailed: paymentTexts.subscriptionStatusFailed,
  portalFailed: 'Error opening the billing portal',
} as const;

export interface IntegrationInput {
  /** Whether the person is an Administrator of the organisation (the portal is theirs; spec §6). */
  isAdministrator: boolean;
}

export type IntegrationAlert = MachineAlert<'loadFailed' | 'portalFailed', 'danger'>;

export interface IntegrationContext {
  isAdministrator: boolean;
  details: SubscriptionDetails | null;
  alert: IntegrationAlert | null;
}

export type IntegrationEvent =
  { type: 'retry' } | { type: 'portal.open' } | { type: 'alert.dismiss' };

/** The billing portal is for an Administrator of an organisation with a customer. */
const canOpenPortal = (context: IntegrationContext) =>
  context.isAdministrator && context.details !== null && context.details.customerExists;

export const integrationMachine = createLoadEditSaveMachine({
  types: {
    context: {} as IntegrationContext,
    events: {} as IntegrationEvent,
    input: {} as IntegrationInput,
    data: {} as SubscriptionDetails,
  },
  id: 'integration',
  description:
    "Issue 18 item 5, Integration (/account/organisation/integration): the organisation's connection to the payment provider — whether a customer exists, its id, the subscription's id and status — and, for an Administrator, a button to the provider's billing portal (a full page navigation; the portal sends the browser back here). 'Error getting subscription status' (spec §8) with a retry.",
  context: (input) => ({ isAdministrator: input.isAdministrator, details: null, alert: null }),
  actors: {
    /** GET stripe/getSubscription: the organisation's customer and subscription. */
    getSubscription: fromPromise<SubscriptionDetails>(async () => notProvided('getSubscription')),
    /** POST stripe/createBillingPortalSession: the provider's billing portal's URL. */
    createBillingPortalSession: fromPromise<BillingPortalSession>(async () =>
      notProvided('createBillingPortalSession'),
    ),
  },
  guards: {
    canOpenPortal: ({ context }) => canOpenPortal(context),
  },
  actions: {
    /** The browser goes to the billing portal: a full page navigation (the entry's). */
    openPortal: (_, _url: string) => notProvided('openPortal'),
  },
  assignData: (details) => ({ details }),
  load: {
    actor: 'getSubscription',
    description: 'GET stripe/getSubscription.',
    loaded: 'The customer and the subscription show.',
    failed: {
      title: null,
      text: integrationTexts.loadFailed,
      description: "'Error getting subscription status'.",
      stateDescription: "'Error getting subscription status'; the person may try again.",
    },
  },
  ready: {
    description: 'The connection to the payment provider.',
    on: {
      'portal.open': {
        guard: 'canOpenPortal',
        target: 'openingPortal',
        actions: 'clearAlert',
        description: 'Open the billing portal (an Administrator of a customer).',
      },
    },
  },
  states: {
    openingPortal: {
      description: 'POST stripe/createBillingPortalSession.',
      invoke: {
        id: 'createBillingPortalSession',
        src: 'createBillingPortalSession',
        onDone: {
          target: 'goingToPortal',
          actions: {
            type: 'openPortal',
            params: ({ event }) => (event.output as BillingPortalSession).url,
          },
          description: "The browser goes to the provider's billing portal.",
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'assignAlert',
            params: ({ event }) =>
              failureAlert('portalFailed', event.error, integrationTexts.portalFailed),
          },
          description: "'Error opening the billing portal', with the server's message.",
        },
      },
    },
    goingToPortal: {
      description: "The browser is on its way to the provider's billing portal.",
    },
  },
});

export type IntegrationSnapshot = SnapshotFrom<typeof integrationMachine>;

/** The facts the screen lists (null until loaded). */
export interface IntegrationFacts {
  provider: string;
  customerExists: boolean;
  customerId: string | null;
  subscriptionId: string | null;
  subscriptionStatus: string | null;
}

const factsOf = new WeakMap<SubscriptionDetails, IntegrationFacts>();
export function selectIntegrationFacts(s: IntegrationSnapshot): IntegrationFacts | null {
  const details = s.context.details;
  if (!details) return null;
  let facts = factsOf.get(details);
  if (!facts) {
    facts = {
      provider: details.provider === 'stripe' ? 'Stripe' : 'Development stand-in',
      customerExists: details.customerExists,
      customerId: details.customerId,
      subscriptionId: details.subscriptionId,
      subscriptionStatus: details.subscriptionStatus?.replace(/_/g, ' ') ?? null,
    };
    factsOf.set(details, facts);
  }
  return facts;
}
export const selectIntegrationLoading = (s: IntegrationSnapshot) => s.matches('loading');
export const selectIntegrationLoadFailed = (s: IntegrationSnapshot) => s.matches('loadFailed');
/** The billing portal button: an Administrator of an organisation with a customer. */
export const selectCanOpenPortal = (s: IntegrationSnapshot) =>
  !s.matches('loading') && !s.matches('loadFailed') && canOpenPortal(s.context);
export const selectOpeningPortal = (s: IntegrationSnapshot) =>
  s.matches('openingPortal') || s.matches('goingToPortal');
export const selectIntegrationAlert = (s: IntegrationSnapshot) => s.context.alert;
