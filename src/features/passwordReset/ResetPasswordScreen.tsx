import { useSelector } from '@xstate/react';
import {
  selectPasswordFormShown,
  selectPasswordResetBusy,
  selectPasswordResetErrors,
  selectPasswordResetMinimumLength,
  selectPasswordResetNotice,
  type PasswordResetSnapshot,
} from './passwordResetMachine';
import { ResetPasswordView, type ResetPasswordState } from '../../views/screens/ResetPasswordView';
import type { FlowRefs, FlowScreenProps } from '../../platform/flow';
import type { PasswordResetActors } from './passwordReset.flow';

/** The password reset flow's state in the words of the view. */
function selectResetPasswordState(s: PasswordResetSnapshot): ResetPasswordState {
  const busy = selectPasswordResetBusy(s);
  if (selectPasswordFormShown(s)) return busy ? 'submitting' : 'ready';
  if (busy) return 'validating';
  const notice = selectPasswordResetNotice(s);
  return notice && !s.hasTag('error') ? 'done' : 'invalid';
}

/** The text shown when the link cannot be used (invalid, or it could not be checked). */
const selectInvalidText = (s: PasswordResetSnapshot): string | null =>
  s.hasTag('error') ? (selectPasswordResetNotice(s)?.text ?? null) : null;

/** Reset password, /forgotten-password/{key}: the page the emailed link opens. */
export function ResetPasswordScreen({ flow }: FlowScreenProps<PasswordResetActors>) {
  return <ResetPasswordForm resetRef={flow.passwordReset} />;
}

function ResetPasswordForm({
  resetRef,
}: {
  resetRef: FlowRefs<PasswordResetActors>['passwordReset'];
}) {
  const state = useSelector(resetRef, selectResetPasswordState);
  const minimumPasswordLength = useSelector(resetRef, selectPasswordResetMinimumLength);
  const invalidText = useSelector(resetRef, selectInvalidText);
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
