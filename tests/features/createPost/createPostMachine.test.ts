import { describe, expect, it, vi, type Mock } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { PendingUpload } from '../../../contract/media';
import type { Post } from '../../../contract/posts';
import {
  buildPostRequest,
  keepStoredPublishTime,
  createPostMachine,
  selectCanCreate,
  selectCanRemoveMedia,
  selectCanSave,
  selectCanSelectMedia,
  selectDrafted,
  selectExistingMediaName,
  selectFileToPreview,
  selectPostAlert,
  selectPostFormDefaults,
  selectPostLoadFailed,
  selectPostNotFound,
  selectPublishWindow,
  createPostTexts,
  selectPostLoading,
  selectSavingAs,
  selectShownMedia,
  selectUploadedMedia,
  selectUploadProgress,
  type CreatePostEvent,
  type CreatePostInput,
  type CreatePostSnapshot,
} from '../../../src/features/createPost/createPostMachine';
import type { PostSubmission } from '../../../src/validation/post';
import { FakePromises, TestClock, settled, type SpecState } from '../../support/pathHarness';
import { describePathsForInputs } from '../../support/pathsWithInputs';

const NOW = '2026-11-22T14:37:12.000Z';
const POST_ID = 7;
const VALUES: PostSubmission = {
  message: 'Running 10k for the shelter #giving',
  link: 'https://example.org/run',
  publishedDate: '2026-11-22T14:30:00.000Z',
  isDraft: false,
};
const DRAFTED: PostSubmission = { ...VALUES, isDraft: true };
/**
 * A picked file. It shows its name and type in JSON: the traversal tells events apart by their
 * JSON, and a File's is '{}'.
 */
function picked(bytes: BlobPart, name: string, type: string): File {
  return Object.assign(new File([bytes], name, { type }), { toJSON: () => ({ name, type }) });
}
const IMAGE = picked(new Uint8Array([0xff, 0xd8, 0xff]), 'run.jpg', 'image/jpeg');
const TEXT = picked('not an image', 'notes.txt', 'text/plain');
const PENDING: PendingUpload = {
  fileId: 'pending-file-1',
  reference: 'post-media',
  fileName: 'run.jpg',
  width: 1080,
  height: 720,
};
const LOADED: Post = {
  id: POST_ID,
  guid: 'guid-7',
  message: 'A draft about the bake sale',
  link: '',
  publishedDate: '2026-11-20T09:15:00.000Z',
  isDraft: true,
  mediaFileStorageId: 'stored-file-9',
  mediaFileStorageOriginalName: 'cakes.png',
};
const UPDATED: Post = { ...LOADED, ...VALUES };
const CREATED: Post = {
  ...LOADED,
  id: 8,
  guid: 'guid-new',
  isDraft: false,
  mediaFileStorageId: null,
};
const CREATED_DRAFT: Post = { ...CREATED, id: 9, guid: 'guid-draft', isDraft: true };
const REJECTED = { messages: ['File exceeds max size of 10485760 bytes'] };
const SERVER_REFUSAL = { messages: ['Maximum 280 characters allowed'] };
const offline = new Error('offline');

/** The upload running now: the real child-to-parent channel of the callback actor. */
let upload: { input: { file: File }; sendBack: (event: CreatePostEvent) => void } | null = null;

interface Spies {
  redirectToFeed: Mock<(path: string) => void>;
  uploads: { file: File }[];
  aborted: number;
}

/** A save is out: POST /posts/create, /posts/createWithFile or /posts/update. */
const saving = (s: CreatePostSnapshot) =>
  s.matches({ new: 'creating' }) ||
  s.matches({ new: 'creatingWithFile' }) ||
  s.matches({ update: 'updating' });

/** How many uploads had started before the step being checked. */
let uploadsBefore = 0;
/**
 * Is Draft as the spec has it (§4 Post): ticked or unticked by the person, ticked by Save Draft,
 * unticked by a post sent with 'Create Post' / 'Update Post', and as loaded when updating.
 */
let drafted = false;
const SAVING_CALLS = ['createPost', 'createPostWithFile', 'updatePost'];
const isSave = (e: AnyEventObject) => e.type === 'form.submit' || e.type === 'draft.save';

