import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectEmailConfirmationCanRetry,
  emailConfirmationTexts,
  selectEmailConfirmationNotice,
  type emailConfirmationMachine,
} from '../../machines/emailConfirmationMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { KeyResultView } from '../../views/screens/KeyResultView';
import { usePageTitle } from '../pageTitle';
import { useRouteFlow, useSession } from '../selectors';

/** Email confirmation, /account/confirm-email/{key}: the emailed link's key is sent. */
export default function EmailConfirmationScreen() {
  usePageTitle('Confirm Email Address');
  const confirmationRef = useRouteFlow('emailConfirmation');
  if (!confirmationRef) {
    return <LoadingIndicator variant="page" text={emailConfirmationTexts.confirming} />;
  }
  return (
    <EmailConfirmationResult key={confirmationRef.sessionId} confirmationRef={confirmationRef} />
  );
}

function EmailConfirmationResult({
  confirmationRef,
}: {
  confirmationRef: ActorRefFrom<typeof emailConfirmationMachine>;
}) {
  const notice = useSelector(confirmationRef, selectEmailConfirmationNotice);
  const canRetry = useSelector(confirmationRef, selectEmailConfirmationCanRetry);
  const { user } = useSession();
  // A signed-in person goes on to the app; a visitor to the login.
  const onward = user ? { href: '/feed', label: 'Continue' } : { href: '/login', label: 'Log in' };
  return (
    <KeyResultView
      state={notice === null ? 'busy' : notice.level === 'success' ? 'success' : 'failure'}
      busyText={emailConfirmationTexts.confirming}
      successTitle={emailConfirmationTexts.confirmedTitle}
      successText={emailConfirmationTexts.confirmed}
      successLink={onward}
      failureTitle={emailConfirmationTexts.errorTitle}
      failureText={notice?.text ?? emailConfirmationTexts.failed}
      failureLink={{ href: '/', label: 'Go to home page' }}
      onRetry={canRetry ? () => confirmationRef.send({ type: 'retry' }) : undefined}
    />
  );
}
