/**
 * Generated paths of the Integration machine, checked against a model written from issue 18
 * item 5 and spec §6, §8: the organisation's connection to the payment provider loads from
 * stripe/getSubscription ('Error getting subscription status' with a retry); an Administrator of
 * an organisation with a customer opens the billing portal (the browser goes to its URL; a
 * failure shows the server's message under 'Error opening the billing portal'); a Standard User
 * sees the facts and no button.
 */
import { expect } from 'vitest';
import type { SubscriptionDetails } from '../../../contract/payments';
import * as integration from '../../../src/features/integration/integrationMachine';
import { FakePromises, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';
import { loadStep } from '../../support/loadModel';
import { danger } from '../../support/fixtures';

const noCustomer: SubscriptionDetails = {
  provider: 'standIn',
  customerExists: false,
  customerId: null,
  subscriptionId: null,
  subscriptionStatus: null,
  isTrialing: true,
  trialEndDate: '2026-06-15T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  currentPeriodEndDate: null,
  canSubscribe: true,
  plan: null,
};
const customer: SubscriptionDetails = {
  ...noCustomer,
  provider: 'stripe',
  customerExists: true,
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  subscriptionStatus: 'past_due',
  isTrialing: false,
  canSubscribe: false,
};
/** The facts as the screen lists them, written out. */
const FACTS = new Map([
  [
    noCustomer,
    {
      provider: 'Development stand-in',
      customerExists: false,
      customerId: null,
      subscriptionId: null,
      subscriptionStatus: null,
    },
  ],
  [
    customer,
    {
      provider: 'Stripe',
      customerExists: true,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      subscriptionStatus: 'past due',
    },
  ],
]);
const unavailable = {
  messages: ['Payments are not available at the moment, please try again later.'],
  fromServer: true,
};
const PORTAL_URL = 'http://localhost/dev/portal/bps_1';

type Phase = 'loading' | 'loadFailed' | 'ready' | 'openingPortal' | 'goingToPortal';
interface Model {
  phase: Phase;
  details: SubscriptionDetails | null;
  alert: 'loadFailed' | 'portalFailed' | null;
  calls: string[];
  opened: string[];
}
const start = (): Model => ({
  phase: 'loading',
  details: null,
  alert: null,
  calls: ['getSubscription'],
  opened: [],
});
let model = start();

const portalAllowed = (m: Model, input: integration.IntegrationInput) =>
  input.isAdministrator && m.details !== null && m.details.customerExists;

function next(
  m: Model,
  event: { type: string; output?: unknown },
  input: integration.IntegrationInput,
): Model {
  const afterLoad = loadStep<Model>(m, event, {
    actor: 'getSubscription',
    loaded: (l, output) => ({ ...l, phase: 'ready', details: output as SubscriptionDetails }),
    call: 'getSubscription',
  });
  if (afterLoad) return afterLoad;
  switch (event.type) {
    case 'portal.open':
      return m.phase === 'ready' && portalAllowed(m, input)
        ? {
            ...m,
            phase: 'openingPortal',
            alert: null,
            calls: [...m.calls, 'createBillingPortalSession'],
          }
        : m;
    case 'xstate.done.actor.createBillingPortalSession':
      return m.phase === 'openingPortal'
        ? {
            ...m,
            phase: 'goingToPortal',
            opened: [...m.opened, (event.output as { url: string }).url],
          }
        : m;
    case 'xstate.error.actor.createBillingPortalSession':
      return m.phase === 'openingPortal' ? { ...m, phase: 'ready', alert: 'portalFailed' } : m;
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const alerts = {
  loadFailed: danger('loadFailed', null, 'Error getting subscription status'),
  portalFailed: {
    kind: 'portalFailed',
    level: 'danger',
    title: 'Error opening the billing portal',
    messages: unavailable.messages,
  },
} as const;

interface Spies {
  promises: FakePromises;
  opened: string[];
}

/**
 * The spec's table of the screen's states: loading (stripe/getSubscription), loadFailed ('Error
 * getting subscription status', Retry), ready (the facts, and the portal button for an
 * Administrator of a customer), openingPortal (the portal session is asked), goingToPortal (the
 * browser is on its way). None ends the flow.
 */
const state = (): SpecState => ({ value: model.phase, shown: model });

await describePathsForInputs<Spies, integration.IntegrationInput>({
  machine: integration.integrationMachine,
  unhandled: true,
  inputs: [
    { name: 'an Administrator', input: { isAdministrator: true } },
    { name: 'a Standard User', input: { isAdministrator: false } },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies: Spies = { promises, opened: [] };
    const machine = integration.integrationMachine.provide({
      actors: promises.actors('getSubscription', 'createBillingPortalSession'),
      actions: { openPortal: (_, url) => spies.opened.push(url) },
    });
    return { machine, promises, spies };
  },
  events: [
    { type: 'retry' },
    { type: 'portal.open' },
    { type: 'alert.dismiss' },
    ...settled('getSubscription', [noCustomer, customer], [new Error('network down')]),
    ...settled('createBillingPortalSession', [{ url: PORTAL_URL }], [unavailable]),
  ],
  spec: {
    initial: () => {
      model = start();
      return state();
    },
    after: state,
  },
  afterStep: ({ event, snapshot }, spies, input) => {
    model = next(model, event, input);
    const s = snapshot as integration.IntegrationSnapshot;
    expect(integration.selectIntegrationLoading(s)).toBe(model.phase === 'loading');
    expect(integration.selectIntegrationLoadFailed(s)).toBe(model.phase === 'loadFailed');
    expect(integration.selectIntegrationFacts(s)).toEqual(
      model.details ? FACTS.get(model.details) : null,
    );
    expect(integration.selectCanOpenPortal(s)).toBe(
      model.phase !== 'loading' && model.phase !== 'loadFailed' && portalAllowed(model, input),
    );
    expect(integration.selectOpeningPortal(s)).toBe(
      model.phase === 'openingPortal' || model.phase === 'goingToPortal',
    );
    expect(integration.selectIntegrationAlert(s)).toEqual(model.alert ? alerts[model.alert] : null);
    expect(spies.promises.calls.map((c) => c.name)).toEqual(model.calls);
    expect(spies.opened).toEqual(model.opened);
  },
});
