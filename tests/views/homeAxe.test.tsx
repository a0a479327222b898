import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { INTRO_DROP } from '../../contract/posts';
import { CreateDropView } from '../../src/features/createDrop/CreateDropView';
import { CreateInfoView } from '../../src/features/createInfo/CreateInfoView';
import { CreatePostView } from '../../src/features/createPost/CreatePostView';
import { idleCreatePostProps } from '../support/createPostViewProps';
import type { DropsCarouselViewProps } from '../../src/features/home/DropsCarouselView';
import { FollowingView } from '../../src/features/following/FollowingView';
import { HomeView } from '../../src/features/home/HomeView';
import type { PostsFeedViewProps } from '../../src/features/home/PostsFeedView';
import { SearchView } from '../../src/features/search/SearchView';
import {
  carouselCallbacks,
  dropItem,
  feedPosts,
  oceanRescuePost,
  PHOTO_AND_VIDEO,
} from './samplePosts';
import { axeViolations, useInkCanvas } from './axe';

useInkCanvas({ virtualDom: true });

/** axe-core's rules on each home screen in its main states, rendered inside a <main>. */
const violations = (ui: ReactElement) => axeViolations(ui, { settle: true });

const carousel: DropsCarouselViewProps = {
  items: [
    { kind: 'intro', key: 'intro', title: INTRO_DROP.title, text: INTRO_DROP.text },
    {
      kind: 'drop',
      key: '0:1',
      drop: dropItem(1, {
        userAvatarUrl: 'https://cdn.example/u1.png',
        media: PHOTO_AND_VIDEO,
      }),
      mediaIndex: 0,
    },
    {
      kind: 'drop',
      key: '1:2',
      drop: dropItem(2, {
        media: [{ url: 'https://cdn.example/v.mp4', type: 'video', width: 720, height: 900 }],
      }),
      mediaIndex: 0,
    },
  ],
  currentIndex: 1,
  canShowPrevious: true,
  canShowNext: false,
  loading: true,
  ...carouselCallbacks(),
};

const feed: PostsFeedViewProps = {
  posts: [oceanRescuePost(), ...feedPosts(3, 2)],
  status: 'loading',
  setSize: -1,
  endText: null,
  onEndReached: vi.fn(),
  onRetry: vi.fn(),
  highlightGuid: 'guid-1',
  timeZone: 'UTC',
};

const createPost = idleCreatePostProps(new Date(2026, 10, 22, 14, 38), {
  onDismissAlert: vi.fn(),
});

describe('home screens pass axe', () => {
  it.each<[string, ReactElement]>([
    [
      'home (visitor, loading)',
      <HomeView key="h" signedIn={false} carousel={carousel} feed={feed} />,
    ],
    [
      'home (signed in, ended)',
      <HomeView
        key="h"
        signedIn
        carousel={{ ...carousel, loading: false }}
        feed={{
          ...feed,
          status: 'ended',
          setSize: feed.posts.length,
          endText: "You've seen all the posts, thanks for your attention.",
        }}
      />,
    ],
    [
      'home (errors)',
      <HomeView
        key="h"
        signedIn
        carousel={{ ...carousel, loading: false, failed: true, onRetry: vi.fn() }}
        feed={{ ...feed, posts: [], status: 'error' }}
      />,
    ],
    ['create info', <CreateInfoView key="c" />],
    ['create drop', <CreateDropView key="c" />],
    ['create post', <CreatePostView key="c" {...createPost} />],
    [
      'create post (uploading, alerts)',
      <CreatePostView
        key="c"
        {...createPost}
        uploading={{ percent: 37 }}
        alerts={[
          { kind: 'uploadError', messages: ['Invalid file type'] },
          { kind: 'createError', messages: ['Error creating post'] },
        ]}
      />,
    ],
    [
      'create post (media chosen, created)',
      <CreatePostView
        key="c"
        {...createPost}
        media={{ fileName: 'photo.png', previewUrl: 'blob:preview' }}
        alerts={[{ kind: 'created' }]}
      />,
    ],
    [
      'update post (draft, media read-only)',
      <CreatePostView
        key="c"
        {...createPost}
        mode="update"
        initialValues={{ message: 'Draft', isDraft: true }}
        media={{ fileName: 'stored.webp', previewUrl: 'https://cdn.example/stored.webp' }}
        alerts={[{ kind: 'updated' }]}
      />,
    ],
    ['following', <FollowingView key="f" />],
    ['search', <SearchView key="s" />],
  ])('%s', async (_name, ui) => {
    expect(await violations(ui)).toEqual([]);
  });
});
