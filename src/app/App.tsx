import { useSelector } from '@xstate/react';
import {
  lazy,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { AnyActorRef } from 'xstate';
import { useLocation } from 'wouter';
import type { User } from '../../contract/auth';
import {
  backArrowShown,
  backTarget,
  errorRecovery,
  flowCanGoBack,
  outletContent,
  selectFlowHandlesBack,
  selectFlowRefs,
  selectFlowStatus,
  selectInitializing,
  selectPathname,
  selectRoute,
  shownLayout,
  type BackCapable,
} from '../machines/appSelectors';
import type { FlowLayout } from '../machines/flows';
import { AppLayoutView } from '../views/layouts/AppLayoutView';
import { SwitchOrganisationContext } from '../shared/organisations';
import { FullPageLayoutView } from '../views/layouts/FullPageLayoutView';
import { PublicLayoutView } from '../views/layouts/PublicLayoutView';
import { AppErrorView } from '../views/layouts/AppErrorView';
import { LoadingScreenView } from '../views/layouts/LoadingScreenView';
import { AppRuntimeContext, useAppRuntime, type AppRuntime } from './appContext';
import { ErrorBoundary } from './ErrorBoundary';
import { ImpersonationBanner } from './ImpersonationBanner';
import { RateLimitNotice } from './RateLimitNotice';
import { canGoBackInApp } from './inAppHistory';
import { layoutUser } from './layouts/layoutUser';
import { pageTitle } from './pageTitle';
import { RouteAnnouncer } from './RouteAnnouncer';
import { RouteSync } from './RouteSync';
import { useLandingShellGone } from './landingShell/useLandingShellGone';
import { InitializingScreen } from './screens/InitializingScreen';
import { useSession } from './selectors';

// The admin area's side menu: loaded with the first admin page (hosts only), not the landing page.
const AdminArea = lazy(() => import('./layouts/AdminArea'));

/** Spec §2.1: while authentication state loads, a full-screen indicator reads 'Loading...'. */
export const AUTH_LOADING_TEXT = 'Loading...';

/**
 * Whether one of the running flow's actors takes the back arrow's `layout.back` now, kept up to
 * date as their snapshots change (the app machine's snapshot does not change with theirs).
 */
function useFlowCanGoBack(refs: Readonly<Record<string, AnyActorRef>>): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscriptions = Object.values(refs).map((ref) => ref.subscribe(onChange));
      return () => {
        for (const subscription of subscriptions) subscription.unsubscribe();
      };
    },
    [refs],
  );
  const read = useCallback(
    () => flowCanGoBack(Object.values(refs).map((ref) => ref.getSnapshot() as BackCapable)),
    [refs],
  );
  return useSyncExternalStore(subscribe, read);
}

/** The layout a route renders in, as the app machine's route says (spec §2.1). */
function Layout({
  layout,
  user,
  children,
}: {
  layout: FlowLayout;
  user: User | null;
  children: ReactNode;
}) {
  const { actor, clientVersion } = useAppRuntime();
  const [pathname, navigate] = useLocation();
  const flowHandlesBack = useSelector(actor, selectFlowHandlesBack);
  const flowCanGoBackNow = useFlowCanGoBack(useSelector(actor, selectFlowRefs));
  const switchOrganisation = useContext(SwitchOrganisationContext);
  const shown = shownLayout(layout, user !== null);
  if (shown === 'loading') return <LoadingScreenView text={AUTH_LOADING_TEXT} />;
  if (user && (shown === 'app' || shown === 'admin')) {
    return (
      <AppLayoutView
        pathname={pathname}
        user={layoutUser(user)}
        clientVersion={clientVersion}
        onSwitchOrganisation={switchOrganisation}
      >
        {shown === 'admin' ? (
          // The admin area: the app layout plus its side menu, from the flow registry.
          <Suspense fallback={<LoadingScreenView text={AUTH_LOADING_TEXT} />}>
            <AdminArea pathname={pathname}>{children}</AdminArea>
          </Suspense>
        ) : (
          children
        )}
      </AppLayoutView>
    );
  }
  if (shown === 'fullPage') {
    // The back button: the flow's own (onboarding's previous step), else the previous page of
    // this site, or / when there is none (the selectors decide which).
    const onBack = () => {
      const target = backTarget(flowHandlesBack, canGoBackInApp());
      if (target === 'flow') {
        for (const ref of Object.values(actor.getSnapshot().context.flowRefs)) {
          ref.send({ type: 'layout.back' });
        }
      } else if (target === 'history') window.history.back();
      else navigate('/');
    };
    return (
      <FullPageLayoutView
        onBack={backArrowShown(flowHandlesBack, flowCanGoBackNow) ? onBack : undefined}
        signedIn={user !== null}
      >
        {children}
      </FullPageLayoutView>
    );
  }
  if (shown === 'public') {
    return <PublicLayoutView signedIn={user !== null}>{children}</PublicLayoutView>;
  }
  return <>{children}</>;
}

