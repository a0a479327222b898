import { shallowEqual, useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { UsersView } from './UsersView';
import type { UsersActors } from './users.flow';
import {
  selectDeleteConfirmation,
  selectEditedUserRow,
  selectInvitationRows,
  selectResendForm,
  selectUserRows,
  selectUsersAlert,
  selectUsersBusy,
  selectUsersLoadFailed,
  selectUsersLoading,
  selectUsersMode,
} from './usersMachine';

interface UsersScreenProps extends FlowScreenProps<UsersActors> {
  siteUrl: string;
  copy: (text: string) => Promise<void>;
}

/** The Users screen at /users: the users machine's modes, its tables, forms and dialog. */
export function UsersScreen({ flow, siteUrl, copy }: UsersScreenProps) {
  const ref = flow.users;
  return (
    <UsersView
      loading={useSelector(ref, selectUsersLoading)}
      loadFailed={useSelector(ref, selectUsersLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      mode={useSelector(ref, selectUsersMode)}
      users={useSelector(ref, selectUserRows, shallowEqual)}
      invitations={useSelector(ref, selectInvitationRows, shallowEqual)}
      siteUrl={siteUrl}
      busy={useSelector(ref, selectUsersBusy)}
      alert={useSelector(ref, selectUsersAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      onInvite={() => ref.send({ type: 'invite.start' })}
      onResend={(id) => ref.send({ type: 'resend.start', id })}
      onEdit={(id) => ref.send({ type: 'edit.start', id })}
      onDeleteUser={(id) => ref.send({ type: 'user.delete', id })}
      onDeleteInvitation={(id) => ref.send({ type: 'invitation.delete', id })}
      resendInvitation={useSelector(ref, selectResendForm, shallowEqual)}
      editedUser={useSelector(ref, selectEditedUserRow, shallowEqual)}
      onSubmitInvitation={(values) => ref.send({ type: 'form.submit', values })}
      onSaveUser={(changes) => ref.send({ type: 'user.save', changes })}
      onCancel={() => ref.send({ type: 'cancel' })}
      confirmation={useSelector(ref, selectDeleteConfirmation, shallowEqual)}
      onConfirm={() => ref.send({ type: 'confirm' })}
      onCancelConfirm={() => ref.send({ type: 'cancel' })}
      onCopy={copy}
    />
  );
}
