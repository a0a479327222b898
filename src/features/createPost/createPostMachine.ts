import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import { mediaMessages, type PendingUpload } from '../../../contract/media';
import type {
  CreatePostRequest,
  CreatePostWithFileRequest,
  Post,
  UpdatePostRequest,
} from '../../../contract/posts';
import {
  emptyPostFormAt,
  type PostFormValues,
  postFormValuesOf,
  type PostSubmission,
  type PublishWindow,
  publishWindowAt,
  shownPublishTime,
} from '../../validation/post';
import { messagesFrom } from '../../machines/errorMessages';
import { notProvided } from '../../machines/notProvided';

/** Spec §4 Post / §9: the redirect to the feed 1 s after a post is created. */
export const REDIRECT_AFTER_CREATE_MS = 1000;

export const createPostTexts = {
  /** Spec §8 success messages. */
  created: 'Post created successfully, redirecting...',
  updated: 'Post updated',
  /** Spec §8 Post. */
  createFailed: 'Error creating post',
  updateFailed: 'Error updating post',
  loadFailed: 'Error loading post data',
  uploadErrorTitle: 'Upload Error',
  /** Spec §2.3 Create Post: the buttons. */
  create: 'Create Post',
  update: 'Update Post',
  saveDraft: 'Save Draft',
  /**
   * Ours (issue 34: /create-post/abc showed an empty Create form): the id is not one of the
   * person's posts in this organisation (none, another person's or another organisation's).
   */
  notFound: 'Post not found',
  notFoundText: 'There is no post of yours with this address in this organisation.',
} as const;

/** Update mode of Create Post: the post's own path. */
export function editPostPath(id: number): string {
  return `/create-post/${id}`;
}

/** Where the screen goes 1 s after a create: the feed with the post first, or a draft's form. */
export function pathAfterCreate(context: {
  createdGuid: string | null;
  createdDraftId: number | null;
}): string {
  return context.createdDraftId !== null
    ? editPostPath(context.createdDraftId)
    : feedPathForNewPost(context.createdGuid ?? '');
}

/** The feed with the new post first (spec §4 Post: /feed?new={guid}). */
export function feedPathForNewPost(guid: string): string {
  return `/feed?new=${encodeURIComponent(guid)}`;
}

/** Spec §2.3 Create Post: media uploads take image files only (image/*). */
export function isImageFile(file: Pick<Blob, 'type'>): boolean {
  return file.type.startsWith('image/');
}

export type CreatePostInput =
  /** /create-post: a new post. */
  | {
      mode: 'new';
      /** ISO: the default publish time is this, rounded down to 15 minutes. */ now: string;
    }
  /**
   * /create-post/{id}: an existing post of the person's (its media cannot change); postId 0 when
   * the path's id is not a post id at all (/create-post/abc).
   */
  | { mode: 'update'; postId: number; now: string };

/** The alerts of the screen (spec §8 Post and its success messages). */
export type CreatePostAlertKind =
  'loadError' | 'createError' | 'updateError' | 'uploadError' | 'created' | 'updated';

/** An alert above the form: the spec's text as the title, and any details under it. */
export interface CreatePostAlert {
  kind: CreatePostAlertKind;
  level: 'danger' | 'success';
  title: string;
  /** The server's or the media service's messages; empty when the failure carried none. */
  messages: string[];
}

export interface CreatePostContext {
  mode: 'new' | 'update';
  postId: number | null;
  /** ISO: when the form opened (the default publish time of a new post). */
  now: string;
  /** The post being updated, as loaded (then as the update answered it). */
  post: Post | null;
  /**
   * The values the form starts with: a new post's (publish time now rounded down to 15 minutes),
   * or the loaded post's; null while the post loads.
   */
  defaults: PostFormValues | null;
  /** The uploaded media of a new post: a pending upload of the media service. */
  media: PendingUpload | null;
  /** Upload progress in percent (0-100) while the media uploads. */
  progress: number;
  /** Is Draft as ticked in the form (spec §4 Post: when drafted the main button is disabled). */
  isDraft: boolean;
  alert: CreatePostAlert | null;
  /** The request while it is in flight; cleared as soon as the call ends. */
  request: CreatePostRequest | null;
  /** The guid of the post just created. */
  createdGuid: string | null;
  /** The id of the draft just saved (a draft is not in the feed: its edit form opens). */
  createdDraftId: number | null;
}

