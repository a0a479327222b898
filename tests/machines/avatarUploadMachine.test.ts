import { describe, expect, it } from 'vitest';
import {
  createActor,
  createMachine,
  fromCallback,
  fromPromise,
  sendParent,
  type AnyEventObject,
} from 'xstate';
import type { PendingUpload, ValidationPresetRules } from '../../contract/media';
import * as avatar from '../../src/machines/avatarUploadMachine';
import { FakePromises, settled, type SpecState } from '../support/pathHarness';
import { describePathsForInputs } from '../support/pathsWithInputs';

/** Spec §5 Avatar upload and §8 Avatar / Upload: the texts the person is shown. */
const PRESET_FAILED = 'Failed to load validation preset';
const INVALID_IMAGE = 'Invalid image file';
const UPLOAD_FAILED = 'Upload failed';
const SAVE_FAILED = 'There was an error saving the photo.';
const ERROR_TITLE = 'Error';

const OLD_URL = '/media/files/old-avatar';
const NEW_URL = '/media/files/new-avatar';

/** Spec §3 Validation preset rules: the avatar preset (square, 100 to 500 px). */
const PRESET: ValidationPresetRules = {
  id: 'avatar',
  allowedFileTypes: { extensions: ['jpg', 'png'], mimeTypes: ['image/jpeg', 'image/png'] },
  maxFileSize: 5 * 1024 * 1024,
  resolution: { minWidth: 100, minHeight: 100, maxWidth: 500, maxHeight: 500 },
  aspectRatio: { targetRatio: 1 },
};

/** A file or blob that shows itself in JSON (the traversal tells states apart by their JSON). */
function shown<T extends Blob>(blob: T, json: unknown): T {
  return Object.assign(blob, { toJSON: () => json });
}
const PHOTO = shown(
  new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
  {
    file: 'me.png',
  },
);
const CROPPED = shown(new Blob([new Uint8Array([255, 216, 255])], { type: 'image/jpeg' }), {
  cropped: 'image/jpeg',
});
const PENDING: PendingUpload = {
  fileId: 'pending-7',
  reference: 'avatar:guid-1',
  fileName: 'me.jpg',
};

/** Failures: one carrying messages (the service's or the server's), one carrying none. */
const REFUSED = { messages: ['Invalid file type', 'File exceeds max size of 5242880 bytes'] };
const NOT_USABLE = {
  messages: ['The photo upload has expired or cannot be used; please choose the photo again.'],
};
const offline = new Error('offline');
const messagesOr = (error: unknown, fallback: string) =>
  error === REFUSED || error === NOT_USABLE
    ? (error as { messages: string[] }).messages
    : [fallback];

const WITH_PHOTO: avatar.AvatarUploadInput = {
  presetId: 'avatar',
  cropping: true,
  reference: 'avatar:guid-1',
  ownerId: 4,
  current: { imageUrl: OLD_URL },
};
const LOGO_UNCROPPED: avatar.AvatarUploadInput = {
  presetId: 'logo',
  cropping: false,
  reference: 'logo:tenant-9',
  ownerId: 9,
  current: { imageUrl: null },
};

/**
 * The widget as spec §4 Avatar upload has it: idle, then (after the file is checked against the
 * preset, §5) cropping unless disabled, uploading with progress, uploaded (holding the pending
 * upload id) which is confirmed; Cancel restores the earlier picture and state; Delete clears it
 * and reports 'deleted'; the host hears of a confirmed upload (it refreshes the session).
 */
type Phase =
  | 'preparing'
  | 'idle'
  | 'discarding'
  | 'loadingPreset'
  | 'checking'
  | 'cropping'
  | 'uploading'
  | 'confirming'
  | 'deleting';

interface Model {
  phase: Phase;
  imageUrl: string | null;
  status: avatar.AvatarUploadStatus | null;
  presetLoaded: boolean;
  /** What is uploading: the crop's output or the file itself, and its name. */
  sending: { blob: Blob; fileName: string } | null;
  progress: number;
  pending: PendingUpload | null;
  alert: { kind: string; title: string | null; messages: string[] } | null;
  calls: { name: string; input: unknown }[];
  uploads: unknown[];
  /** How many times the upload actor was stopped (a cancel aborts the request). */
  stops: number;
  notified: avatar.AvatarChange[];
}

const READY: Phase[] = ['preparing', 'idle', 'discarding'];

