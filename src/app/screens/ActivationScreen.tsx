import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectActivationCanRetry,
  activationTexts,
  selectActivationNotice,
  type activationMachine,
} from '../../machines/activationMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { KeyResultView } from '../../views/screens/KeyResultView';
import { usePageTitle } from '../pageTitle';
import { useRouteFlow } from '../selectors';

/** Activation, /activate/{key}: the emailed link's key is sent; success or failure. */
export default function ActivationScreen() {
  usePageTitle('Activate Account');
  const activationRef = useRouteFlow('activation');
  if (!activationRef) return <LoadingIndicator variant="page" text={activationTexts.activating} />;
  return <ActivationResult key={activationRef.sessionId} activationRef={activationRef} />;
}

function ActivationResult({
  activationRef,
}: {
  activationRef: ActorRefFrom<typeof activationMachine>;
}) {
  const notice = useSelector(activationRef, selectActivationNotice);
  const canRetry = useSelector(activationRef, selectActivationCanRetry);
  return (
    <KeyResultView
      state={notice === null ? 'busy' : notice.level === 'success' ? 'success' : 'failure'}
      busyText={activationTexts.activating}
      successTitle={activationTexts.activatedTitle}
      successText={activationTexts.activated}
      successLink={{ href: '/login', label: 'Log in' }}
      failureTitle={activationTexts.errorTitle}
      failureText={notice?.text ?? activationTexts.failed}
      failureLink={{ href: '/', label: 'Go to home page' }}
      onRetry={canRetry ? () => activationRef.send({ type: 'retry' }) : undefined}
    />
  );
}