export type CreatePostEvent =
  /** 'Create Post' / 'Update Post' with the form's values (isDraft as ticked). */
  | { type: 'form.submit'; values: PostSubmission }
  /** 'Save Draft': the form's values, saved as a draft whatever the Is Draft box says. */
  | { type: 'draft.save'; values: PostSubmission }
  /** A file was picked for the post's media. */
  | { type: 'media.select'; file: File }
  /** The picked media is removed (or its upload cancelled). */
  | { type: 'media.remove' }
  /** Sent by the upload actor: percent 0-100. */
  | { type: 'upload.progress'; percent: number }
  /** Sent by the upload actor: the pending upload (fileId, fileName, width, height). */
  | { type: 'upload.finish'; upload: PendingUpload }
  /** Sent by the upload actor: the upload failed (a MediaServiceError carries `messages`). */
  | { type: 'upload.fail'; error: unknown }
  /** Is Draft was ticked or unticked. */
  | { type: 'draft.toggle'; isDraft: boolean }
  | { type: 'alert.dismiss' }
  | { type: 'retry' };

/** What the form sends, Save Draft forcing isDraft. */
export function buildPostRequest(values: PostSubmission, forceDraft: boolean): CreatePostRequest {
  return {
    message: values.message,
    link: values.link,
    publishedDate: values.publishedDate,
    isDraft: forceDraft || values.isDraft,
  };
}

/**
 * An update of a post keeps its stored publish time while the form still shows it: the time
 * select has 15-minute steps, so a time between them (a post written through the API) is shown
 * rounded down, and saving the post unchanged must not move it. A date or time the person chose
 * is sent as chosen.
 */
export function keepStoredPublishTime(
  values: PostSubmission,
  post: Pick<Post, 'publishedDate'> | null,
): PostSubmission {
  const stored = post ? Date.parse(post.publishedDate) : Number.NaN;
  if (!post || Number.isNaN(stored)) return values;
  const shown = shownPublishTime(stored);
  return Date.parse(values.publishedDate) === shown
    ? { ...values, publishedDate: post.publishedDate }
    : values;
}

const alertTitles: Record<CreatePostAlertKind, string> = {
  loadError: createPostTexts.loadFailed,
  createError: createPostTexts.createFailed,
  updateError: createPostTexts.updateFailed,
  uploadError: createPostTexts.uploadErrorTitle,
  created: createPostTexts.created,
  updated: createPostTexts.updated,
};

/** An alert of that kind, with the messages a failure carries (else `fallback`, if any). */
export function postAlert(
  kind: CreatePostAlertKind,
  error?: unknown,
  fallback?: string,
): CreatePostAlert {
  const level = kind === 'created' || kind === 'updated' ? 'success' : 'danger';
  const messages = error === undefined ? [] : messagesFrom(error, fallback ?? '');
  return { kind, level, title: alertTitles[kind], messages: messages.filter((m) => m !== '') };
}

function requestOf(context: CreatePostContext): CreatePostRequest {
  if (!context.request) throw new Error('saving needs the request');
  return context.request;
}

function fileOf(event: CreatePostEvent): File {
  if (event.type !== 'media.select') throw new Error('uploading needs the selected file');
  return event.file;
}

/**
 * How both creates end (with or without media): 'created', or back to the form with 'Error
 * creating post' (`errorDescription` says what the form keeps).
 */
