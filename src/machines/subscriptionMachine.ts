import { assign, fromPromise, setup, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { TenantStatus } from '../../contract/tenants';
import { notProvided } from './notProvided';

/** Spec §9: tenant status poll every 60 s. */
export const STATUS_POLL_MS = 60_000;

export const subscriptionTexts = {
  loadFailed: 'Failed to fetch tenant status information',
} as const;

function hasPassed(isoDate: string | null, nowMs: number): boolean {
  if (!isoDate) return false;
  const time = Date.parse(isoDate);
  return Number.isFinite(time) && time < nowMs;
}

/** The trial has ended when isTrialing is set and trialEndDate has passed (spec §4). */
export function isTrialEnded(status: TenantStatus, nowMs: number): boolean {
  return status.isTrialing && hasPassed(status.trialEndDate, nowMs);
}

/**
 * The subscription is canceled when subscriptionStatus is canceled, or when cancelAtPeriodEnd
 * is set and currentPeriodEndDate has passed (spec §4).
 */
export function isSubscriptionCanceled(status: TenantStatus, nowMs: number): boolean {
  return (
    status.subscriptionStatus === 'canceled' ||
    (status.cancelAtPeriodEnd && hasPassed(status.currentPeriodEndDate, nowMs))
  );
}

export function isSubscriptionExpired(status: TenantStatus, nowMs: number): boolean {
  return isTrialEnded(status, nowMs) || isSubscriptionCanceled(status, nowMs);
}

/** A poll's answer, with the time it was read (the clock is the poll's, not the machine's). */
export interface TenantStatusReading {
  status: TenantStatus;
  /** When the status was read, ms since the epoch. */
  at: number;
}

export interface SubscriptionInput {
  userId: number;
  /** Whether this browser session already carries the subscription-expired flag. */
  expiredFlag: boolean;
}

export interface SubscriptionContext {
  userId: number;
  expiredFlag: boolean;
  status: TenantStatus | null;
  error: string | null;
}

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    input: {} as SubscriptionInput,
  },
  actors: {
    getCurrentTenantStatus: fromPromise<TenantStatusReading>(async () =>
      notProvided('getCurrentTenantStatus'),
    ),
  },
  delays: {
    statusPoll: STATUS_POLL_MS,
  },
  guards: {
    isNewlyExpired: ({ context }, reading: TenantStatusReading) =>
      !context.expiredFlag && isSubscriptionExpired(reading.status, reading.at),
    isNoLongerExpired: ({ context }, reading: TenantStatusReading) =>
      context.expiredFlag && !isSubscriptionExpired(reading.status, reading.at),
  },
  actions: {
    assignStatus: assign((_, status: TenantStatus) => ({ status, error: null })),
    assignFlag: assign((_, expiredFlag: boolean) => ({ expiredFlag })),
    assignLoadError: assign({ error: subscriptionTexts.loadFailed }),
    /** Sets the session flag subscription-expired. */
    setExpiredFlag: () => notProvided('setExpiredFlag'),
    /** Clears the session flag subscription-expired. */
    clearExpiredFlag: () => notProvided('clearExpiredFlag'),
    /** Sets the onboarding step kept for this user to 2. */
    resetOnboardingStep: (_, _userId: number) => notProvided('resetOnboardingStep'),
    /** Goes to /. */
    goHome: () => notProvided('goHome'),
    /** Logs a failed status load. */
    logLoadError: (_, _error: unknown) => notProvided('logLoadError'),
  },
}).createMachine({
  id: 'subscription',
  description:
    'Spec §4 Subscription expiry: every 60 s while signed in, the tenant status is polled. On an ended trial or a canceled subscription, if not yet flagged, the session flag subscription-expired is set, the onboarding step for that user is set to 2 and the app goes to /. The flag is cleared when neither condition holds.',
  context: ({ input }) => ({
    userId: input.userId,
    expiredFlag: input.expiredFlag,
    status: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'GET /tenants/getCurrentTenantStatus.',
      invoke: {
        id: 'getCurrentTenantStatus',
        src: 'getCurrentTenantStatus',
        onDone: [
          {
            guard: { type: 'isNewlyExpired', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              { type: 'assignStatus', params: ({ event }) => event.output.status },
              { type: 'assignFlag', params: true },
              'setExpiredFlag',
              { type: 'resetOnboardingStep', params: ({ context }) => context.userId },
              'goHome',
            ],
            description:
              'The trial has ended or the subscription is canceled, not yet flagged: set the flag, set the onboarding step to 2, go to /.',
          },
          {
            guard: { type: 'isNoLongerExpired', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              { type: 'assignStatus', params: ({ event }) => event.output.status },
              { type: 'assignFlag', params: false },
              'clearExpiredFlag',
            ],
            description: 'Neither condition holds any more: the flag is cleared.',
          },
          {
            target: 'waiting',
            actions: { type: 'assignStatus', params: ({ event }) => event.output.status },
            description: 'Nothing changed.',
          },
        ],
        onError: {
          target: 'waiting',
          actions: [
            'assignLoadError',
            {
              type: 'logLoadError',
              params: ({ event }: { event: ErrorActorEvent }) => event.error,
            },
          ],
          description: "'Failed to fetch tenant status information'; tried again at the next poll.",
        },
      },
    },
    waiting: {
      description: 'Until the next poll.',
      after: {
        statusPoll: { target: 'checking', description: 'Every 60 s.' },
      },
    },
  },
});

export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

export const selectIsOnboarding = (s: SubscriptionSnapshot) =>
  s.context.status?.isOnboarding ?? false;
export const selectStatusKnown = (s: SubscriptionSnapshot) =>
  s.context.status !== null || s.context.error !== null;