function initial(input: avatar.AvatarUploadInput): Model {
  return {
    phase: 'preparing',
    imageUrl: input.current.imageUrl,
    status: input.current.imageUrl === null ? null : 'existing',
    presetLoaded: false,
    sending: null,
    progress: 0,
    pending: null,
    alert: null,
    calls: [{ name: 'loadPreset', input: { presetId: input.presetId } }],
    uploads: [],
    stops: 0,
    notified: [],
  };
}

function next(m: Model, event: AnyEventObject, input: avatar.AvatarUploadInput): Model {
  const e = event as { output?: unknown; error?: unknown } & Partial<avatar.AvatarUploadEvent>;
  const call = (name: string, callInput: unknown) => [...m.calls, { name, input: callInput }];
  const checkCall = (calls: Model['calls']) => [
    ...calls,
    { name: 'checkFile', input: { file: PHOTO, preset: PRESET, cropping: input.cropping } },
  ];
  /** The attempt is over and the earlier picture shows, with an alert or none. */
  const backToIdle = (alert: Model['alert'], leavingUpload = false): Model => ({
    ...m,
    phase: 'idle',
    sending: null,
    progress: 0,
    pending: null,
    alert,
    stops: leavingUpload ? m.stops + 1 : m.stops,
  });
  const startUpload = (sending: { blob: Blob; fileName: string }): Model => ({
    ...m,
    phase: 'uploading',
    sending,
    progress: 0,
    uploads: [
      ...m.uploads,
      {
        image: sending.blob,
        fileName: sending.fileName,
        presetId: input.presetId,
        reference: input.reference,
      },
    ],
  });
  switch (event.type) {
    case 'file.choose':
      // A file can be chosen whenever nothing is under way (after any error too).
      if (!READY.includes(m.phase)) return m;
      return m.presetLoaded
        ? { ...m, phase: 'checking', alert: null, pending: null, calls: checkCall(m.calls) }
        : {
            ...m,
            phase: 'loadingPreset',
            alert: null,
            pending: null,
            calls: call('loadPreset', { presetId: input.presetId }),
          };
    case 'xstate.done.actor.loadPreset':
      if (m.phase === 'preparing') return { ...m, phase: 'idle', presetLoaded: true };
      if (m.phase === 'loadingPreset')
        return { ...m, phase: 'checking', presetLoaded: true, calls: checkCall(m.calls) };
      return m;
    case 'xstate.error.actor.loadPreset':
      // Loading it at the start fails silently: it loads again when a file is chosen.
      if (m.phase === 'preparing') return { ...m, phase: 'idle' };
      if (m.phase === 'loadingPreset')
        return backToIdle({
          kind: 'file',
          title: null,
          messages: messagesOr(e.error, PRESET_FAILED),
        });
      return m;
    case 'xstate.done.actor.checkFile':
      if (m.phase !== 'checking') return m;
      return input.cropping
        ? { ...m, phase: 'cropping' }
        : startUpload({ blob: PHOTO, fileName: 'me.png' });
    case 'xstate.error.actor.checkFile':
      if (m.phase !== 'checking') return m;
      return backToIdle({
        kind: 'file',
        title: null,
        messages: messagesOr(e.error, INVALID_IMAGE),
      });
    case 'crop.apply':
      // The cropped JPEG goes under the chosen file's name with a .jpg extension.
      return m.phase === 'cropping' ? startUpload({ blob: CROPPED, fileName: 'me.jpg' }) : m;
    case 'cancel':
      if (m.phase === 'cropping') return backToIdle(m.alert);
      if (m.phase === 'uploading') return backToIdle(m.alert, true);
      return m;
    case 'upload.progress': {
      if (m.phase !== 'uploading') return m;
      const percent = (event as unknown as { percent: number }).percent;
      return { ...m, progress: Math.min(100, Math.max(0, Math.round(percent))) };
    }
    case 'upload.finish':
      if (m.phase !== 'uploading') return m;
      return {
        ...m,
        phase: 'confirming',
        pending: PENDING,
        stops: m.stops + 1,
        calls: call('confirmUpload', {
          ownerId: input.ownerId,
          fileId: PENDING.fileId,
          originalName: 'me.png',
          image: m.sending?.blob,
        }),
      };
    case 'upload.fail':
    case 'xstate.error.actor.uploadImage':
      if (m.phase !== 'uploading') return m;
      return backToIdle(
        { kind: 'upload', title: null, messages: messagesOr(e.error, UPLOAD_FAILED) },
        true,
      );
    case 'xstate.done.actor.confirmUpload': {
      if (m.phase !== 'confirming') return m;
      const { imageUrl } = e.output as { imageUrl: string };
      return {
        ...backToIdle(null),
        imageUrl,
        status: 'uploaded',
        notified: [...m.notified, { status: 'uploaded', imageUrl, fileId: PENDING.fileId }],
      };
    }
    case 'xstate.error.actor.confirmUpload':
      // Not saved: the earlier picture stays and the pending upload is dropped.
      if (m.phase !== 'confirming') return m;
      return {
        ...m,
        phase: 'discarding',
        sending: null,
        alert: { kind: 'save', title: ERROR_TITLE, messages: messagesOr(e.error, SAVE_FAILED) },
        calls: call('discardUpload', { fileId: PENDING.fileId }),
      };
    case 'xstate.done.actor.discardUpload':
    case 'xstate.error.actor.discardUpload':
      return m.phase === 'discarding' ? { ...m, phase: 'idle', pending: null } : m;
    case 'avatar.delete':
      // Only a picture that is shown can be deleted, and only when nothing is under way.
      if (!READY.includes(m.phase) || m.imageUrl === null) return m;
      return {
        ...m,
        phase: 'deleting',
        alert: null,
        pending: null,
        calls: call('deleteAvatar', { ownerId: input.ownerId }),
      };
    case 'xstate.done.actor.deleteAvatar':
      if (m.phase !== 'deleting') return m;
      return {
        ...m,
        phase: 'idle',
        imageUrl: null,
        status: 'deleted',
        notified: [...m.notified, { status: 'deleted', imageUrl: null, fileId: null }],
      };
    case 'xstate.error.actor.deleteAvatar':
      if (m.phase !== 'deleting') return m;
      return {
        ...m,
        phase: 'idle',
        alert: { kind: 'save', title: ERROR_TITLE, messages: messagesOr(e.error, SAVE_FAILED) },
      };
    case 'alert.dismiss':
      return { ...m, alert: null };
    default:
      return m;
  }
}

