import { useLocation } from 'wouter';
import { AppLayoutView } from '../../views/layouts/AppLayoutView';
import { PublicLayoutView } from '../../views/layouts/PublicLayoutView';
import { LoadingScreenView } from '../../views/screens/LoadingScreenView';
import { useAppRuntime } from '../appContext';
import { AUTH_LOADING_TEXT } from '../layouts/AppLayoutRoute';
import { layoutUser } from '../layouts/layoutUser';
import { usePageTitle } from '../pageTitle';
import { useSession } from '../selectors';
import { HomeFeed } from './HomeFeed';

/**
 * The landing page / (and any unknown path): signed out, the public layout with sample drops and
 * posts and a way to sign in or sign up; signed in, the home in the app layout.
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
        <HomeFeed signedIn={false} />
      </PublicLayoutView>
    );
  }
  return (
    <AppLayoutView pathname={pathname} user={layoutUser(user)} clientVersion={clientVersion}>
      <HomeContent />
    </AppLayoutView>
  );
}

/** The signed-in home (/, /feed, /dashboard): the carousel and the feed from the API. */
export function HomeContent() {
  const { user } = useSession();
  return <HomeFeed signedIn title={user ? `Welcome back, ${user.firstName}` : 'Welcome back'} />;
}

export function HomeScreen() {
  usePageTitle('Home');
  return <HomeContent />;
}
