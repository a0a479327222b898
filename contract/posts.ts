/** Posts and drops (spec §3 Post, Drop; §7.2 Posts). Shared by the client and the server. */
import {
  array,
  boolean,
  enums,
  integer,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type Infer,
} from 'superstruct';
import { DROP_STATUSES } from './enums';
import { ListRequest } from './lists';
import { Id } from './structs';

/** Spec §5 Post / §9. */
export const POST_MESSAGE_MAX = 280;
export const POST_LINK_MAX = 2048;
export const FEED_PAGE_SIZE = 20;
export const PUBLISH_STEP_MINUTES = 15;

/** A link is empty or an absolute http/https URL (spec §5 Post 'Invalid URL'). */
export function isValidPostLink(value: string): boolean {
  if (value === '') return true;
  if (value.length > POST_LINK_MAX) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const Message = refine(size(string(), 1, POST_MESSAGE_MAX), 'message', (v) => v.trim() !== '');
const Link = refine(size(string(), 0, POST_LINK_MAX), 'link', isValidPostLink);
/** ISO 8601 date-time with an offset or Z. */
const DateTime = refine(size(string(), 1, 64), 'dateTime', (v) => !Number.isNaN(Date.parse(v)));

/** POST /posts/feedList: spec §7.2 (page, pageSize 20, sortBy CreatedDate, descending, showFirstGuid). */
export const FeedListRequest = object({
  ...ListRequest.schema,
  /** A post (e.g. just created) that leads the first page. */
  showFirstGuid: optional(size(string(), 0, 64)),
});
export type FeedListRequest = Infer<typeof FeedListRequest>;

/** A media file of a post or drop, with its intrinsic size so cards reserve the space. */
export const MediaFile = object({
  url: string(),
  type: enums(['image', 'video']),
  width: min(integer(), 1),
  height: min(integer(), 1),
});
export type MediaFile = Infer<typeof MediaFile>;

/** One post of the feed list (spec §3: id, userHandle, userAvatarUrl, message, link, postFileUrls). */
export const FeedPost = object({
  id: integer(),
  guid: string(),
  userHandle: string(),
  userAvatarUrl: string(),
  message: string(),
  link: string(),
  postFileUrls: array(string()),
  /** The same files with their sizes (an addition to the spec's fields). */
  postFiles: array(MediaFile),
  publishedDate: string(),
});
export type FeedPost = Infer<typeof FeedPost>;
export const FeedPostList = object({ list: array(FeedPost), totalCount: nullable(integer()) });

/** A post as its author edits it (spec §3 Post). */
export const Post = object({
  id: integer(),
  guid: string(),
  message: string(),
  link: string(),
  publishedDate: string(),
  isDraft: boolean(),
  mediaFileStorageId: nullable(string()),
  mediaFileStorageOriginalName: nullable(string()),
});
export type Post = Infer<typeof Post>;

/** Spec §5 Post: the form's texts, shown by the client and answered by the server. */
export const postTexts = {
  messageRequired: 'Message is required',
  messageTooLong: `Maximum ${POST_MESSAGE_MAX} characters allowed`,
  invalidUrl: 'Invalid URL',
  /**
   * Ours (the spec does not word it): a post is published at its publish date, so a date before
   * the current 15-minute step would back-date it (issue 34: a post dated 01/01/2020 was listed
   * above today's). Refused by the form and by the server.
   */
  publishDateInPast: 'The publish date and time cannot be in the past',
} as const;

/** The statuses of a person's own posts (My posts on the Profile). */
export const OWN_POST_STATUSES = ['published', 'scheduled', 'draft'] as const;
export type OwnPostStatus = (typeof OWN_POST_STATUSES)[number];

/**
 * POST /posts/list: the spec's list request (§3), plus an optional status (an addition: the spec
 * does not show the list's payload beyond the list request): 'draft' (a draft, or a post taken
 * out of the feed), 'scheduled' (not a draft, its publish date still to come) or 'published'
 * (in the feed). Without it, every own post.
 */
export const OwnPostListRequest = object({
  ...ListRequest.schema,
  status: optional(enums(OWN_POST_STATUSES)),
});
export type OwnPostListRequest = Infer<typeof OwnPostListRequest>;

/** POST /posts/create */
export const CreatePostRequest = object({
  message: Message,
  link: Link,
  publishedDate: DateTime,
  isDraft: boolean(),
});
export type CreatePostRequest = Infer<typeof CreatePostRequest>;

/** POST /posts/createWithFile: the pending upload's id from the media service. */
export const CreatePostWithFileRequest = object({
  ...CreatePostRequest.schema,
  mediaFileStorageId: size(string(), 1, 128),
  mediaFileStorageOriginalName: size(string(), 1, 255),
});
export type CreatePostWithFileRequest = Infer<typeof CreatePostWithFileRequest>;

/** POST /posts/update (spec §7.2: id, message, link, publishedDate, isDraft; media cannot change). */
export const UpdatePostRequest = object({
  id: Id,
  message: Message,
  link: Link,
  publishedDate: DateTime,
  isDraft: boolean(),
});
export type UpdatePostRequest = Infer<typeof UpdatePostRequest>;

/** POST /posts/setIsDraft, /posts/setIsPublished */
export const SetPostFlagRequest = object({ id: Id, value: boolean() });
export type SetPostFlagRequest = Infer<typeof SetPostFlagRequest>;

/** GET /posts/get?id=, DELETE /posts/delete?id= */
export const PostIdRequest = object({ id: Id });
/** GET /posts/getByGuid?guid=, DELETE /posts/deletebyguid?guid= */
export const PostGuidRequest = object({ guid: size(string(), 1, 64) });

/**
 * What a real Drop adds to the spec's display (issue 35): its page, status, charity, time left
 * and what it raised. The signed-out sample Drops (spec §2.3) have none.
 */
export const DropGiving = object({
  guid: string(),
  status: enums(DROP_STATUSES),
  endsAt: string(),
  /** The charity's name; '' when its organisation is gone (no gifts then). */
  charityName: string(),
  /** Minor units of `currency` (contract/money.ts). */
  raised: min(integer(), 0),
  goal: nullable(min(integer(), 1)),
  currency: string(),
  givers: min(integer(), 0),
});
export type DropGiving = Infer<typeof DropGiving>;

/** A drop of the carousel (spec §3 Drop display). */
export const DropItem = object({
  id: integer(),
  user: string(),
  userAvatarUrl: string(),
  content: string(),
  date: string(),
  reactions: min(number(), 0),
  media: array(MediaFile),
  giving: optional(DropGiving),
});
export type DropItem = Infer<typeof DropItem>;
export const DropList = object({ list: array(DropItem), totalCount: nullable(integer()) });

/** POST /drops/feedList: paged like posts. */
export const DropsFeedRequest = ListRequest;
export type DropsFeedRequest = Infer<typeof DropsFeedRequest>;

/** The intro Drop, always first (spec §3 Drop). */
export const INTRO_DROP = {
  title: 'Drop Info',
  text: 'A Drop is a time limited post showing exclusive content for a charitable event or initiative.',
} as const;
