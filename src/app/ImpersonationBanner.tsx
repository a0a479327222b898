import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { AppSnapshot } from '../machines/appSelectors';
import {
  selectImpersonator,
  selectStoppingImpersonation,
  selectUser,
  type SessionSnapshot,
} from '../machines/sessionMachine';
import { useAppRuntime } from './appContext';

// Only a host who impersonates ever sees it: its view loads then, not with the landing page.
const ImpersonationBannerView = lazy(() =>
  import('../views/components/ImpersonationBannerView').then((module) => ({
    default: module.ImpersonationBannerView,
  })),
);

const selectSessionRef = (s: AppSnapshot) => s.children.session;
const selectImpersonatorOrNone = (s: SessionSnapshot | undefined) =>
  s ? selectImpersonator(s) : null;
const selectStopping = (s: SessionSnapshot | undefined) =>
  s ? selectStoppingImpersonation(s) : false;
const selectUserName = (s: SessionSnapshot | undefined) => (s ? selectUser(s)?.fullName : '');

/**
 * The impersonation banner above every screen and layout, while the session is an
 * impersonation; its Stop goes to the session machine (back to the host's own session).
 */
export function ImpersonationBanner() {
  const { actor } = useAppRuntime();
  const sessionRef = useSelector(actor, selectSessionRef);
  const impersonator = useSelector(sessionRef, selectImpersonatorOrNone);
  const stopping = useSelector(sessionRef, selectStopping);
  const userName = useSelector(sessionRef, selectUserName) ?? '';
  if (!impersonator || !sessionRef) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBannerView
        userName={userName}
        hostName={impersonator.name}
        stopping={stopping}
        onStop={() => sessionRef.send({ type: 'session.stopImpersonating' })}
      />
    </Suspense>
  );
}