const ACTIVITY: Record<Phase, string> = {
  preparing: 'idle',
  idle: 'idle',
  discarding: 'idle',
  loadingPreset: 'checking',
  checking: 'checking',
  cropping: 'cropping',
  uploading: 'uploading',
  confirming: 'saving',
  deleting: 'deleting',
};

/**
 * The spec's table: where the widget is in its statechart (spec §4 Avatar upload): ready
 * (preparing: the preset loads at start; idle; discarding: a pending upload that could not be
 * saved is dropped), validating (loadingPreset, then checking the file against the preset),
 * cropping, uploading (with progress), uploaded.confirming (the pending upload is saved),
 * deleting. The widget never ends.
 */
const VALUE: Record<Phase, SpecState['value']> = {
  preparing: { ready: 'preparing' },
  idle: { ready: 'idle' },
  discarding: { ready: 'discarding' },
  loadingPreset: { validating: 'loadingPreset' },
  checking: { validating: 'checking' },
  cropping: 'cropping',
  uploading: 'uploading',
  confirming: { uploaded: 'confirming' },
  deleting: 'deleting',
};

function expectShown(s: avatar.AvatarUploadSnapshot, m: Model) {
  expect(s.value).toEqual(VALUE[m.phase]);
  expect(avatar.selectAvatarActivity(s)).toBe(ACTIVITY[m.phase]);
  expect(avatar.selectAvatarBusy(s)).toBe(
    ['loadingPreset', 'checking', 'uploading', 'confirming', 'deleting'].includes(m.phase),
  );
  // The image on its way shows while it uploads and is saved; otherwise the stored one.
  expect(avatar.selectShownImage(s)).toEqual(
    m.phase === 'uploading' || m.phase === 'confirming'
      ? { blob: m.sending?.blob }
      : m.imageUrl === null
        ? null
        : { url: m.imageUrl },
  );
  if (m.phase === 'uploading' || m.phase === 'confirming') {
    expect((avatar.selectShownImage(s) as { blob: Blob }).blob).toBe(m.sending?.blob);
  }
  expect(avatar.selectAvatarStatus(s)).toBe(m.status);
  expect(avatar.selectAvatarUploadProgress(s)).toBe(m.phase === 'uploading' ? m.progress : null);
  expect(avatar.selectAvatarAlert(s)).toEqual(m.alert);
  const ready = READY.includes(m.phase);
  expect(avatar.selectCanChooseFile(s)).toBe(ready);
  expect(avatar.selectCanDelete(s)).toBe(ready && m.imageUrl !== null);
  expect(avatar.selectCanCancel(s)).toBe(m.phase === 'cropping' || m.phase === 'uploading');
  // The file input accepts the preset's types once it is known, else any image.
  expect(avatar.selectAcceptedTypes(s)).toBe(
    m.presetLoaded ? 'image/jpeg,image/png,.jpg,.png' : 'image/*',
  );
  // The crop dialog is open on the chosen file with the preset's rules.
  expect(avatar.selectCropRequest(s)).toEqual(
    m.phase === 'cropping'
      ? {
          file: PHOTO,
          constraints: {
            maxWidth: 500,
            maxHeight: 500,
            minWidth: 100,
            minHeight: 100,
            aspectRatio: 1,
            zoom: { min: 1, max: 3, step: 0.1 },
          },
        }
      : null,
  );
  if (m.phase === 'cropping') expect(avatar.selectCropRequest(s)?.file).toBe(PHOTO);
  // Spec §4: uploaded, holding the pending upload id (until it is confirmed or dropped); once
  // an attempt is over the chosen file and its image are let go.
  expect(s.context.upload).toEqual(m.pending);
  if (m.phase === 'idle' || m.phase === 'preparing' || m.phase === 'deleting') {
    expect(s.context.file).toBeNull();
    expect(s.context.image).toBeNull();
  }
}

