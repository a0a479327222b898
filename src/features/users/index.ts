import { createElement } from 'react';
import { fromPromise } from 'xstate';
import { type FlowEntryFactory, type FlowScreenProps, signedInUser } from '../../shared/flow';
import { createTeamApi } from '../../services/api/team';
import type { UsersActors } from './users.flow';
import { usersMachine } from './usersMachine';
import { UsersScreen } from './UsersScreen';

const entry: FlowEntryFactory<undefined, UsersActors> = (services) => {
  const team = createTeamApi(services.http);
  const users = usersMachine.provide({
    actors: {
      listUsers: fromPromise(({ input }) => team.listUsers(input)),
      listInvitations: fromPromise(async ({ input }) => ({
        invitations: await team.listInvitations(input),
        // The time the list is shown from: a Pending invitation past its expiry shows Expired.
        loadedAt: new Date().toISOString(),
      })),
      upsertInvitation: fromPromise(({ input }) => team.upsertInvitation(input)),
      updateUser: fromPromise(({ input }) => team.updateUser(input)),
      deleteUser: fromPromise(({ input }) => team.deleteUser(input.id)),
      deleteInvitation: fromPromise(({ input }) => team.deleteInvitation(input.id)),
    },
  });
  function Screen(props: FlowScreenProps<UsersActors>) {
    return createElement(UsersScreen, {
      ...props,
      siteUrl: services.origin(),
      copy: (text: string) => navigator.clipboard.writeText(text),
    });
  }
  return {
    start: () => {
      const user = signedInUser(services, 'The users screen');
      return { users: { logic: users, input: { currentUserId: user.id } } };
    },
    Screen,
  };
};

export default entry;
