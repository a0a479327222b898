import { useSelector } from '@xstate/react';
import type { AppSnapshot } from '../machines/appMachine';
import { selectAuthStatus, selectUser } from '../machines/sessionMachine';
import {
  selectIsOnboarding,
  selectStatusKnown,
  type SubscriptionSnapshot,
} from '../machines/subscriptionMachine';
import { useAppRuntime } from './appContext';

const selectSessionRef = (s: AppSnapshot) => s.children.session;
const selectSubscriptionRef = (s: AppSnapshot) => s.children.subscription;
const selectLoginRef = (s: AppSnapshot) => s.children.loginForm;
const selectStatusKnownOrNot = (s: SubscriptionSnapshot | undefined) =>
  s ? selectStatusKnown(s) : false;
const selectOnboardingOrNot = (s: SubscriptionSnapshot | undefined) =>
  s ? selectIsOnboarding(s) : false;

/** The signed-in user and the authentication status, from the session actor. */
export function useSession() {
  const { actor } = useAppRuntime();
  const sessionRef = useSelector(actor, selectSessionRef);
  const authStatus = useSelector(sessionRef, (s) => (s ? selectAuthStatus(s) : 'loading'));
  const user = useSelector(sessionRef, (s) => (s ? selectUser(s) : null));
  return { authStatus, user };
}

/** The current tenant's status as the subscription poll last saw it. */
export function useTenantStatus() {
  const { actor } = useAppRuntime();
  const ref = useSelector(actor, selectSubscriptionRef);
  return {
    known: useSelector(ref, selectStatusKnownOrNot),
    isOnboarding: useSelector(ref, selectOnboardingOrNot),
  };
}

export function useLoginRef() {
  const { actor } = useAppRuntime();
  return useSelector(actor, selectLoginRef);
}