const state = (): SpecState => ({ value: VALUE[model.phase], shown: model });

/** The upload running now: the real child-to-parent channel of the callback actor. */
let upload: { sendBack: (event: avatar.AvatarUploadEvent) => void } | null = null;

interface Spies {
  promises: FakePromises;
  uploads: unknown[];
  stops: number;
  notified: avatar.AvatarChange[];
}

let model: Model;

await describePathsForInputs<Spies, avatar.AvatarUploadInput>({
  machine: avatar.avatarUploadMachine,
  unhandled: true,
  inputs: [
    {
      name: 'a person with a photo, cropping',
      input: WITH_PHOTO,
      paths: [
        {
          name: 'a refused upload after the crop; then another file, and a save that fails twice',
          events: [
            { type: 'xstate.done.actor.loadPreset', output: PRESET },
            { type: 'file.choose', file: PHOTO },
            { type: 'xstate.done.actor.checkFile', output: undefined },
            { type: 'crop.apply', image: CROPPED },
            { type: 'upload.progress', percent: 140 },
            { type: 'upload.fail', error: REFUSED },
            { type: 'file.choose', file: PHOTO },
            { type: 'xstate.done.actor.checkFile', output: undefined },
            { type: 'crop.apply', image: CROPPED },
            { type: 'upload.finish', upload: PENDING },
            { type: 'xstate.error.actor.confirmUpload', error: offline },
            { type: 'file.choose', file: PHOTO },
          ],
        },
        {
          name: 'uploaded, then deleted: the host hears both',
          events: [
            { type: 'xstate.done.actor.loadPreset', output: PRESET },
            { type: 'file.choose', file: PHOTO },
            { type: 'xstate.done.actor.checkFile', output: undefined },
            { type: 'crop.apply', image: CROPPED },
            { type: 'upload.progress', percent: 42.6 },
            { type: 'upload.finish', upload: PENDING },
            { type: 'xstate.done.actor.confirmUpload', output: { imageUrl: NEW_URL } },
            { type: 'avatar.delete' },
            { type: 'xstate.done.actor.deleteAvatar', output: undefined },
            { type: 'avatar.delete' },
          ],
        },
      ],
    },
    { name: 'a logo without a picture, not cropped', input: LOGO_UNCROPPED },
  ],
  build: () => {
    const promises = new FakePromises();
    const spies: Spies = { promises, uploads: [], stops: 0, notified: [] };
    upload = null;
    const machine = avatar.avatarUploadMachine.provide({
      actors: {
        ...promises.actors(
          'loadPreset',
          'checkFile',
          'confirmUpload',
          'discardUpload',
          'deleteAvatar',
        ),
        uploadImage: fromCallback<avatar.AvatarUploadEvent, unknown>(({ input, sendBack }) => {
          spies.uploads.push(input);
          upload = { sendBack };
          return () => {
            spies.stops += 1;
            upload = null;
          };
        }) as never,
      },
      actions: { notifyChanged: (_, change) => spies.notified.push(change) },
    });
    return { machine, promises, spies };
  },
  // The upload's events come through the running upload actor; with none running they are sent
  // to the machine, which must ignore them.
  deliver: (event) => {
    if (!event.type.startsWith('upload.') || !upload) return false;
    upload.sendBack(event as avatar.AvatarUploadEvent);
    return true;
  },
  events: [
    { type: 'file.choose', file: PHOTO },
    { type: 'crop.apply', image: CROPPED },
    { type: 'cancel' },
    { type: 'avatar.delete' },
    { type: 'alert.dismiss' },
    { type: 'upload.progress', percent: 42.6 },
    { type: 'upload.progress', percent: -5 },
    { type: 'upload.progress', percent: 140 },
    { type: 'upload.finish', upload: PENDING },
    { type: 'upload.fail', error: REFUSED },
    { type: 'upload.fail', error: offline },
    { type: 'xstate.error.actor.uploadImage', error: offline },
    ...settled('loadPreset', [PRESET], [offline, { messages: [PRESET_FAILED] }]),
    ...settled('checkFile', [undefined], [REFUSED, offline]),
    ...settled('confirmUpload', [{ imageUrl: NEW_URL }], [NOT_USABLE, offline]),
    ...settled('discardUpload', [undefined], [offline]),
    ...settled('deleteAvatar', [undefined], [offline, NOT_USABLE]),
  ],
  afterStep: ({ event, snapshot, previous, index }, spies, input) => {
    if (index === 0) expectShown(previous as avatar.AvatarUploadSnapshot, model);
    model = next(model, event, input);
    expectShown(snapshot as avatar.AvatarUploadSnapshot, model);
    // The calls made, with what they were given; the uploads started and stopped; what the
    // host heard.
    expect(spies.promises.calls).toEqual(model.calls);
    expect(spies.uploads).toEqual(model.uploads);
    expect(spies.stops).toBe(model.stops);
    expect(spies.notified).toEqual(model.notified);
  },
  spec: {
    initial: (_spies, input) => {
      model = initial(input);
      return state();
    },
    after: state,
  },
});