function createOutcome(errorDescription: string) {
  return {
    onDone: {
      target: 'created',
      actions: {
        type: 'assignCreated',
        params: ({ event }: { event: DoneActorEvent<Post> }) => event.output,
      },
      description: "Created: 'Post created successfully, redirecting...'.",
    },
    onError: {
      target: 'editing',
      actions: {
        type: 'assignCreateError',
        params: ({ event }: { event: ErrorActorEvent }) => event.error,
      },
      description: errorDescription,
    },
  } as const;
}

export const createPostMachine = setup({
  types: {
    context: {} as CreatePostContext,
    events: {} as CreatePostEvent,
    input: {} as CreatePostInput,
  },
  actors: {
    /**
     * GET /posts/get?id=: the post, or null when it is not one of the person's posts (the server
     * answers 404 for none or another organisation's, 403 for another person's).
     */
    loadPost: fromPromise<Post | null, { id: number }>(async () => notProvided('loadPost')),
    /**
     * POST multipart UploadPending to the media service with the post validation preset. Sends
     * back `upload.progress` (0-100), then `upload.finish` or `upload.fail`; stopping it aborts.
     */
    uploadPostMedia: fromCallback<CreatePostEvent, { file: File }>(() =>
      notProvided('uploadPostMedia'),
    ),
    /** DELETE DeletePending?fileId= (the media service). */
    deletePendingMedia: fromPromise<void, { fileId: string }>(async () =>
      notProvided('deletePendingMedia'),
    ),
    /** POST /posts/create. */
    createPost: fromPromise<Post, CreatePostRequest>(async () => notProvided('createPost')),
    /** POST /posts/createWithFile (the pending upload's fileId and original name). */
    createPostWithFile: fromPromise<Post, CreatePostWithFileRequest>(async () =>
      notProvided('createPostWithFile'),
    ),
    /** POST /posts/update (id, message, link, publishedDate, isDraft; the media cannot change). */
    updatePost: fromPromise<Post, UpdatePostRequest>(async () => notProvided('updatePost')),
  },
  delays: {
    redirectAfterCreate: REDIRECT_AFTER_CREATE_MS,
  },
  guards: {
    isUpdateMode: ({ context }) => context.mode === 'update',
    hasPostId: ({ context }) => (context.postId ?? 0) >= 1,
    isFound: (_, post: Post | null) => post !== null,
    isDrafted: (_, values: PostSubmission) => values.isDraft,
    hasMedia: ({ context }) => context.media !== null,
    isNotImage: (_, file: File) => !isImageFile(file),
  },
  actions: {
    assignPost: assign(({ context }, post: Post) => ({
      post,
      defaults: postFormValuesOf(post, context.now),
      alert: null,
    })),
    /** The request goes out; Save Draft ticks Is Draft. */
    assignRequest: assign((_, request: CreatePostRequest) => ({
      request,
      isDraft: request.isDraft,
      alert: null,
    })),
    assignDraft: assign((_, isDraft: boolean) => ({ isDraft })),
    clearRequest: assign({ request: null }),
    assignSavedPost: assign(({ context }) => ({
      post:
        context.post && context.request ? { ...context.post, ...context.request } : context.post,
    })),
    startProgress: assign({ progress: 0, alert: null }),
    assignProgress: assign((_, percent: number) => ({
      progress: Math.min(100, Math.max(0, Math.round(percent))),
    })),
    assignMedia: assign((_, media: PendingUpload) => ({ media })),
    clearMedia: assign({ media: null }),
    /** The post is created: its guid (or draft id) and 'Post created successfully, redirecting...'. */
    assignCreated: assign((_, post: Post) => ({
      createdGuid: post.guid,
      createdDraftId: post.isDraft ? post.id : null,
      alert: postAlert('created'),
    })),
    /** 'Error creating post', with the server's messages if any. */
    assignCreateError: assign((_, error: unknown) => ({ alert: postAlert('createError', error) })),
    assignAlert: assign((_, alert: CreatePostAlert) => ({ alert })),
    clearAlert: assign({ alert: null }),
    /** Goes to the feed with the new post first: /feed?new={guid}. */
    redirectToFeed: (_, _path: string) => notProvided('redirectToFeed'),
  },
}).createMachine({
  id: 'createPost',
  description:
    "Spec §2.3 Create Post and §4 Post: message, optional link, publish date and time, media upload (image files, with progress), Is Draft, Save Draft, and Create or Update Post. When drafted the main Create button is disabled; Save Draft forces isDraft true. After creation 'Post created successfully, redirecting...' and after 1 s /feed?new={guid}. An existing post can be updated ('Post updated') but its media cannot be changed. A failed save keeps the form as it was.",
  context: ({ input }) => ({
    mode: input.mode,
    postId: input.mode === 'update' ? input.postId : null,
    now: input.now,
    post: null,
    defaults: input.mode === 'new' ? emptyPostFormAt(input.now) : null,
    media: null,
    progress: 0,
    isDraft: false,
    alert: null,
    request: null,
    createdGuid: null,
    createdDraftId: null,
  }),
  on: {
    'alert.dismiss': { actions: 'clearAlert', description: 'The alert is dismissed.' },
    'draft.toggle': {
      actions: { type: 'assignDraft', params: ({ event }) => event.isDraft },
      description: 'Is Draft is ticked (the main button is disabled) or unticked.',
    },
  },
  initial: 'choosingMode',
  states: {
    choosingMode: {
      description: 'A new post, or an existing one to update.',
      always: [
        {
          guard: 'isUpdateMode',
          target: 'update',
          description: 'An existing post: it is loaded first.',
        },
        { target: 'new', description: 'A new post: the empty form.' },
      ],
    },
    new: {
      description: 'Creating a post.',
      initial: 'editing',
      states: {
        editing: {
          description:
            "The form: the publish time defaults to now rounded down to 15 minutes. 'Create Post' is disabled while Is Draft is ticked.",
          on: {
            'form.submit': [
              {
                guard: { type: 'isDrafted', params: ({ event }) => event.values },
                description:
                  "Drafted: the main Create button is disabled (the draft is saved with 'Save Draft').",
              },
              {
                guard: 'hasMedia',
                target: 'creatingWithFile',
                actions: {
                  type: 'assignRequest',
                  params: ({ event }) => buildPostRequest(event.values, false),
                },
                description: "'Create Post' with the uploaded media.",
              },
              {
                target: 'creating',
                actions: {
                  type: 'assignRequest',
                  params: ({ event }) => buildPostRequest(event.values, false),
                },
                description: "'Create Post' without media.",
              },
            ],
            'draft.save': [
              {
                guard: 'hasMedia',
                target: 'creatingWithFile',
                actions: {
                  type: 'assignRequest',
                  params: ({ event }) => buildPostRequest(event.values, true),
                },
                description: "'Save Draft' with the uploaded media: isDraft is forced true.",
              },
              {
                target: 'creating',
                actions: {
                  type: 'assignRequest',
                  params: ({ event }) => buildPostRequest(event.values, true),
                },
                description: "'Save Draft': isDraft is forced true.",
              },
            ],
            'media.select': [
              {
                guard: 'hasMedia',
                description: 'Media is already uploaded: it must be removed first.',
              },
              {
                guard: { type: 'isNotImage', params: ({ event }) => event.file },
                actions: {
                  type: 'assignAlert',
                  params: postAlert('uploadError', { messages: [mediaMessages.invalidType] }),
                },
                description:
                  "Not an image file: 'Upload Error', 'Invalid file type'; nothing is uploaded.",
              },
              {
                target: 'uploading',
                description: 'An image file: it uploads to the media service.',
              },
            ],
            'media.remove': {
              guard: 'hasMedia',
              target: 'removingMedia',
              description: 'The uploaded media is removed.',
            },
          },
        },
        uploading: {
          description:
            'The media uploads to the media service (post validation preset), with progress 0-100; saving waits until it ends.',
          tags: ['busy'],
          entry: 'startProgress',
          invoke: {
            id: 'uploadPostMedia',
            src: 'uploadPostMedia',
            input: ({ event }) => ({ file: fileOf(event) }),
            onError: {
              target: 'editing',
              actions: {
                type: 'assignAlert',
                params: ({ event }: { event: ErrorActorEvent }) =>
                  postAlert('uploadError', event.error, mediaMessages.uploadFailed),
              },
              description: "The upload broke down: 'Upload Error', 'Upload failed'.",
            },
          },
          on: {
            'upload.progress': {
              actions: { type: 'assignProgress', params: ({ event }) => event.percent },
              description: 'The upload progressed (percent).',
            },
            'upload.finish': {
              target: 'editing',
              actions: { type: 'assignMedia', params: ({ event }) => event.upload },
              description: 'Uploaded: the pending upload goes with the post when it is created.',
            },
            'upload.fail': {
              target: 'editing',
              actions: {
                type: 'assignAlert',
                params: ({ event }) =>
                  postAlert('uploadError', event.error, mediaMessages.uploadFailed),
              },
              description:
                "'Upload Error' with the media service's messages (e.g. 'File exceeds max size of N bytes', 'Invalid file type', 'Image below minimum resolution', 'Invalid image file') or 'Upload failed'.",
            },
            'media.remove': {
              target: 'editing',
              description: 'The upload is cancelled (the request is aborted).',
            },
          },
        },
        removingMedia: {
          description: 'DELETE DeletePending?fileId=: the pending upload is dropped.',
          tags: ['busy'],
          invoke: {
            id: 'deletePendingMedia',
            src: 'deletePendingMedia',
            input: ({ context }) => ({ fileId: context.media?.fileId ?? '' }),
            onDone: {
              target: 'editing',
              actions: 'clearMedia',
              description: 'The media is removed.',
            },
            onError: {
              target: 'editing',
              actions: 'clearMedia',
              description:
                'The media is removed from the post all the same (a pending upload that is never used expires).',
            },
          },
        },
        creating: {
          description: 'POST /posts/create (message, link, publishedDate, isDraft).',
          tags: ['busy'],
          exit: 'clearRequest',
          invoke: {
            id: 'createPost',
            src: 'createPost',
            input: ({ context }) => requestOf(context),
            ...createOutcome(
              "'Error creating post', with the server's messages if any; the form keeps what was written.",
            ),
          },
        },
        creatingWithFile: {
          description:
            'POST /posts/createWithFile (message, link, publishedDate, isDraft, mediaFileStorageId, mediaFileStorageOriginalName).',
          tags: ['busy'],
          exit: 'clearRequest',
          invoke: {
            id: 'createPostWithFile',
            src: 'createPostWithFile',
            input: ({ context }) => ({
              ...requestOf(context),
              mediaFileStorageId: context.media?.fileId ?? '',
              mediaFileStorageOriginalName: context.media?.fileName ?? '',
            }),
            ...createOutcome(
              "'Error creating post', with the server's messages if any; the form and its media are kept.",
            ),
          },
        },
        created: {
          description: "'Post created successfully, redirecting...' for 1 s.",
          after: {
            redirectAfterCreate: {
              target: 'redirected',
              actions: {
                type: 'redirectToFeed',
                params: ({ context }) => pathAfterCreate(context),
              },
              description:
                'After 1 s: /feed?new={guid}, the new post first; a draft (not in the feed) opens in its edit form.',
            },
          },
        },
        redirected: {
          type: 'final',
          description: 'The app went to /feed?new={guid} (a draft: to its edit form).',
        },
      },
    },
    update: {
      description: 'Updating an existing post: its media cannot be changed.',
      initial: 'checkingId',
      states: {
        checkingId: {
          description: "Whether the address's id can be a post's at all.",
          always: [
            {
              guard: 'hasPostId',
              target: 'loading',
              description: 'A post id: the post is loaded.',
            },
            {
              target: 'notFound',
              description: "Not a post id (/create-post/abc): 'Post not found', nothing is asked.",
            },
          ],
        },
        loading: {
          description: 'GET /posts/get?id=.',
          tags: ['busy'],
          invoke: {
            id: 'loadPost',
            src: 'loadPost',
            input: ({ context }) => ({ id: context.postId ?? 0 }),
            onDone: [
              {
                guard: { type: 'isFound', params: ({ event }) => event.output },
                target: 'editing',
                actions: [
                  { type: 'assignPost', params: ({ event }) => event.output as Post },
                  {
                    type: 'assignDraft',
                    params: ({ event }) => (event.output as Post).isDraft,
                  },
                ],
                description: 'Loaded: the form shows the post (Is Draft as stored).',
              },
              {
                target: 'notFound',
                description:
                  "Not one of the person's posts (none with this id, another person's or another organisation's): 'Post not found'.",
              },
            ],
            onError: {
              target: 'loadFailed',
              actions: {
                type: 'assignAlert',
                params: ({ event }: { event: ErrorActorEvent }) =>
                  postAlert('loadError', event.error),
              },
              description: "'Error loading post data', with the server's messages if any.",
            },
          },
        },
        notFound: {
          description:
            "'Post not found': no form (nothing to update), with the ways back to My posts and to a new post.",
          tags: ['error'],
        },
        loadFailed: {
          description: "'Error loading post data': no form, with 'Try again'.",
          tags: ['error'],
          on: {
            retry: {
              target: 'loading',
              actions: 'clearAlert',
              description: 'Try again.',
            },
          },
        },
        editing: {
          description:
            "The form with the post's values; its media is shown and cannot be changed (media events are ignored).",
          on: {
            'form.submit': [
              {
                guard: { type: 'isDrafted', params: ({ event }) => event.values },
                description:
                  "Drafted: the main Update button is disabled (the draft is saved with 'Save Draft').",
              },
              {
                target: 'updating',
                actions: {
                  type: 'assignRequest',
                  params: ({ context, event }) =>
                    buildPostRequest(keepStoredPublishTime(event.values, context.post), false),
                },
                description:
                  "'Update Post' with the form's values, not a draft; a stored publish time between the 15-minute steps is kept while the form still shows it.",
              },
            ],
            'draft.save': {
              target: 'updating',
              actions: {
                type: 'assignRequest',
                params: ({ context, event }) =>
                  buildPostRequest(keepStoredPublishTime(event.values, context.post), true),
              },
              description:
                "'Save Draft': isDraft is forced true; a stored publish time between the 15-minute steps is kept while the form still shows it.",
            },
          },
        },
        updating: {
          description: 'POST /posts/update (id, message, link, publishedDate, isDraft).',
          tags: ['busy'],
          exit: 'clearRequest',
          invoke: {
            id: 'updatePost',
            src: 'updatePost',
            input: ({ context }) => ({ id: context.postId ?? 0, ...requestOf(context) }),
            onDone: {
              target: 'editing',
              actions: [
                { type: 'assignPost', params: ({ event }) => event.output },
                {
                  type: 'assignAlert',
                  params: postAlert('updated'),
                },
              ],
              description: "'Post updated'; the form stays.",
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'assignAlert',
                params: ({ event }: { event: ErrorActorEvent }) =>
                  postAlert('updateError', event.error),
              },
              description:
                "'Error updating post', with the server's messages if any; the form keeps what was written.",
            },
          },
        },
      },
    },
  },
});