/**
 * Renders what the app machine decided for the current route: 'Loading...' while it waits for
 * the session or redirects, else the route's layout with the flow's Screen (or its loading or
 * failure). Deferred: a new route's screen mounts as a transition, which React renders in
 * slices, not in the task that navigated (a sign-in's answer, a click).
 */
function FlowOutlet() {
  const { actor, entries, screenShown } = useAppRuntime();
  const { user } = useSession();
  const status = useDeferredValue(useSelector(actor, selectFlowStatus));
  const route = useDeferredValue(useSelector(actor, selectRoute));
  const refs = useDeferredValue(useSelector(actor, selectFlowRefs));
  const pathname = useDeferredValue(useSelector(actor, selectPathname));
  const title = route?.route.title;
  // With the screen's own commit, so the title never names the previous screen.
  useLayoutEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  const shows = outletContent(
    status,
    route !== null,
    route !== null && !!entries.get(route.flowId),
  );
  // After the commit that shows a flow's screen (the start-up's deferred work waits for it).
  const showsScreen = shows === 'screen';
  useEffect(() => {
    if (showsScreen) screenShown();
  }, [showsScreen, screenShown]);
  // The start-up shell of `/` gives its place to the first thing the app shows but a loading
  // indicator: a flow's screen, or the failure to load one.
  useLandingShellGone(showsScreen || shows === 'error');

  const announcer = (
    <RouteAnnouncer
      routeKey={pathname}
      ready={status === 'running' && route !== null}
      title={title}
    />
  );
  if (shows === 'waiting' || !route) {
    return (
      <>
        {announcer}
        <LoadingScreenView text={AUTH_LOADING_TEXT} />
      </>
    );
  }
  const entry = entries.get(route.flowId);
  let content: ReactNode;
  if (shows === 'error') {
    content = (
      <AppErrorView
        onReload={() => {
          if (errorRecovery(status) === 'retry') actor.send({ type: 'retry' });
          else window.location.assign('/');
        }}
      />
    );
  } else if (shows === 'screen' && entry) {
    const { Screen } = entry;
    // A new run of the flow (its actors started again) starts a new screen.
    const runKey = Object.values(refs)
      .map((ref) => ref.sessionId)
      .join(' ');
    content = <Screen key={`${route.flowId} ${runKey}`} flow={refs} user={user} />;
  } else {
    content = <LoadingScreenView />;
  }
  return (
    <>
      {announcer}
      <Layout layout={route.route.layout} user={user}>
        {content}
      </Layout>
    </>
  );
}

function Shell() {
  const runtime = useAppRuntime();
  const { actor } = runtime;
  // The organisation switcher's choice (the account menu, the account area's heading).
  const switchOrganisation = useCallback(
    (tenantId: number) => actor.send({ type: 'organisation.switch', tenantId }),
    [actor],
  );
  // Deferred: the screens mount as a transition, which React renders in slices, not in the
  // task that brought the configuration.
  const initializing = useDeferredValue(useSelector(runtime.actor, selectInitializing));
  if (initializing) return <InitializingScreen />;
  return (
    <SwitchOrganisationContext.Provider value={switchOrganisation}>
      <RouteSync />
      <ImpersonationBanner />
      <RateLimitNotice />
      <FlowOutlet />
    </SwitchOrganisationContext.Provider>
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
