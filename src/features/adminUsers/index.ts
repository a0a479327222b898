import { fromPromise } from 'xstate';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import { sessionFromResponse } from '../../shared/session';
import { createAdminApi } from '../../services/api/admin';
import { createAuthApi } from '../../services/api/auth';
import type { AdminUsersActors } from './adminUsers.flow';
import type { AdminUserList } from '../../../contract/admin';
import type { ListRequest } from '../../../contract/lists';
import type { EstablishedSession } from '../../machines/sessionMachine';
import { adminUsersMachine } from './adminUsersMachine';
import { AdminUsersScreen } from './AdminUsersScreen';

const entry: FlowEntryFactory<undefined, AdminUsersActors> = (services) => {
  const admin = createAdminApi(services.http);
  const auth = createAuthApi(services.http);
  const adminUsers = adminUsersMachine.provide({
    actors: {
      listUsers: fromPromise<AdminUserList, ListRequest>(({ input }) => admin.listAllUsers(input)),
      impersonate: fromPromise<EstablishedSession, { userId: number }>(async ({ input }) =>
        sessionFromResponse(await auth.impersonate({ userId: input.userId })),
      ),
    },
  });
  return {
    start: startForUser(services, 'The admin users screen', (user) => ({
      adminUsers: {
        logic: adminUsers,
        input: { currentUserId: user.id },
        // The impersonated session: the app stores it (and then goes to /feed).
        onDone: (session) => ({ type: 'flow.sessionEstablished', session }),
      },
    })),
    Screen: AdminUsersScreen,
  };
};

export default entry;
