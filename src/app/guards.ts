import type { User } from '../../contract/auth';
import { UserRole } from '../../contract/enums';
import type { AuthStatus } from '../machines/sessionMachine';

/** Spec §6: all app screens need Administrator or User; /users and /admin need Administrator. */
export const ALL_ROLES: readonly UserRole[] = [UserRole.User, UserRole.Administrator];
export const ADMIN_ONLY: readonly UserRole[] = [UserRole.Administrator];

export const LOGIN_PATH = '/login';
export const ONBOARDING_PATH = '/onboarding';

export type GuardDecision =
  { kind: 'loading' } | { kind: 'allow' } | { kind: 'redirect'; to: string; remember: boolean };

export interface AppLayoutGuardInput {
  authStatus: AuthStatus;
  user: User | null;
  roles: readonly UserRole[];
  /** The current tenant's status: null while the first poll is under way. */
  tenantStatusKnown: boolean;
  isOnboarding: boolean;
}

/**
 * Spec §2.1 guard rules for the app layout: an unauthenticated user is sent to /login and the
 * path is remembered; a role outside the area's list is sent to /; a tenant still onboarding is
 * sent to /onboarding. Pure, so every rule is unit tested.
 */
export function decideAppLayout(input: AppLayoutGuardInput): GuardDecision {
  if (input.authStatus === 'loading') return { kind: 'loading' };
  if (input.authStatus === 'signedOut' || !input.user) {
    return { kind: 'redirect', to: LOGIN_PATH, remember: true };
  }
  if (!input.roles.includes(input.user.userRole)) {
    return { kind: 'redirect', to: '/', remember: false };
  }
  if (!input.tenantStatusKnown) return { kind: 'loading' };
  if (input.isOnboarding) return { kind: 'redirect', to: ONBOARDING_PATH, remember: false };
  return { kind: 'allow' };
}
