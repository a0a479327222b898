import { shallowEqual, useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { UsersView } from './UsersView';
import type { UsersActors } from './users.flow';
import * as chart from './usersMachine';

interface UsersScreenProps extends FlowScreenProps<UsersActors> {
  siteUrl: string;
  copy: (text: string) => Promise<void>;
}

/** The Users screen at /users: the users machine's modes, its tables, forms and dialog. */
export function UsersScreen({ flow, siteUrl, copy }: UsersScreenProps) {
  const ref = flow.users;
  return (
    <UsersView
      loading={useSelector(ref, chart.selectUsersLoading)}
      loadFailed={useSelector(ref, chart.selectUsersLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      mode={useSelector(ref, chart.selectUsersMode)}
      users={useSelector(ref, chart.selectUserRows, shallowEqual)}
      invitations={useSelector(ref, chart.selectInvitationRows, shallowEqual)}
      siteUrl={siteUrl}
      busy={useSelector(ref, chart.selectUsersBusy)}
      alert={useSelector(ref, chart.selectUsersAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
      onInvite={() => ref.send({ type: 'invite.start' })}
      onResend={(id) => ref.send({ type: 'resend.start', id })}
      onEdit={(id) => ref.send({ type: 'edit.start', id })}
      onDeleteUser={(id) => ref.send({ type: 'user.delete', id })}
      onDeleteInvitation={(id) => ref.send({ type: 'invitation.delete', id })}
      resendInvitation={useSelector(ref, chart.selectResendForm, shallowEqual)}
      editedUser={useSelector(ref, chart.selectEditedUserRow, shallowEqual)}
      onSubmitInvitation={(values) => ref.send({ type: 'form.submit', values })}
      onSaveUser={(changes) => ref.send({ type: 'user.save', changes })}
      onCancel={() => ref.send({ type: 'cancel' })}
      confirmation={useSelector(ref, chart.selectDeleteConfirmation, shallowEqual)}
      onConfirm={() => ref.send({ type: 'confirm' })}
      onCancelConfirm={() => ref.send({ type: 'cancel' })}
      onCopy={copy}
    />
  );
}
