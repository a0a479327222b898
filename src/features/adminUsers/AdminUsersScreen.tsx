import { shallowEqual, useSelector } from '@xstate/react';
import type { FlowScreenProps } from '../../shared/flow';
import { useAdminList } from '../../shared/useAdminList';
import { AdminUsersView } from './AdminUsersView';
import type { AdminUsersActors } from './adminUsers.flow';
import { selectAdminUserRows, selectImpersonatingId } from './adminUsersMachine';

/** /admin/users: the admin users machine's list, search, pages and Impersonate. */
export function AdminUsersScreen({ flow }: FlowScreenProps<AdminUsersActors>) {
  const ref = flow.adminUsers;
  return (
    <AdminUsersView
      {...useAdminList(ref)}
      users={useSelector(ref, selectAdminUserRows, shallowEqual)}
      impersonatingId={useSelector(ref, selectImpersonatingId)}
      onImpersonate={(id) => ref.send({ type: 'impersonate', id })}
    />
  );
}
