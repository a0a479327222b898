import { useLocation } from 'wouter';
import { AppLayoutView } from '../../views/layouts/AppLayoutView';
import { PublicLayoutView } from '../../views/layouts/PublicLayoutView';
import { LandingView } from '../../views/screens/LandingView';
import { LoadingScreenView } from '../../views/screens/LoadingScreenView';
import { useAppRuntime } from '../appContext';
import { AUTH_LOADING_TEXT } from '../layouts/AppLayoutRoute';
import { layoutUser } from '../layouts/layoutUser';
import { usePageTitle } from '../pageTitle';
import { useSession } from '../selectors';

/**
 * The landing page / (and any unknown path): signed out, the public layout with a way to sign
 * in or sign up; signed in, the home in the app layout. The feed comes in a later issue.
 */
export function LandingScreen() {
  usePageTitle('Home');
  const { clientVersion } = useAppRuntime();
  const [pathname] = useLocation();
  const { authStatus, user } = useSession();
  if (authStatus === 'loading') return <LoadingScreenView text={AUTH_LOADING_TEXT} />;
  if (!user) {
    return (
      <PublicLayoutView signedIn={false}>
        <LandingView signedIn={false} />
      </PublicLayoutView>
    );
  }
  return (
    <AppLayoutView pathname={pathname} user={layoutUser(user)} clientVersion={clientVersion}>
      <HomeContent />
    </AppLayoutView>
  );
}

/** The signed-in home (/, /feed, /dashboard). */
export function HomeContent() {
  const { user } = useSession();
  return <LandingView signedIn firstName={user?.firstName} tenantName={user?.currentTenant.name} />;
}

export function HomeScreen() {
  usePageTitle('Home');
  return <HomeContent />;
}