describe('avatarUpload: the helpers', () => {
  it('a cropped image keeps the chosen name with the extension of its type', () => {
    expect(avatar.croppedFileName('me.png', 'image/jpeg')).toBe('me.jpg');
    expect(avatar.croppedFileName('holiday.photo.HEIC', 'image/png')).toBe('holiday.photo.png');
    expect(avatar.croppedFileName('portrait', 'IMAGE/WEBP')).toBe('portrait.webp');
    expect(avatar.croppedFileName('.hidden', 'image/jpeg')).toBe('.hidden.jpg');
    expect(avatar.croppedFileName('', 'image/jpeg')).toBe('avatar.jpg');
    expect(avatar.croppedFileName('.png', 'image/png')).toBe('.png.png');
    // A type the crop never makes keeps the name as it is.
    expect(avatar.croppedFileName('me.gif', 'image/gif')).toBe('me.gif');
  });

  it("a person's input: the avatar preset, cropped, their reference and id, their stored photo", () => {
    const user = { id: 4, guid: 'guid-1', avatarUrl: OLD_URL, avatarType: 'Stored' as const };
    expect(avatar.userAvatarUploadInput(user)).toEqual({
      presetId: 'avatar',
      cropping: true,
      reference: 'avatar:guid-1',
      ownerId: 4,
      current: { imageUrl: OLD_URL },
    });
    expect(
      avatar.userAvatarUploadInput({ ...user, avatarType: 'Initials' }).current.imageUrl,
    ).toBeNull();
    expect(
      avatar.userAvatarUploadInput({ ...user, avatarType: 'Gravatar', avatarUrl: '' }).current
        .imageUrl,
    ).toBeNull();
    expect(
      avatar.userAvatarUploadInput({ ...user, avatarType: 'Url', avatarUrl: 'https://x/y.png' })
        .current.imageUrl,
    ).toBe('https://x/y.png');
  });

  it('spec §2.3 and §9: the hints and the zoom range', () => {
    expect(avatar.avatarUploadHints).toEqual({
      profile: 'square image, max 500x500',
      organisationLogo: 'square, min 400, max 800 px',
    });
    expect(avatar.AVATAR_CROP_ZOOM).toEqual({ min: 1, max: 3, step: 0.1 });
  });
});

