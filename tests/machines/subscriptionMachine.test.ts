import { describe, expect, it, vi } from 'vitest';
import {
  isSubscriptionCanceled,
  isTrialEnded,
  selectIsOnboarding,
  selectStatusKnown,
  subscriptionMachine,
  subscriptionTexts,
  type SubscriptionSnapshot,
  type TenantStatusReading,
} from '../../src/machines/subscriptionMachine';
import { FUTURE, makeStatus, PAST } from '../support/fixtures';
import {
  describePaths,
  FakePromises,
  pendingDelays,
  watched,
  type SpecState,
  type SystemWatch,
} from '../support/pathHarness';

/** The poll's clock: every reading is taken now (PAST is before it, FUTURE after). */
const NOW = Date.UTC(2026, 10, 24);
const END = Date.parse(FUTURE);

/**
 * The readings a poll can answer, each labelled by hand from spec §4 Subscription expiry: the
 * trial has ended when isTrialing is set and trialEndDate has passed; the subscription is
 * canceled when subscriptionStatus is canceled, or when cancelAtPeriodEnd is set and
 * currentPeriodEndDate has passed. Readings of a tenant still onboarding come first, so that the
 * first path through each branch carries isOnboarding (the plan keeps one payload per branch).
 */
const readings: { reading: TenantStatusReading; expired: boolean }[] = [
  { reading: { status: makeStatus({ isOnboarding: true }), at: NOW }, expired: false },
  {
    reading: {
      status: makeStatus({ isTrialing: true, trialEndDate: PAST, isOnboarding: true }),
      at: NOW,
    },
    expired: true,
  },
  { reading: { status: makeStatus(), at: NOW }, expired: false },
  { reading: { status: makeStatus({ subscriptionStatus: 'canceled' }), at: NOW }, expired: true },
  {
    reading: {
      status: makeStatus({ cancelAtPeriodEnd: true, currentPeriodEndDate: PAST }),
      at: NOW,
    },
    expired: true,
  },
  {
    reading: {
      status: makeStatus({ cancelAtPeriodEnd: true, currentPeriodEndDate: FUTURE }),
      at: NOW,
    },
    expired: false,
  },
  // A trial that ends later: not ended before its end nor at that very moment, ended after it.
  {
    reading: { status: makeStatus({ isTrialing: true, trialEndDate: FUTURE }), at: NOW },
    expired: false,
  },
  {
    reading: { status: makeStatus({ isTrialing: true, trialEndDate: FUTURE }), at: END },
    expired: false,
  },
  {
    reading: { status: makeStatus({ isTrialing: true, trialEndDate: FUTURE }), at: END + 1 },
    expired: true,
  },
  // isTrialing without an end date: not ended.
  {
    reading: { status: makeStatus({ isTrialing: true, trialEndDate: null }), at: NOW },
    expired: false,
  },
];
const offline = new Error('offline');

/**
 * What the app sees of the subscription, step by step (spec §4, §8 'Failed to fetch tenant
 * status information', §9 poll every 60 s). The poll delay is not overridden by the composition
 * root (src/app/appLogic.ts): it is checked at its real length.
 */
interface Shown {
  flagged: boolean;
  /** The last status read (kept when a later poll fails). */
  status: TenantStatusReading['status'] | null;
  failedOnce: boolean;
  polls: number;
  /** The wait before the next poll, while one is pending. */
  pollInMs: number | null;
  sets: number;
  clears: number;
  logged: number;
}

let shown: Shown;
const start = (expiredFlag: boolean): Shown => ({
  flagged: expiredFlag,
  status: null,
  failedOnce: false,
  polls: 1,
  pollInMs: null,
  sets: 0,
  clears: 0,
  logged: 0,
});

function expected(event: { type: string; output?: unknown }): Shown {
  const polling = shown.pollInMs === null;
  if (event.type === 'xstate.done.actor.getCurrentTenantStatus' && polling) {
    const label = readings.find((r) => r.reading === event.output);
    if (!label) throw new Error('unknown reading');
    const next = { ...shown, status: label.reading.status, pollInMs: 60_000 };
    if (label.expired && !shown.flagged) return { ...next, flagged: true, sets: shown.sets + 1 };
    if (!label.expired && shown.flagged) {
      return { ...next, flagged: false, clears: shown.clears + 1 };
    }
    return next;
  }
  if (event.type === 'xstate.error.actor.getCurrentTenantStatus' && polling) {
    // Logged, and tried again at the next poll.
    return { ...shown, failedOnce: true, logged: shown.logged + 1, pollInMs: 60_000 };
  }
  if (event.type.startsWith('xstate.after.') && !polling) {
    return { ...shown, polls: shown.polls + 1, pollInMs: null };
  }
  return shown;
}

/**
 * The spec's table of the subscription poll (spec §4, §9): checking (the tenant status is
 * requested), waiting (60 s until the next poll). It never ends while signed in.
 */
const state = (): SpecState => ({
  value: shown.pollInMs === null ? 'checking' : 'waiting',
  shown,
});

