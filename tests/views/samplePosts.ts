import { vi } from 'vitest';
import type { AppLayoutViewProps } from '../../src/views/layouts/AppLayoutView';
import type { DropItem, FeedPost } from '../../contract/posts';

/** A feed post; `n` makes the ids, guids and handles distinct. */
export function feedPost(n: number, overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    id: n,
    guid: `guid-${n}`,
    userHandle: `user_${n}`,
    userAvatarUrl: '',
    message: `Post number ${n}`,
    link: '',
    postFileUrls: [],
    postFiles: [],
    publishedDate: '2026-11-22T14:05:00.000Z',
    ...overrides,
  };
}

/** A post with a message, a link and a photo. */
export const oceanRescuePost = (): FeedPost =>
  feedPost(1, {
    message: 'Running for #OceanRescue on Sunday',
    link: 'https://givedrop.example/run',
    postFiles: [{ url: 'https://cdn.example/p.webp', type: 'image', width: 1080, height: 720 }],
  });

export function feedPosts(count: number, from = 1): FeedPost[] {
  return Array.from({ length: count }, (_, i) => feedPost(from + i));
}

export function dropItem(n: number, overrides: Partial<DropItem> = {}): DropItem {
  return {
    id: n,
    user: `Drop maker ${n}`,
    userAvatarUrl: '',
    content: `Drop content ${n}`,
    date: '2026-11-20T09:30:00.000Z',
    reactions: n * 3,
    media: [],
    ...overrides,
  };
}

/** A drop's photo and video, in that order. */
export const PHOTO_AND_VIDEO: DropItem['media'] = [
  { url: 'https://cdn.example/a.webp', type: 'image', width: 1080, height: 1350 },
  { url: 'https://cdn.example/b.mp4', type: 'video', width: 720, height: 900 },
];

/** The carousel's callbacks as spies, and its time zone. */
export function carouselCallbacks() {
  return {
    onPrevious: vi.fn(),
    onNext: vi.fn(),
    onPreviousMedia: vi.fn(),
    onNextMedia: vi.fn(),
    onNearEnd: vi.fn(),
    onSwipeStart: vi.fn(),
    onSwipeEnd: vi.fn(),
    timeZone: 'UTC',
  };
}

/** A signed-in member of one organisation, as the app layout shows them. */
export function layoutUser(
  overrides: Partial<AppLayoutViewProps['user']> = {},
): AppLayoutViewProps['user'] {
  return {
    fullName: 'Ann Smith',
    handle: 'ann_smith',
    avatarUrl: '',
    avatarColor: '#ffffff',
    avatarBGColor: '#0f6b66',
    tenantName: 'Hope Trust',
    canChangePassword: true,
    canManageUsers: false,
    canAdminister: false,
    organisations: [],
    ...overrides,
  };
}
