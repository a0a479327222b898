import { useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { ChangePasswordView } from './ChangePasswordView';
import type { ChangePasswordActors } from './changePassword.flow';
import * as chart from './changePasswordMachine';

/** Change Password at /account/change-password, in the account area (Email logins only). */
export function ChangePasswordScreen({ flow, user }: FlowScreenProps<ChangePasswordActors>) {
  const ref = flow.changePassword;
  const shownFor = useSelector(ref, (s) => chart.selectChangePasswordShownFor(s, user));
  const minimumPasswordLength = useSelector(ref, chart.selectChangePasswordMinimumLength);
  const saving = useSelector(ref, chart.selectChangePasswordSaving);
  const alert = useSelector(ref, chart.selectChangePasswordAlert);
  const updates = useSelector(ref, chart.selectChangePasswordUpdates);
  const unavailable = useSelector(ref, chart.selectChangePasswordUnavailable);
  if (!shownFor) return null;
  return (
    <AccountAreaFrame user={shownFor} path="/account/change-password">
      <ChangePasswordView
        unavailable={unavailable}
        minimumPasswordLength={minimumPasswordLength}
        saving={saving}
        onSubmit={(values) => ref.send({ type: 'form.submit', values })}
        resetKey={updates}
        alert={alert}
        onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      />
    </AccountAreaFrame>
  );
}