/** What the access rules read (src/machines/appRules.ts tenantOf). */
function checkSelectors(snapshot: SubscriptionSnapshot) {
  expect(selectStatusKnown(snapshot)).toBe(shown.status !== null || shown.failedOnce);
  expect(selectIsOnboarding(snapshot)).toBe(shown.status?.isOnboarding ?? false);
}

for (const expiredFlag of [false, true]) {
  await describePaths({
    machine: subscriptionMachine,
    unhandled: true,
    input: { userId: 7, expiredFlag },
    build: () => {
      const promises = new FakePromises();
      const watch: SystemWatch = { system: null };
      const spies = {
        setExpiredFlag: vi.fn(),
        clearExpiredFlag: vi.fn(),
        resetOnboardingStep: vi.fn(),
        goHome: vi.fn(),
        logLoadError: vi.fn(),
        promises,
        watch,
      };
      const machine = subscriptionMachine.provide({
        actors: {
          getCurrentTenantStatus: watched(promises.logic('getCurrentTenantStatus'), watch) as never,
        },
        actions: {
          setExpiredFlag: () => spies.setExpiredFlag(),
          clearExpiredFlag: () => spies.clearExpiredFlag(),
          resetOnboardingStep: (_, userId) => spies.resetOnboardingStep(userId),
          goHome: () => spies.goHome(),
          logLoadError: (_, error) => spies.logLoadError(error),
        },
      });
      return { machine, promises, spies };
    },
    events: [
      ...readings.map(({ reading }) => ({
        type: 'xstate.done.actor.getCurrentTenantStatus',
        output: reading,
      })),
      { type: 'xstate.error.actor.getCurrentTenantStatus', error: offline },
    ],
    afterStep: ({ event, snapshot, previous, index, elapsedMs }, spies) => {
      // Signed in: the status is polled at once and is unknown until the answer.
      if (index === 0) checkSelectors(previous);
      const before = shown;
      shown = expected(event);
      // Spec §9: the tenant status is polled every 60 s.
      expect(elapsedMs).toBe(event.type.startsWith('xstate.after.') ? before.pollInMs : 0);
      checkSelectors(snapshot);
      expect(spies.promises.calls.length).toBe(shown.polls);
      expect(pendingDelays(spies.watch)).toEqual(shown.pollInMs === null ? [] : [shown.pollInMs]);
      // Newly expired: flag set, onboarding step of user 7 back to 2, and the app goes to /.
      expect(spies.setExpiredFlag).toHaveBeenCalledTimes(shown.sets);
      expect(spies.goHome).toHaveBeenCalledTimes(shown.sets);
      expect(spies.resetOnboardingStep.mock.calls).toEqual(
        Array.from({ length: shown.sets }, () => [7]),
      );
      // No longer expired: the flag is cleared.
      expect(spies.clearExpiredFlag).toHaveBeenCalledTimes(shown.clears);
      // A failed load is logged with its error.
      expect(spies.logLoadError.mock.calls).toEqual(
        Array.from({ length: shown.logged }, () => [offline]),
      );
      expect(snapshot.status).toBe('active');
    },
    spec: {
      initial: () => {
        shown = start(expiredFlag);
        return state();
      },
      after: state,
    },
    afterPath: (plan, _spies, promises) => {
      // One poll at once, then one per 60 s wait, each with nothing to send.
      const polls = 1 + plan.steps.filter((s) => s.event.type.startsWith('xstate.after.')).length;
      expect(promises.calls).toEqual(
        Array.from({ length: polls }, () => ({ name: 'getCurrentTenantStatus', input: undefined })),
      );
    },
  });
}

describe('expiry conditions (spec §4)', () => {
  const now = Date.UTC(2026, 10, 21);
  it('trial ended: isTrialing and trialEndDate passed', () => {
    expect(isTrialEnded(makeStatus({ isTrialing: true, trialEndDate: PAST }), now)).toBe(true);
    expect(isTrialEnded(makeStatus({ isTrialing: true, trialEndDate: FUTURE }), now)).toBe(false);
    expect(isTrialEnded(makeStatus({ isTrialing: false, trialEndDate: PAST }), now)).toBe(false);
    expect(isTrialEnded(makeStatus({ isTrialing: true, trialEndDate: null }), now)).toBe(false);
  });
  it('canceled: status canceled, or cancelAtPeriodEnd with the period end passed', () => {
    expect(isSubscriptionCanceled(makeStatus({ subscriptionStatus: 'canceled' }), now)).toBe(true);
    expect(
      isSubscriptionCanceled(
        makeStatus({ cancelAtPeriodEnd: true, currentPeriodEndDate: PAST }),
        now,
      ),
    ).toBe(true);
    expect(
      isSubscriptionCanceled(
        makeStatus({ cancelAtPeriodEnd: true, currentPeriodEndDate: FUTURE }),
        now,
      ),
    ).toBe(false);
    expect(
      isSubscriptionCanceled(
        makeStatus({ cancelAtPeriodEnd: false, currentPeriodEndDate: PAST }),
        now,
      ),
    ).toBe(false);
  });
  it("a failed load reads 'Failed to fetch tenant status information' (spec §8)", () => {
    expect(subscriptionTexts.loadFailed).toBe('Failed to fetch tenant status information');
  });
});
