import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { UserRole } from '../../../contract/enums';
import { AppLayoutView } from '../../views/layouts/AppLayoutView';
import { LoadingScreenView } from '../../views/screens/LoadingScreenView';
import { useAppRuntime } from '../appContext';
import { ALL_ROLES, decideAppLayout } from '../guards';
import { useSession, useTenantStatus } from '../selectors';
import { layoutUser } from './layoutUser';

/** Spec §2.1: while authentication state loads, a full-screen indicator reads 'Loading...'. */
export const AUTH_LOADING_TEXT = 'Loading...';

interface AppLayoutRouteProps {
  children: ReactNode;
  /** The roles allowed in this area (spec §6). */
  roles?: readonly UserRole[];
}

/** The app layout with its guard rules (login required, role list, onboarding redirect). */
export function AppLayoutRoute({ children, roles = ALL_ROLES }: AppLayoutRouteProps) {
  const { actor, clientVersion } = useAppRuntime();
  const [pathname, navigate] = useLocation();
  const { authStatus, user } = useSession();
  const tenant = useTenantStatus();
  const decision = decideAppLayout({
    authStatus,
    user,
    roles,
    tenantStatusKnown: tenant.known,
    isOnboarding: tenant.isOnboarding,
  });

  useEffect(() => {
    if (decision.kind !== 'redirect') return;
    if (decision.remember) actor.send({ type: 'route.remember', pathname });
    navigate(decision.to, { replace: true });
  }, [decision.kind, decision.kind === 'redirect' ? decision.to : null]); // eslint-disable-line react-hooks/exhaustive-deps

  if (decision.kind !== 'allow' || !user) return <LoadingScreenView text={AUTH_LOADING_TEXT} />;
  return (
    <AppLayoutView pathname={pathname} user={layoutUser(user)} clientVersion={clientVersion}>
      {children}
    </AppLayoutView>
  );
}