describe('avatarUpload: the crop and the file input follow the preset', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  /** Loads `preset`, chooses the photo and passes its check: the crop dialog opens. */
  async function cropping(preset: ValidationPresetRules) {
    const actor = createActor(
      avatar.avatarUploadMachine.provide({
        actors: {
          loadPreset: fromPromise(async () => preset),
          checkFile: fromPromise(async (): Promise<void> => undefined),
        },
      }),
      { input: WITH_PHOTO },
    );
    actor.start();
    await flush();
    const accepted = avatar.selectAcceptedTypes(actor.getSnapshot());
    actor.send({ type: 'file.choose', file: PHOTO });
    await flush();
    const request = avatar.selectCropRequest(actor.getSnapshot());
    actor.stop();
    return { accepted, request };
  }

  it('a target ratio shapes the crop area; none, null or not positive gives a free crop', async () => {
    const ratio = async (aspectRatio: ValidationPresetRules['aspectRatio']) =>
      (await cropping({ ...PRESET, aspectRatio })).request?.constraints.aspectRatio;
    expect(await ratio({ targetRatio: 0.75 })).toBe(0.75);
    expect(await ratio({ targetRatio: null })).toBeNull();
    expect(await ratio({ targetRatio: 0 })).toBeNull();
    expect(await ratio({ targetRatio: -1 })).toBeNull();
    expect(await ratio(null)).toBeNull();
    expect(await ratio(undefined)).toBeNull();
  });

  it("the output is kept between the preset's minimum and maximum", async () => {
    const { request } = await cropping({
      ...PRESET,
      resolution: { minWidth: 400, minHeight: 300, maxWidth: 800, maxHeight: 600 },
    });
    expect(request?.constraints).toMatchObject({
      minWidth: 400,
      minHeight: 300,
      maxWidth: 800,
      maxHeight: 600,
    });
  });

  it("the file input accepts the preset's mime types and extensions (with one dot), else any image", async () => {
    const accepts = async (allowedFileTypes: ValidationPresetRules['allowedFileTypes']) =>
      (await cropping({ ...PRESET, allowedFileTypes })).accepted;
    expect(await accepts({ mimeTypes: ['image/webp'], extensions: ['.WEBP', ' gif '] })).toBe(
      'image/webp,.WEBP,.gif',
    );
    expect(await accepts({ mimeTypes: [], extensions: ['png'] })).toBe('.png');
    expect(await accepts({ mimeTypes: ['image/*'], extensions: [] })).toBe('image/*');
    expect(await accepts({ mimeTypes: [], extensions: [] })).toBe('image/*');
  });
});

describe('avatarUpload: the host hears of each change', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('a parent that invokes the widget receives avatar.changed after a confirmed upload and after a delete', async () => {
    const heard: AnyEventObject[] = [];
    const child = avatar.avatarUploadMachine.provide({
      actors: {
        loadPreset: fromPromise(async () => PRESET),
        checkFile: fromPromise(async (): Promise<void> => undefined),
        uploadImage: fromCallback<avatar.AvatarUploadEvent, avatar.UploadImageInput>(
          ({ sendBack }) => {
            sendBack({ type: 'upload.progress', percent: 50 });
            sendBack({ type: 'upload.finish', upload: PENDING });
          },
        ),
        confirmUpload: fromPromise(async () => ({ imageUrl: NEW_URL })),
        deleteAvatar: fromPromise(async (): Promise<void> => undefined),
      },
      actions: {
        notifyChanged: sendParent((_, change: avatar.AvatarChange) => ({
          type: 'avatar.changed',
          ...change,
        })),
      },
    });
    const host = createMachine({
      invoke: { id: 'avatar', src: child, input: WITH_PHOTO },
      on: { 'avatar.changed': { actions: ({ event }) => heard.push(event) } },
    });
    const actor = createActor(host);
    actor.start();
    await flush();
    const widget = actor.getSnapshot().children.avatar as unknown as {
      send: (event: avatar.AvatarUploadEvent) => void;
      getSnapshot: () => avatar.AvatarUploadSnapshot;
    };
    widget.send({ type: 'file.choose', file: PHOTO });
    await flush();
    widget.send({ type: 'crop.apply', image: CROPPED });
    await flush();
    expect(heard).toEqual([
      { type: 'avatar.changed', status: 'uploaded', imageUrl: NEW_URL, fileId: expect.any(String) },
    ]);
    expect(avatar.selectShownImage(widget.getSnapshot())).toEqual({ url: NEW_URL });
    widget.send({ type: 'avatar.delete' });
    await flush();
    expect(heard.at(-1)).toEqual({
      type: 'avatar.changed',
      status: 'deleted',
      imageUrl: null,
      fileId: null,
    });
    expect(avatar.selectAvatarStatus(widget.getSnapshot())).toBe('deleted');
    actor.stop();
  });
});