/**
 * The post form's phases as spec §2.3 Create Post and §4 Post tell them, stepped by what each
 * event means there, independently of the machine. A new post: the form (editing), an image
 * uploading (only one; a file of another type is refused before any upload; removing cancels the
 * upload), the uploaded media being removed, the post being created (with its media, or without),
 * 'Post created successfully, redirecting...' for 1 s, then the feed (redirected). An existing
 * post: loading, 'Error loading post data' with 'Try again', the form, the post being updated;
 * 'Post not found' (issue 34) when the address's id is not a post id or the post is not the
 * person's (the load answers none), and nothing happens there.
 */
type NewPhase =
  | 'editing'
  | 'uploading'
  | 'removingMedia'
  | 'creating'
  | 'creatingWithFile'
  | 'created'
  | 'redirected';
type UpdatePhase = 'loading' | 'loadFailed' | 'notFound' | 'editing' | 'updating';
type Phases =
  { mode: 'new'; phase: NewPhase; hasMedia: boolean } | { mode: 'update'; phase: UpdatePhase };
let phases: Phases = { mode: 'new', phase: 'editing', hasMedia: false };

function stepPhases(p: Phases, event: AnyEventObject): Phases {
  const saves =
    event.type === 'draft.save' ||
    (event.type === 'form.submit' && !(event.values as PostSubmission).isDraft);
  if (p.mode === 'update') {
    const at = (phase: UpdatePhase): Phases => ({ mode: 'update', phase });
    switch (event.type) {
      case 'xstate.done.actor.loadPost':
        if (p.phase !== 'loading') return p;
        return at(event.output === null ? 'notFound' : 'editing');
      case 'xstate.error.actor.loadPost':
        return p.phase === 'loading' ? at('loadFailed') : p;
      case 'retry':
        return p.phase === 'loadFailed' ? at('loading') : p;
      case 'xstate.done.actor.updatePost':
      case 'xstate.error.actor.updatePost':
        return p.phase === 'updating' ? at('editing') : p;
      default:
        // The media cannot change when updating.
        return saves && p.phase === 'editing' ? at('updating') : p;
    }
  }
  const at = (phase: NewPhase, hasMedia = p.hasMedia): Phases => ({
    mode: 'new',
    phase,
    hasMedia,
  });
  switch (event.type) {
    case 'media.select': {
      const image = (event.file as File).type.startsWith('image/');
      return p.phase === 'editing' && !p.hasMedia && image ? at('uploading') : p;
    }
    case 'media.remove':
      if (p.phase === 'uploading') return at('editing');
      return p.phase === 'editing' && p.hasMedia ? at('removingMedia') : p;
    case 'upload.finish':
      return p.phase === 'uploading' ? at('editing', true) : p;
    case 'upload.fail':
    case 'xstate.error.actor.uploadPostMedia':
      return p.phase === 'uploading' ? at('editing') : p;
    case 'xstate.done.actor.deletePendingMedia':
    case 'xstate.error.actor.deletePendingMedia':
      // Removed from the post either way.
      return p.phase === 'removingMedia' ? at('editing', false) : p;
    case 'xstate.done.actor.createPost':
    case 'xstate.done.actor.createPostWithFile':
      return p.phase === 'creating' || p.phase === 'creatingWithFile' ? at('created') : p;
    case 'xstate.error.actor.createPost':
    case 'xstate.error.actor.createPostWithFile':
      return p.phase === 'creating' || p.phase === 'creatingWithFile' ? at('editing') : p;
    case 'xstate.after.redirectAfterCreate.createPost.new.created':
      return p.phase === 'created' ? at('redirected') : p;
    default:
      if (saves && p.phase === 'editing') return at(p.hasMedia ? 'creatingWithFile' : 'creating');
      return p;
  }
}

/**
 * The spec's table of the post form's states: new.* and update.* as above; a call out (an upload,
 * a media removal, a save, the load) is busy; 'Error loading post data' is an error; after the redirect to the
 * feed (new.redirected) nothing more happens.
 */
