import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectPasswordFormShown,
  selectPasswordResetBusy,
  selectPasswordResetErrors,
  selectPasswordResetMinimumLength,
  selectPasswordResetNotice,
  type passwordResetMachine,
  type PasswordResetSnapshot,
} from '../../machines/passwordResetMachine';
import { LoadingIndicator } from '../../views/components/LoadingIndicator';
import { ResetPasswordView, type ResetPasswordState } from '../../views/screens/ResetPasswordView';
import { usePageTitle } from '../pageTitle';
import { useRouteFlow } from '../selectors';

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
export default function ResetPasswordScreen() {
  usePageTitle('Reset Password');
  const resetRef = useRouteFlow('passwordReset');
  if (!resetRef) return <LoadingIndicator variant="page" />;
  return <ResetPasswordForm key={resetRef.sessionId} resetRef={resetRef} />;
}

function ResetPasswordForm({ resetRef }: { resetRef: ActorRefFrom<typeof passwordResetMachine> }) {
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
