import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectResetRequestError,
  selectResetRequested,
  selectResetRequestSubmitting,
  selectResetRequestWarning,
  type passwordResetRequestMachine,
} from './passwordResetRequestMachine';
import { ForgottenPasswordView } from './ForgottenPasswordView';
import type { FlowScreenProps } from '../../shared/flow';
import type { ForgottenPasswordActors } from './forgottenPassword.flow';

/** Forgotten password, /forgotten-password: asks for the emailed reset link. */
export function ForgottenPasswordScreen({ flow }: FlowScreenProps<ForgottenPasswordActors>) {
  return <ForgottenPasswordForm requestRef={flow.passwordResetRequest} />;
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