function postState(): SpecState {
  const busy = [
    'uploading',
    'removingMedia',
    'creating',
    'creatingWithFile',
    'loading',
    'updating',
  ].includes(phases.phase);
  return {
    value: { [phases.mode]: phases.phase },
    tags: { busy, error: phases.phase === 'loadFailed' || phases.phase === 'notFound' },
    // The redirect is the app's (redirectToFeed): the actor itself keeps running.
    done: false,
    shown: { ...phases, drafted },
  };
}

await describePathsForInputs<Spies, CreatePostInput>({
  machine: createPostMachine,
  inputs: [
    {
      name: 'a new post',
      input: { mode: 'new', now: NOW },
      paths: [
        {
          name: "a broken upload without the service's messages: 'Upload failed'",
          events: [
            { type: 'media.select', file: IMAGE },
            { type: 'upload.fail', error: offline },
          ],
        },
        {
          name: 'a second file while media is uploaded: ignored (the media must be removed first)',
          events: [
            { type: 'media.select', file: IMAGE },
            { type: 'upload.finish', upload: PENDING },
            { type: 'media.select', file: IMAGE },
          ],
        },
        {
          name: "the server refuses the post: its messages instead of 'Error creating post'",
          events: [
            { type: 'form.submit', values: VALUES },
            { type: 'xstate.error.actor.createPost', error: SERVER_REFUSAL },
          ],
        },
      ],
    },
    { name: 'updating a post', input: { mode: 'update', postId: POST_ID, now: NOW } },
    // /create-post/abc: not a post id.
    { name: 'an address that is not a post', input: { mode: 'update', postId: 0, now: NOW } },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies: Spies = {
      redirectToFeed: vi.fn<(path: string) => void>(),
      uploads: [],
      aborted: 0,
    };
    upload = null;
    const machine = createPostMachine.provide({
      actors: {
        ...promises.actors(
          'loadPost',
          'deletePendingMedia',
          'createPost',
          'createPostWithFile',
          'updatePost',
        ),
        uploadPostMedia: fromCallback<CreatePostEvent, { file: File }>(({ input, sendBack }) => {
          spies.uploads.push(input);
          upload = { input, sendBack };
          return () => {
            spies.aborted += 1;
            upload = null;
          };
        }) as never,
      },
      actions: { redirectToFeed: (_, path) => spies.redirectToFeed(path) },
    });
    return { machine, promises, spies };
  },
  deliver: (event) => {
    if (!event.type.startsWith('upload.')) return false;
    if (!upload) throw new Error(`${event.type} without an upload running`);
    upload.sendBack(event as CreatePostEvent);
    return true;
  },
  events: [
    { type: 'form.submit', values: VALUES },
    { type: 'form.submit', values: DRAFTED },
    { type: 'draft.save', values: VALUES },
    { type: 'draft.toggle', isDraft: true },
    { type: 'draft.toggle', isDraft: false },
    { type: 'media.select', file: IMAGE },
    { type: 'media.select', file: TEXT },
    { type: 'media.remove' },
    { type: 'upload.progress', percent: 42.4 },
    { type: 'upload.finish', upload: PENDING },
    { type: 'upload.fail', error: REJECTED },
    { type: 'xstate.error.actor.uploadPostMedia', error: offline },
    ...settled('loadPost', [LOADED, null], [offline]),
    ...settled('deletePendingMedia', [undefined], [offline]),
    ...settled('createPost', [CREATED, CREATED_DRAFT], [offline]),
    ...settled('createPostWithFile', [CREATED], [offline]),
    ...settled('updatePost', [UPDATED], [offline]),
    { type: 'alert.dismiss' },
    { type: 'retry' },
  ],
  afterStep: ({ event, snapshot, previous, elapsedMs, index }, spies, input) => {
    const s = snapshot as CreatePostSnapshot;
    const before = previous as CreatePostSnapshot;
    const alert = selectPostAlert(s);
    const errorOf = (e: AnyEventObject) => (e as { error?: unknown }).error;
    const expectAlert = (kind: string, title: string, fallback: string | null) => {
      // The spec's text as the title; the server's or media service's messages under it.
      const error = errorOf(event);
      expect(alert).toEqual({
        kind,
        level: 'danger',
        title,
        messages:
          error === REJECTED || error === SERVER_REFUSAL
            ? (error as { messages: string[] }).messages
            : fallback === null
              ? []
              : [fallback],
      });
    };

    switch (event.type) {
      case 'draft.toggle':
        drafted = event.isDraft;
        break;
      case 'form.submit':
      case 'draft.save': {
        const asDraft = event.type === 'draft.save' || event.values.isDraft;
        if (event.type === 'form.submit' && event.values.isDraft) {
          // Drafted: the main button is disabled, and a submit changes nothing.
          expect(s.value).toEqual(before.value);
          expect(s.context.request).toBeNull();
        } else {
          expect(saving(s)).toBe(true);
          expect(selectCanSave(s)).toBe(false);
          expect(selectCanCreate(s)).toBe(false);
          // The pressed button shows it is busy.
          expect(selectSavingAs(s)).toBe(asDraft ? 'draft' : 'post');
          drafted = asDraft;
          expect(s.context.request).toEqual({ ...event.values, isDraft: asDraft });
          // With uploaded media the post is created with it.
          if (input.mode === 'new') {
            expect(s.matches({ new: before.context.media ? 'creatingWithFile' : 'creating' })).toBe(
              true,
            );
          }
        }
        break;
      }
      case 'media.select':
        if (before.context.media) {
          expect(s.value).toEqual(before.value);
        } else if (event.file.type.startsWith('image/')) {
          expect(selectUploadProgress(s)).toBe(0);
          expect(selectCanSave(s)).toBe(false);
          expect(spies.uploads.at(-1)).toEqual({ file: event.file });
          expect(alert).toBeNull();
        } else {
          // Only image files: refused before any upload.
          expect(alert).toEqual({
            kind: 'uploadError',
            level: 'danger',
            title: 'Upload Error',
            messages: ['Invalid file type'],
          });
          expect(spies.uploads).toHaveLength(index === 0 ? 0 : uploadsBefore);
          expect(selectUploadProgress(s)).toBeNull();
        }
        break;
      case 'upload.progress':
        expect(selectUploadProgress(s)).toBe(42);
        break;
      case 'upload.finish':
        expect(selectUploadedMedia(s)).toEqual(PENDING);
        // The pending upload shows, with the picked file's preview.
        expect(selectFileToPreview(s, IMAGE)).toBe(IMAGE);
        expect(selectShownMedia(s, 'blob:preview')).toEqual({
          fileName: PENDING.fileName,
          previewUrl: 'blob:preview',
        });
        expect(selectCanSelectMedia(s)).toBe(false);
        expect(selectCanRemoveMedia(s)).toBe(true);
        expect(selectCanSave(s)).toBe(true);
        break;
      case 'upload.fail':
      case 'xstate.error.actor.uploadPostMedia':
        expectAlert('uploadError', 'Upload Error', 'Upload failed');
        expect(selectUploadedMedia(s)).toBeNull();
        expect(selectCanSelectMedia(s)).toBe(true);
        break;
      case 'media.remove':
        if (before.matches({ new: 'uploading' })) {
          // Cancelled: the upload's request is aborted.
          expect(spies.aborted).toBeGreaterThan(0);
          expect(upload).toBeNull();
          expect(selectCanSelectMedia(s)).toBe(true);
        } else {
          // Only uploaded media can be removed.
          expect(s.matches({ new: 'removingMedia' })).toBe(before.context.media !== null);
        }
        break;
      case 'xstate.done.actor.deletePendingMedia':
      case 'xstate.error.actor.deletePendingMedia':
        expect(selectUploadedMedia(s)).toBeNull();
        expect(selectFileToPreview(s, IMAGE)).toBeNull();
        expect(selectShownMedia(s, null)).toBeNull();
        expect(selectCanSelectMedia(s)).toBe(true);
        expect(selectCanRemoveMedia(s)).toBe(false);
        break;
      case 'xstate.done.actor.createPost':
      case 'xstate.done.actor.createPostWithFile':
        // No second post: nothing can be pressed any more.
        expect(selectCanSave(s)).toBe(false);
        expect(selectSavingAs(s)).toBeNull();
        expect(alert).toEqual({
          kind: 'created',
          level: 'success',
          title: 'Post created successfully, redirecting...',
          messages: [],
        });
        // Not before 1 s.
        expect(spies.redirectToFeed).not.toHaveBeenCalled();
        break;
      case 'xstate.error.actor.createPost':
      case 'xstate.error.actor.createPostWithFile':
        // The form is kept as written (the view stays), with its media.
        expectAlert('createError', 'Error creating post', null);
        expect(selectCanSave(s)).toBe(true);
        expect(selectUploadedMedia(s)).toBe(before.context.media);
        break;
      case 'xstate.after.redirectAfterCreate.createPost.new.created':
        // Spec §4 Post / §9: after 1 s, the feed with the new post first.
        expect(elapsedMs).toBe(1000);
        // A draft is not in the feed: its edit form opens instead.
        expect(spies.redirectToFeed).toHaveBeenCalledExactlyOnceWith(
          before.context.createdDraftId === null ? '/feed?new=guid-new' : '/create-post/9',
        );
        expect(s.matches({ new: 'redirected' })).toBe(true);
        break;
      case 'xstate.done.actor.loadPost':
        expect(selectPostLoading(s)).toBe(false);
        expect(selectPostLoadFailed(s)).toBe(false);
        if (event.output === null) {
          // Not one of the person's posts: 'Post not found', no form.
          expect(selectPostNotFound(s)).toBe(true);
          expect(selectPostFormDefaults(s)).toBeNull();
          expect(selectCanSave(s)).toBe(false);
          break;
        }
        expect(selectPostNotFound(s)).toBe(false);
        drafted = LOADED.isDraft;
        expect(selectPostFormDefaults(s)).toEqual({
          message: LOADED.message,
          link: '',
          publishDate: expect.stringMatching(/^2026-11-(19|20|21)$/),
          publishTime: expect.stringMatching(/^\d\d:(00|15|30|45)$/),
          isDraft: true,
        });
        // The media is shown and cannot change.
        expect(selectExistingMediaName(s)).toBe('cakes.png');
        expect(selectShownMedia(s, null)).toEqual({ fileName: 'cakes.png' });
        expect(selectFileToPreview(s, IMAGE)).toBeNull();
        expect(selectCanSelectMedia(s)).toBe(false);
        break;
      case 'xstate.error.actor.loadPost':
        expect(selectPostLoadFailed(s)).toBe(true);
        expect(selectCanSave(s)).toBe(false);
        expectAlert('loadError', 'Error loading post data', null);
        break;
      case 'retry':
        expect(selectPostLoading(s)).toBe(true);
        expect(alert).toBeNull();
        break;
      case 'xstate.done.actor.updatePost':
        // 'Post updated', and the form stays.
        expect(alert).toEqual({
          kind: 'updated',
          level: 'success',
          title: 'Post updated',
          messages: [],
        });
        expect(selectCanSave(s)).toBe(true);
        expect(selectSavingAs(s)).toBeNull();
        expect(s.context.post).toEqual(UPDATED);
        break;
      case 'xstate.error.actor.updatePost':
        expectAlert('updateError', 'Error updating post', null);
        expect(selectCanSave(s)).toBe(true);
        expect(s.context.post).toBe(before.context.post);
        break;
      case 'alert.dismiss':
        expect(alert).toBeNull();
        break;
    }
    // The request lives only while it is in flight; a new post never shows update-only things.
    if (!saving(s)) expect(s.context.request).toBeNull();
    // Spec §4 Post: when drafted the main button is disabled; otherwise it is as Save Draft.
    expect(selectDrafted(s)).toBe(drafted);
    expect(selectCanCreate(s)).toBe(selectCanSave(s) && !drafted);
    if (!saving(s)) expect(selectSavingAs(s)).toBeNull();
    if (input.mode === 'update') {
      expect(selectCanSelectMedia(s)).toBe(false);
      expect(selectCanRemoveMedia(s)).toBe(false);
      expect(spies.uploads).toEqual([]);
    } else {
      expect(selectPostFormDefaults(s)).toEqual({
        message: '',
        link: '',
        publishDate: expect.stringMatching(/^2026-11-2[23]$/),
        publishTime: expect.stringMatching(/^\d\d:(00|15|30|45)$/),
        isDraft: false,
      });
      expect(selectCanSave(s)).toBe(s.matches({ new: 'editing' }));
    }
    uploadsBefore = spies.uploads.length;
  },
  spec: {
    initial: (_spies, input) => {
      drafted = false;
      phases =
        input.mode === 'new'
          ? { mode: 'new', phase: 'editing', hasMedia: false }
          : { mode: 'update', phase: input.postId >= 1 ? 'loading' : 'notFound' };
      return postState();
    },
    after: ({ event }) => {
      phases = stepPhases(phases, event);
      return postState();
    },
  },
  afterPath: (plan, spies, promises, input) => {
    // Each save sends the form's values once, Save Draft with isDraft true.
    const saves = plan.steps
      .filter((step) => isSave(step.event) && step.expected.context.request !== null)
      .map((step) => {
        const { type, values } = step.event as { type: string; values: PostSubmission };
        return buildPostRequest(values, type === 'draft.save');
      });
    const sent = promises.calls.filter((c) => SAVING_CALLS.includes(c.name));
    expect(
      sent.map(({ input: request }) => {
        const {
          id: _id,
          mediaFileStorageId: _m,
          mediaFileStorageOriginalName: _n,
          ...rest
        } = request as Record<string, unknown>;
        return rest;
      }),
    ).toEqual(saves);
    for (const call of promises.calls) {
      if (call.name === 'createPostWithFile') {
        expect(call.input).toMatchObject({
          mediaFileStorageId: PENDING.fileId,
          mediaFileStorageOriginalName: PENDING.fileName,
        });
      }
      if (call.name === 'createPost') expect(call.input).not.toHaveProperty('mediaFileStorageId');
      if (call.name === 'updatePost') expect(call.input).toMatchObject({ id: POST_ID });
      if (call.name === 'loadPost') expect(call.input).toEqual({ id: POST_ID });
      if (call.name === 'deletePendingMedia')
        expect(call.input).toEqual({ fileId: PENDING.fileId });
      if (input.mode === 'update') {
        expect(['loadPost', 'updatePost']).toContain(call.name);
      }
    }
    // /create-post/abc: nothing is asked of the server.
    if (input.mode === 'update' && input.postId < 1) expect(promises.calls).toEqual([]);
  },
});

