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
      // The writes pass their actor's signal: leaving the screen ends a rate limit's wait (spec
      // §7.1), so nothing is sent again once the person has gone.
      upsertInvitation: fromPromise(({ input, signal }) =>
        team.upsertInvitation(input, { signal }),
      ),
      updateUser: fromPromise(({ input, signal }) => team.updateUser(input, { signal })),
      deleteUser: fromPromise(({ input, signal }) => team.deleteUser(input.id, { signal })),
      deleteInvitation: fromPromise(({ input, signal }) =>
        team.deleteInvitation(input.id, { signal }),
      ),
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
