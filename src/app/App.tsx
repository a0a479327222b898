import { useSelector } from '@xstate/react';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { selectInitializing } from '../machines/appMachine';
import { PublicLayoutView } from '../views/layouts/PublicLayoutView';
import { LoadingScreenView } from '../views/screens/LoadingScreenView';
import { AppRuntimeContext, useAppRuntime, type AppRuntime } from './appContext';
import { ErrorBoundary } from './ErrorBoundary';
import { AppLayoutRoute } from './layouts/AppLayoutRoute';
import { FullPageLayoutRoute } from './layouts/FullPageLayoutRoute';
import { RouteSync } from './RouteSync';
import { ErrorScreen } from './screens/ErrorScreen';
import { InitializingScreen } from './screens/InitializingScreen';
import { HomeScreen, LandingScreen } from './screens/LandingScreen';
import { LogoutScreen } from './screens/LogoutScreen';
import { useSession } from './selectors';

// Screens other than the landing page load lazily: the landing route's initial JavaScript
// stays within the build's budget.
const CreateInfoScreen = lazy(() =>
  import('./screens/StaticScreens').then((m) => ({ default: m.CreateInfoScreen })),
);
const CreateDropScreen = lazy(() =>
  import('./screens/StaticScreens').then((m) => ({ default: m.CreateDropScreen })),
);
const FollowingScreen = lazy(() =>
  import('./screens/StaticScreens').then((m) => ({ default: m.FollowingScreen })),
);
const SearchScreen = lazy(() =>
  import('./screens/StaticScreens').then((m) => ({ default: m.SearchScreen })),
);
const CreatePostScreen = lazy(() => import('./screens/CreatePostScreen'));
const LoginScreen = lazy(() => import('./screens/LoginScreen'));
const SignupScreen = lazy(() => import('./screens/SignupScreen'));
const StartSignupScreen = lazy(() => import('./screens/StartSignupScreen'));
const ForgottenPasswordScreen = lazy(() => import('./screens/ForgottenPasswordScreen'));
const ResetPasswordScreen = lazy(() => import('./screens/ResetPasswordScreen'));
const ActivationScreen = lazy(() => import('./screens/ActivationScreen'));
const EmailConfirmationScreen = lazy(() => import('./screens/EmailConfirmationScreen'));

/** Spec §2.1 generic loading indicator text. */
const GENERIC_LOADING_TEXT = 'Loading, please wait...';

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreenView text={GENERIC_LOADING_TEXT} />}>{children}</Suspense>
  );
}

function PublicRoute({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return <PublicLayoutView signedIn={user !== null}>{children}</PublicLayoutView>;
}

/**
 * The route table (spec §2.1). Only routes whose screens exist are registered; any unknown path
 * shows the landing page.
 */
function Routes() {
  const [pathname] = useLocation();
  // Deferred: a new route's screen mounts as a transition, which React renders in slices, not
  // in the task that navigated (a sign-in's answer, a click).
  const shownPathname = useDeferredValue(pathname);
  return (
    <Switch location={shownPathname}>
      <Route path="/login">
        <FullPageLayoutRoute>
          <Lazy>
            <LoginScreen />
          </Lazy>
        </FullPageLayoutRoute>
      </Route>
      <Route path="/account/login">
        <PublicRoute>
          <Lazy>
            <LoginScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/signup">
        <FullPageLayoutRoute>
          <Lazy>
            <SignupScreen />
          </Lazy>
        </FullPageLayoutRoute>
      </Route>
      <Route path="/signup-charity">
        <FullPageLayoutRoute>
          <Lazy>
            <SignupScreen />
          </Lazy>
        </FullPageLayoutRoute>
      </Route>
      <Route path="/start-signup">
        <PublicRoute>
          <Lazy>
            <StartSignupScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/forgotten-password">
        <PublicRoute>
          <Lazy>
            <ForgottenPasswordScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/forgotten-password/:key">
        <PublicRoute>
          <Lazy>
            <ResetPasswordScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/activate/:key">
        <PublicRoute>
          <Lazy>
            <ActivationScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/account/confirm-email/:key">
        <PublicRoute>
          <Lazy>
            <EmailConfirmationScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/logout">
        <LogoutScreen />
      </Route>
      <Route path="/auth/logout">
        <LogoutScreen />
      </Route>
      <Route path="/error">
        <ErrorScreen />
      </Route>
      <Route path="/dashboard">
        <AppLayoutRoute>
          <HomeScreen />
        </AppLayoutRoute>
      </Route>
      <Route path="/feed">
        <AppLayoutRoute>
          <HomeScreen />
        </AppLayoutRoute>
      </Route>
      <Route path="/create-info">
        <PublicRoute>
          <Lazy>
            <CreateInfoScreen />
          </Lazy>
        </PublicRoute>
      </Route>
      <Route path="/create-post">
        <AppLayoutRoute>
          <Lazy>
            <CreatePostScreen />
          </Lazy>
        </AppLayoutRoute>
      </Route>
      <Route path="/create-post/:id">
        <AppLayoutRoute>
          <Lazy>
            <CreatePostScreen />
          </Lazy>
        </AppLayoutRoute>
      </Route>
      <Route path="/create-drop">
        <AppLayoutRoute>
          <Lazy>
            <CreateDropScreen />
          </Lazy>
        </AppLayoutRoute>
      </Route>
      <Route path="/following">
        <AppLayoutRoute>
          <Lazy>
            <FollowingScreen />
          </Lazy>
        </AppLayoutRoute>
      </Route>
      <Route path="/search">
        <AppLayoutRoute>
          <Lazy>
            <SearchScreen />
          </Lazy>
        </AppLayoutRoute>
      </Route>
      <Route>
        <LandingScreen />
      </Route>
    </Switch>
  );
}

function Shell() {
  const runtime = useAppRuntime();
  // Deferred: the screens mount as a transition, which React renders in slices, not in the
  // task that brought the configuration.
  const initializing = useDeferredValue(useSelector(runtime.actor, selectInitializing));
  if (initializing) return <InitializingScreen />;
  return (
    <>
      <RouteSync />
      <Routes />
    </>
  );
}

export function App({ runtime }: { runtime: AppRuntime }) {
  return (
    <ErrorBoundary>
      <AppRuntimeContext.Provider value={runtime}>
        <Shell />
      </AppRuntimeContext.Provider>
    </ErrorBoundary>
  );
}