describe('createPost: the media upload', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('shows the progress the upload sends, then holds the pending upload; removing it deletes it', async () => {
    const progress: (number | null)[] = [];
    const deleted: unknown[] = [];
    let finish: () => void = () => undefined;
    const actor = createActor(
      createPostMachine.provide({
        actors: {
          uploadPostMedia: fromCallback(({ sendBack }) => {
            for (const percent of [0, 35, 80, 100]) sendBack({ type: 'upload.progress', percent });
            finish = () => sendBack({ type: 'upload.finish', upload: PENDING });
          }),
          deletePendingMedia: fromPromise(async ({ input }) => {
            deleted.push(input);
          }),
        },
      }),
      { input: { mode: 'new', now: NOW } },
    );
    actor.subscribe((s) => progress.push(selectUploadProgress(s)));
    actor.start();
    actor.send({ type: 'media.select', file: IMAGE });
    expect(progress.filter((p) => p !== null)).toEqual([0, 0, 35, 80, 100]);
    // Saving waits until the upload ends.
    actor.send({ type: 'form.submit', values: VALUES });
    expect(selectSavingAs(actor.getSnapshot())).toBeNull();
    finish();
    expect(selectUploadedMedia(actor.getSnapshot())).toEqual(PENDING);
    actor.send({ type: 'media.remove' });
    await flush();
    expect(deleted).toEqual([{ fileId: PENDING.fileId }]);
    expect(selectCanSelectMedia(actor.getSnapshot())).toBe(true);
    actor.stop();
  });
});