export type CreatePostSnapshot = SnapshotFrom<typeof createPostMachine>;

export const selectPostMode = (s: CreatePostSnapshot) => s.context.mode;
export const selectPostAlert = (s: CreatePostSnapshot) => s.context.alert;
/** The post is loading (update mode). */
export const selectPostLoading = (s: CreatePostSnapshot) => s.matches({ update: 'loading' });
export const selectPostLoadFailed = (s: CreatePostSnapshot) => s.matches({ update: 'loadFailed' });
/** 'Post not found': the address is not one of the person's posts. */
export const selectPostNotFound = (s: CreatePostSnapshot) => s.matches({ update: 'notFound' });
/** A save is out (create, create with its media, or update). */
const selectPostSaving = (s: CreatePostSnapshot) =>
  s.matches({ new: 'creating' }) ||
  s.matches({ new: 'creatingWithFile' }) ||
  s.matches({ update: 'updating' });
/** Which button's save is out: 'draft' (Save Draft) or 'post' (Create / Update Post), else null. */
export const selectSavingAs = (s: CreatePostSnapshot): 'draft' | 'post' | null =>
  selectPostSaving(s) && s.context.request ? (s.context.request.isDraft ? 'draft' : 'post') : null;
/** Is Draft is ticked: the main button is disabled (spec §4 Post). */
export const selectDrafted = (s: CreatePostSnapshot) => s.context.isDraft;
/** Save Draft can be pressed: the form is idle (not uploading, saving, created or loading). */
export const selectCanSave = (s: CreatePostSnapshot) =>
  s.matches({ new: 'editing' }) || s.matches({ update: 'editing' });
