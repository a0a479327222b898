import { useSelector } from '@xstate/react';
import { AccountAreaFrame } from '../../shared/AccountAreaFrame';
import type { FlowScreenProps } from '../../shared/flow';
import { ChangePasswordView } from './ChangePasswordView';
import type { ChangePasswordActors } from './changePassword.flow';
import {
  selectChangePasswordAlert,
  selectChangePasswordMinimumLength,
  selectChangePasswordSaving,
  selectChangePasswordShownFor,
  selectChangePasswordUnavailable,
  selectChangePasswordUpdates,
} from './changePasswordMachine';

/** Change Password at /account/change-password, in the account area (Email logins only). */
export function ChangePasswordScreen({ flow, user }: FlowScreenProps<ChangePasswordActors>) {
  const ref = flow.changePassword;
  const shownFor = useSelector(ref, (s) => selectChangePasswordShownFor(s, user));
  const minimumPasswordLength = useSelector(ref, selectChangePasswordMinimumLength);
  const saving = useSelector(ref, selectChangePasswordSaving);
  const alert = useSelector(ref, selectChangePasswordAlert);
  const updates = useSelector(ref, selectChangePasswordUpdates);
  const unavailable = useSelector(ref, selectChangePasswordUnavailable);
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