describe('createPost: after creating', () => {
  it("shows 'Post created successfully, redirecting...' and goes to /feed?new={guid} after 1 s", async () => {
    const clock = new TestClock();
    const redirects: string[] = [];
    const actor = createActor(
      createPostMachine.provide({
        actors: { createPost: fromPromise(async () => CREATED) },
        actions: { redirectToFeed: (_, path) => redirects.push(path) },
      }),
      { input: { mode: 'new', now: NOW }, clock },
    );
    actor.start();
    actor.send({ type: 'draft.save', values: VALUES });
    await new Promise((r) => setTimeout(r, 0));
    expect(selectPostAlert(actor.getSnapshot())?.title).toBe(
      'Post created successfully, redirecting...',
    );
    expect(redirects).toEqual([]);
    expect(clock.advanceToNext()).toBe(1000);
    expect(redirects).toEqual(['/feed?new=guid-new']);
    actor.stop();
  });
});

describe('createPost: updating keeps a stored publish time between the 15-minute steps', () => {
  // 14:37 is shown as 14:30 (the time select has 15-minute steps).
  const offStep = { publishedDate: '2026-11-22T14:37:12.000Z' };
  const shown = '2026-11-22T14:30:00.000Z';

  it('sends the stored time while the form still shows it, and a chosen time as chosen', () => {
    expect(keepStoredPublishTime({ ...VALUES, publishedDate: shown }, offStep).publishedDate).toBe(
      offStep.publishedDate,
    );
    const chosen = '2026-11-22T14:45:00.000Z';
    expect(keepStoredPublishTime({ ...VALUES, publishedDate: chosen }, offStep).publishedDate).toBe(
      chosen,
    );
    expect(keepStoredPublishTime({ ...VALUES, publishedDate: shown }, null).publishedDate).toBe(
      shown,
    );
  });

  it('Update Post and Save Draft of an unchanged time send the stored one', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      createPostMachine.provide({
        actors: {
          loadPost: fromPromise<Post | null, { id: number }>(async () => ({
            ...LOADED,
            ...offStep,
          })),
          updatePost: fromPromise(async ({ input }) => {
            sent.push(input);
            return { ...LOADED, ...offStep };
          }),
        },
      }),
      { input: { mode: 'update', postId: POST_ID, now: NOW } },
    );
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'form.submit', values: { ...VALUES, publishedDate: shown } });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'draft.save', values: { ...VALUES, publishedDate: shown } });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      expect.objectContaining({
        id: POST_ID,
        publishedDate: offStep.publishedDate,
        isDraft: false,
      }),
      expect.objectContaining({ id: POST_ID, publishedDate: offStep.publishedDate, isDraft: true }),
    ]);
    actor.stop();
  });
});

