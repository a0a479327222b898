import { describe, expect, it, vi } from 'vitest';
import {
  isSubscriptionCanceled,
  isTrialEnded,
  subscriptionMachine,
} from '../../src/machines/subscriptionMachine';
import { FUTURE, makeStatus, PAST } from '../support/fixtures';
import { describePaths, FakePromises } from '../support/pathHarness';

/** The poll's clock: every reading is taken now (PAST is before it, FUTURE after). */
const NOW = Date.UTC(2026, 10, 24);
const active = { status: makeStatus(), at: NOW };
const trialEnded = { status: makeStatus({ isTrialing: true, trialEndDate: PAST }), at: NOW };
const canceled = { status: makeStatus({ subscriptionStatus: 'canceled' }), at: NOW };
/** A trial that ends later: not expired when read now, expired when read after its end. */
const endsLater = makeStatus({ isTrialing: true, trialEndDate: FUTURE });
const beforeItsEnd = { status: endsLater, at: NOW };
const afterItsEnd = { status: endsLater, at: Date.parse(FUTURE) + 1 };

for (const expiredFlag of [false, true]) {
  await describePaths({
    machine: subscriptionMachine,
    input: { userId: 7, expiredFlag },
    build: () => {
      const promises = new FakePromises();
      const spies = {
        setExpiredFlag: vi.fn(),
        clearExpiredFlag: vi.fn(),
        resetOnboardingStep: vi.fn(),
        goHome: vi.fn(),
        logLoadError: vi.fn(),
      };
      const machine = subscriptionMachine.provide({
        actors: { getCurrentTenantStatus: promises.logic('getCurrentTenantStatus') as never },
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
      { type: 'xstate.done.actor.getCurrentTenantStatus', output: active },
      { type: 'xstate.done.actor.getCurrentTenantStatus', output: trialEnded },
      { type: 'xstate.done.actor.getCurrentTenantStatus', output: canceled },
      { type: 'xstate.done.actor.getCurrentTenantStatus', output: beforeItsEnd },
      { type: 'xstate.done.actor.getCurrentTenantStatus', output: afterItsEnd },
      { type: 'xstate.error.actor.getCurrentTenantStatus', error: new Error('offline') },
    ],
    afterStep: ({ event, elapsedMs }) => {
      // Spec §9: the tenant status is polled every 60 s.
      if (event.type.startsWith('xstate.after.')) expect(elapsedMs).toBe(60_000);
    },
    afterPath: (plan, spies) => {
      const outputs = plan.steps
        .map((s) => s.event as { type: string; output?: unknown })
        .filter((e) => e.type === 'xstate.done.actor.getCurrentTenantStatus')
        .map((e) => e.output);
      // Count the flag changes the statuses should cause, starting from the input flag.
      let flagged = expiredFlag;
      let sets = 0;
      let clears = 0;
      for (const status of outputs) {
        // Expired: the trial ended or the subscription was canceled, as of the reading's time.
        const expired = [trialEnded, canceled, afterItsEnd].includes(status as never);
        if (expired && !flagged) {
          flagged = true;
          sets += 1;
        } else if (!expired && flagged) {
          flagged = false;
          clears += 1;
        }
      }
      expect(spies.setExpiredFlag).toHaveBeenCalledTimes(sets);
      expect(spies.goHome).toHaveBeenCalledTimes(sets);
      expect(spies.resetOnboardingStep).toHaveBeenCalledTimes(sets);
      if (sets) expect(spies.resetOnboardingStep).toHaveBeenCalledWith(7);
      expect(spies.clearExpiredFlag).toHaveBeenCalledTimes(clears);
      const failures = plan.steps.filter((s) => s.event.type.startsWith('xstate.error.')).length;
      expect(spies.logLoadError).toHaveBeenCalledTimes(failures);
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
});
