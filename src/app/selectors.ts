import type { createPostMachine } from '../machines/createPostMachine';
import type { dropsCarouselMachine } from '../machines/dropsCarouselMachine';
import type { postsFeedMachine } from '../machines/postsFeedMachine';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { activationMachine } from '../machines/activationMachine';
import type { AppSnapshot } from '../machines/appMachine';
import type { emailConfirmationMachine } from '../machines/emailConfirmationMachine';
import type { loginMachine } from '../machines/loginMachine';
import type { passwordResetMachine } from '../machines/passwordResetMachine';
import type { passwordResetRequestMachine } from '../machines/passwordResetRequestMachine';
import { selectAuthStatus, selectUser } from '../machines/sessionMachine';
import {
  selectIsOnboarding,
  selectStatusKnown,
  type SubscriptionSnapshot,
} from '../machines/subscriptionMachine';
import type { signupMachine } from '../machines/signupMachine';
import type { thirdPartySignInMachine } from '../machines/thirdPartySignInMachine';
import { useAppRuntime } from './appContext';

/**
 * The flows the app machine runs per route, by the ids (and systemIds) it invokes them with.
 * Its snapshot types every child as any of its actors, so each id's ref is typed here.
 */
interface RouteFlowRefs {
  loginForm: ActorRefFrom<typeof loginMachine>;
  loginThirdParty: ActorRefFrom<typeof thirdPartySignInMachine>;
  signup: ActorRefFrom<typeof signupMachine>;
  signupThirdParty: ActorRefFrom<typeof thirdPartySignInMachine>;
  passwordResetRequest: ActorRefFrom<typeof passwordResetRequestMachine>;
  passwordReset: ActorRefFrom<typeof passwordResetMachine>;
  activation: ActorRefFrom<typeof activationMachine>;
  emailConfirmation: ActorRefFrom<typeof emailConfirmationMachine>;
  postsFeed: ActorRefFrom<typeof postsFeedMachine>;
  dropsCarousel: ActorRefFrom<typeof dropsCarouselMachine>;
  createPost: ActorRefFrom<typeof createPostMachine>;
}
type RouteFlowId = keyof RouteFlowRefs;

function childSelector<K extends RouteFlowId>(id: K) {
  return (s: AppSnapshot) => s.children[id] as RouteFlowRefs[K] | undefined;
}

const flowSelectors: { [K in RouteFlowId]: (s: AppSnapshot) => RouteFlowRefs[K] | undefined } = {
  loginForm: childSelector('loginForm'),
  loginThirdParty: childSelector('loginThirdParty'),
  signup: childSelector('signup'),
  signupThirdParty: childSelector('signupThirdParty'),
  passwordResetRequest: childSelector('passwordResetRequest'),
  passwordReset: childSelector('passwordReset'),
  activation: childSelector('activation'),
  emailConfirmation: childSelector('emailConfirmation'),
  postsFeed: childSelector('postsFeed'),
  dropsCarousel: childSelector('dropsCarousel'),
  createPost: childSelector('createPost'),
};

/** The ref of a route's flow while its route is shown (undefined before and after). */
export function useRouteFlow<K extends RouteFlowId>(id: K): RouteFlowRefs[K] | undefined {
  const { actor } = useAppRuntime();
  return useSelector(actor, flowSelectors[id]);
}

/**
 * A selector for a ref that may be absent (a child that is not running): the fallback then.
 * Made once at module level, so that useSelector gets the same function on every render.
 */
export function orElse<S, T>(select: (snapshot: S) => T, fallback: T) {
  return (snapshot: S | undefined): T => (snapshot === undefined ? fallback : select(snapshot));
}

const selectSessionRef = (s: AppSnapshot) => s.children.session;
const selectSubscriptionRef = (s: AppSnapshot) => s.children.subscription;
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
  return useRouteFlow('loginForm');
}

const selectTermsUrl = (s: AppSnapshot) => s.context.configuration?.termsUrl ?? '';
const selectPrivacyPolicyUrl = (s: AppSnapshot) => s.context.configuration?.privacyPolicyUrl ?? '';

/** The configuration's links to the terms of service and the privacy policy. */
export function usePolicyLinks() {
  const { actor } = useAppRuntime();
  return {
    termsUrl: useSelector(actor, selectTermsUrl),
    privacyPolicyUrl: useSelector(actor, selectPrivacyPolicyUrl),
  };
}
