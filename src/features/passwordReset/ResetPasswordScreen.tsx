import { useSelector } from '@xstate/react';
import {
  selectPasswordResetErrors,
  selectPasswordResetLinkError,
  selectPasswordResetMinimumLength,
  selectPasswordResetStage,
} from './passwordResetMachine';
import { ResetPasswordView } from '../../views/screens/ResetPasswordView';
import type { FlowRefs, FlowScreenProps } from '../../platform/flow';
import type { PasswordResetActors } from './passwordReset.flow';

/** Reset password, /forgotten-password/{key}: the page the emailed link opens. */
export function ResetPasswordScreen({ flow }: FlowScreenProps<PasswordResetActors>) {
  return <ResetPasswordForm resetRef={flow.passwordReset} />;
}

function ResetPasswordForm({
  resetRef,
}: {
  resetRef: FlowRefs<PasswordResetActors>['passwordReset'];
}) {
  const state = useSelector(resetRef, selectPasswordResetStage);
  const minimumPasswordLength = useSelector(resetRef, selectPasswordResetMinimumLength);
  const invalidText = useSelector(resetRef, selectPasswordResetLinkError);
  const errors = useSelector(resetRef, selectPasswordResetErrors);
  return (
    <ResetPasswordView
      state={state}
      minimumPasswordLength={minimumPasswordLength}
      invalidMessages={invalidText ? [invalidText] : undefined}
      error={errors ? { messages: errors } : null}
      onSubmit={(values) =>
        resetRef.send({ type: 'form.submit', values: { newPassword: values.password } })
      }
      onDismissError={() => resetRef.send({ type: 'alert.dismiss' })}
    />
  );
}