/** 'Create Post' / 'Update Post' can be pressed: the form idle and Is Draft not ticked. */
export const selectCanCreate = (s: CreatePostSnapshot) => selectCanSave(s) && !s.context.isDraft;
/** Media can be picked: a new post without media, the form idle (never in update mode). */
export const selectCanSelectMedia = (s: CreatePostSnapshot) =>
  s.matches({ new: 'editing' }) && s.context.media === null;
/** The uploaded media can be removed: a new post with media, the form idle. */
export const selectCanRemoveMedia = (s: CreatePostSnapshot) =>
  s.matches({ new: 'editing' }) && s.context.media !== null;
/** Upload progress in percent while uploading, else null. */
export const selectUploadProgress = (s: CreatePostSnapshot) =>
  s.matches({ new: 'uploading' }) ? s.context.progress : null;
/** The uploaded media of a new post (a pending upload), else null. */
export const selectUploadedMedia = (s: CreatePostSnapshot) => s.context.media;
/** The media of the post being updated (read-only): its original file name, else null. */
export const selectExistingMediaName = (s: CreatePostSnapshot) =>
  s.context.post?.mediaFileStorageId ? s.context.post.mediaFileStorageOriginalName : null;
/** The picked file to preview: only while it is the pending upload of a new post, else null. */
export const selectFileToPreview = <TFile>(s: CreatePostSnapshot, picked: TFile | null) =>
  s.context.media ? picked : null;
