import { shallowEqual, useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { AdminUsersView } from './AdminUsersView';
import type { AdminUsersActors } from './adminUsers.flow';
import {
  selectAdminUserRows,
  selectAdminUsersAlert,
  selectAdminUsersLoadFailed,
  selectAdminUsersLoading,
  selectAdminUsersPageLoading,
  selectAdminUsersPage,
  selectAdminUsersSearch,
  selectImpersonatingId,
} from './adminUsersMachine';

/** /admin/users: the admin users machine's list, search, pages and Impersonate. */
export function AdminUsersScreen({ flow }: FlowScreenProps<AdminUsersActors>) {
  const ref = flow.adminUsers;
  return (
    <AdminUsersView
      loading={useSelector(ref, selectAdminUsersLoading)}
      pageLoading={useSelector(ref, selectAdminUsersPageLoading)}
      loadFailed={useSelector(ref, selectAdminUsersLoadFailed)}
      onRetry={() => ref.send({ type: 'retry' })}
      search={useSelector(ref, selectAdminUsersSearch)}
      onSearch={(value) => ref.send({ type: 'search.change', value })}
      users={useSelector(ref, selectAdminUserRows, shallowEqual)}
      page={useSelector(ref, selectAdminUsersPage, shallowEqual)}
      onPrevious={() => ref.send({ type: 'page.previous' })}
      onNext={() => ref.send({ type: 'page.next' })}
      impersonatingId={useSelector(ref, selectImpersonatingId)}
      onImpersonate={(id) => ref.send({ type: 'impersonate', id })}
      alert={useSelector(ref, selectAdminUsersAlert)}
      onDismissAlert={() => ref.send({ type: 'alert.dismiss' })}
    />
  );
}
