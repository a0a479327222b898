import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectResetRequestError,
  selectResetRequested,
  selectResetRequestSubmitting,
  selectResetRequestWarning,
  type passwordResetRequestMachine,
} from '../../machines/passwordResetRequestMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { ForgottenPasswordView } from '../../views/screens/ForgottenPasswordView';
import { usePageTitle } from '../pageTitle';
import { useRouteFlow } from '../selectors';

/** Forgotten password, /forgotten-password: asks for the emailed reset link. */
export default function ForgottenPasswordScreen() {
  usePageTitle('Forgotten Password');
  const requestRef = useRouteFlow('passwordResetRequest');
  if (!requestRef) return <LoadingIndicator variant="page" />;
  return <ForgottenPasswordForm requestRef={requestRef} />;
}

function ForgottenPasswordForm({
  requestRef,
}: {
  requestRef: ActorRefFrom<typeof passwordResetRequestMachine>;
}) {
  const submitting = useSelector(requestRef, selectResetRequestSubmitting);
  const succeeded = useSelector(requestRef, selectResetRequested);
  const warning = useSelector(requestRef, selectResetRequestWarning);
  const error = useSelector(requestRef, selectResetRequestError);
  return (
    <ForgottenPasswordView
      submitting={submitting}
      succeeded={succeeded}
      warning={warning ? { messages: warning } : null}
      error={error ? { messages: error } : null}
      onSubmit={(values) => requestRef.send({ type: 'form.submit', values })}
      onDismissError={() => requestRef.send({ type: 'alert.dismiss' })}
    />
  );
}