/**
 * The media the form shows: a new post's pending upload (with the picked file's local preview)
 * before the stored media of the post being updated; null when there is neither.
 */
export function selectShownMedia(
  s: CreatePostSnapshot,
  previewUrl: string | null,
): { fileName: string; previewUrl?: string | null } | null {
  const uploaded = selectUploadedMedia(s);
  if (uploaded) return { fileName: uploaded.fileName, previewUrl };
  const existing = selectExistingMediaName(s);
  return existing ? { fileName: existing } : null;
}

const publishWindows = new WeakMap<CreatePostContext, PublishWindow>();
/**
 * When the post may be published (issue 34: a date in the past is refused, as the server does):
 * not before the form's opening time rounded down to 15 minutes (its default), except at the
 * stored publish time of the post being updated, as the form shows it (an update keeps it). The
 * same object while the context is the same.
 */
export function selectPublishWindow(s: CreatePostSnapshot): PublishWindow {
  let found = publishWindows.get(s.context);
  if (found === undefined) {
    found = publishWindowAt(s.context.now, s.context.post?.publishedDate ?? null);
    publishWindows.set(s.context, found);
  }
  return found;
}

/**
 * The values the form starts with: a new post's (publish time now rounded down to 15 minutes),
 * or the loaded post's; null while the post loads. The same object until the post changes.
 */
export const selectPostFormDefaults = (s: CreatePostSnapshot) => s.context.defaults;
