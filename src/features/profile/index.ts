import { fromPromise, sendParent } from 'xstate';
import { userAvatarUploadInput } from '../../machines/avatarUploadMachine';
import type { FlowEvent } from '../../machines/flows';
import { createAvatarUpload } from '../../shared/avatarUploadActors';
import { createDashboardInformation } from '../../shared/dashboardInformation';
import { type FlowEntryFactory, startForUser } from '../../shared/flow';
import type { ProfileActors } from './profile.flow';
import { ProfileScreen } from './ProfileScreen';
import { createPostsApi } from '../../services/api/posts';
import { myPostsMachine } from './myPostsMachine';

const entry: FlowEntryFactory<undefined, ProfileActors> = (services) => {
  // Its host is the app: after a confirmed upload (or a delete) the session is refreshed, so the
  // token, the header and the navigation carry the new picture (spec §4 Avatar upload).
  const avatarUpload = createAvatarUpload(services).provide({
    actions: {
      notifyChanged: sendParent((): FlowEvent => ({ type: 'flow.refreshSession' })),
    },
  });
  const dashboardInformation = createDashboardInformation(services);
  const posts = createPostsApi(services.http);
  const myPosts = myPostsMachine.provide({
    actors: {
      listPosts: fromPromise(({ input, signal }) => posts.list(input, { signal })),
      deletePost: fromPromise(({ input, signal }) => posts.delete(input.id, { signal })),
    },
  });
  return {
    start: startForUser(services, 'The profile', (user) => ({
      avatarUpload: { logic: avatarUpload, input: userAvatarUploadInput(user) },
      dashboardInformation: { logic: dashboardInformation, input: { signedIn: true } },
      myPosts: { logic: myPosts, input: {} },
    })),
    Screen: ProfileScreen,
  };
};

export default entry;