describe('createPost: when a post may be published (issue 34)', () => {
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('not before the form opened, rounded down to 15 minutes; an updated post keeps its stored time', async () => {
    const fresh = createActor(createPostMachine, { input: { mode: 'new', now: NOW } });
    fresh.start();
    expect(selectPublishWindow(fresh.getSnapshot())).toEqual({
      earliest: '2026-11-22T14:30:00.000Z',
      kept: null,
    });
    // The same object while nothing changes (no re-render).
    expect(selectPublishWindow(fresh.getSnapshot())).toBe(selectPublishWindow(fresh.getSnapshot()));
    fresh.stop();
    const stored = '2026-11-20T09:20:00.000Z';
    const updating = createActor(
      createPostMachine.provide({
        actors: {
          loadPost: fromPromise<Post | null, { id: number }>(async () => ({
            ...LOADED,
            publishedDate: stored,
          })),
        },
      }),
      { input: { mode: 'update', postId: POST_ID, now: NOW } },
    );
    updating.start();
    await flush();
    expect(selectPublishWindow(updating.getSnapshot())).toEqual({
      earliest: '2026-11-22T14:30:00.000Z',
      // As the form shows it: rounded down to the 15-minute step.
      kept: '2026-11-20T09:15:00.000Z',
    });
    updating.stop();
  });

  it('has the not-found texts', () => {
    expect(createPostTexts.notFound).toBe('Post not found');
  });
});
