import { shallowEqual, useSelector } from '@xstate/react';
import { avatarUploadHints } from '../../machines/avatarUploadMachine';
import {
  selectDashboardCounts,
  selectDashboardFailure,
} from '../../machines/dashboardInformationMachine';
import { AvatarUploadWidget } from '../../shared/AvatarUploadWidget';
import type { FlowScreenProps } from '../../shared/flow';
import { ProfileView } from './ProfileView';
import type { ProfileActors } from './profile.flow';
import { accountTypeLabel } from '../../shared/accountArea';
import type { FlowRefs } from '../../shared/flow';
import * as myPosts from './myPostsMachine';
import { MyPostsView } from './MyPostsView';

/** My posts: the machine's selectors to the view's props, the view's callbacks to its events. */
function MyPosts({ postsRef }: { postsRef: FlowRefs<ProfileActors>['myPosts'] }) {
  const send = postsRef.send.bind(postsRef);
  return (
    <MyPostsView
      texts={myPosts.myPostsTexts}
      tabKeys={myPosts.MY_POSTS_TABS}
      tab={useSelector(postsRef, myPosts.selectMyPostsTab)}
      onSelectTab={(tab) => {
        const chosen = myPosts.MY_POSTS_TABS.find((key) => key === tab);
        if (chosen) send({ type: 'tab.select', tab: chosen });
      }}
      loading={useSelector(postsRef, myPosts.selectMyPostsLoading)}
      busy={useSelector(postsRef, myPosts.selectMyPostsBusy)}
      loadFailed={useSelector(postsRef, myPosts.selectMyPostsLoadFailed)}
      onRetry={() => send({ type: 'retry' })}
      emptyText={useSelector(postsRef, myPosts.selectMyPostsEmptyText)}
      rows={useSelector(postsRef, myPosts.selectMyPostRows)}
      pages={useSelector(postsRef, myPosts.selectMyPostsPages, shallowEqual)}
      onPrevious={() => send({ type: 'page.previous' })}
      onNext={() => send({ type: 'page.next' })}
      canDelete={useSelector(postsRef, myPosts.selectCanDeletePost)}
      onDelete={(id) => send({ type: 'post.delete', id })}
      toDelete={useSelector(postsRef, myPosts.selectPostToDelete)}
      deleting={useSelector(postsRef, myPosts.selectDeletingPost)}
      onConfirmDelete={() => send({ type: 'delete.confirm' })}
      onCancelDelete={() => send({ type: 'delete.cancel' })}
      alert={useSelector(postsRef, myPosts.selectMyPostsAlert)}
      onDismissAlert={() => send({ type: 'alert.dismiss' })}
    />
  );
}

/** Profile, /account/profile and /profile: the person's own, from their session. */
export function ProfileScreen({ flow, user }: FlowScreenProps<ProfileActors>) {
  const counts = useSelector(flow.dashboardInformation, selectDashboardCounts);
  const countsError = useSelector(flow.dashboardInformation, selectDashboardFailure);
  if (!user) return null;
  return (
    <ProfileView
      avatar={
        <AvatarUploadWidget
          avatarRef={flow.avatarUpload}
          hint={avatarUploadHints.profile}
          name={user.fullName}
          color={user.avatarColor}
          bgColor={user.avatarBGColor}
        />
      }
      fullName={user.fullName}
      handle={user.handle}
      email={user.email}
      organisation={user.currentTenant.name}
      accountType={accountTypeLabel(user.currentTenant.tenantAccountType)}
      counts={counts}
      countsError={countsError}
      onRetryCounts={() => flow.dashboardInformation.send({ type: 'retry' })}
      posts={<MyPosts postsRef={flow.myPosts} />}
    />
  );
}
