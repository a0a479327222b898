import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectPasswordResetErrors,
  selectPasswordResetMinimumLength,
  selectPasswordResetNotice,
  selectPasswordResetStage,
} from './passwordResetMachine';
import { ResetPasswordView } from './ResetPasswordView';
import type { FlowScreenProps } from '../../shared/flow';
import type { PasswordResetActors } from './passwordReset.flow';

/** Reset password, /forgotten-password/{key}: the page the emailed link opens. */
export function ResetPasswordScreen({ flow }: FlowScreenProps<PasswordResetActors>) {
  const resetRef = flow.passwordReset;
  const state = useSelector(resetRef, selectPasswordResetStage);
  const minimumPasswordLength = useSelector(resetRef, selectPasswordResetMinimumLength);
  const notice = useSelector(resetRef, selectPasswordResetNotice, shallowEqual);
  const errors = useSelector(resetRef, selectPasswordResetErrors);
  return (
    <ResetPasswordView
      state={state}
      minimumPasswordLength={minimumPasswordLength}
      notice={notice}
      error={errors ? { messages: errors } : null}
      onSubmit={(values) =>
        resetRef.send({ type: 'form.submit', values: { newPassword: values.password } })
      }
      onDismissError={() => resetRef.send({ type: 'alert.dismiss' })}
    />
  );
}
