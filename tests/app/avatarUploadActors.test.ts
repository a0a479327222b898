import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import type { UserAvatar } from '../../contract/avatars';
import { ResponseStatus } from '../../contract/enums';
import type { PendingUpload } from '../../contract/media';
import {
  selectAvatarAlert,
  selectAvatarStatus,
  selectAvatarUploadProgress,
  selectCropRequest,
  selectShownImage,
  userAvatarUploadInput,
  type AvatarUploadEvent,
  type AvatarUploadInput,
  type AvatarUploadSnapshot,
} from '../../src/machines/avatarUploadMachine';
import { createAvatarUpload } from '../../src/shared/avatarUploadActors';
import type { FlowServices } from '../../src/shared/flow';
import {
  MediaServiceError,
  type MediaClient,
  type UploadPendingRequest,
} from '../../src/services/media';
import { configuration, makeAvatarPreset, makeUser } from '../support/fixtures';

/** The avatar preset of the media service (spec §3 Validation preset rules). */
const AVATAR_PRESET = makeAvatarPreset(1000);
const PENDING: PendingUpload = { fileId: 'pending-3', reference: 'avatar:g', fileName: 'me.jpg' };
const STORED: UserAvatar = { avatarType: 'Stored', avatarUrl: '/media/files/avatar-3' };

const user = makeUser({ id: 4, guid: 'guid-4', avatarType: 'Stored', avatarUrl: '/old.png' });
const photo = (bytes = 10, name = 'me.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });
const cropped = new Blob([new Uint8Array(5)], { type: 'image/jpeg' });

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Harness {
  media: MediaClient & {
    getValidationPreset: ReturnType<typeof vi.fn>;
    uploadPending: ReturnType<typeof vi.fn>;
    deletePending: ReturnType<typeof vi.fn>;
  };
  post: ReturnType<typeof vi.fn>;
  del: ReturnType<typeof vi.fn>;
  logError: ReturnType<typeof vi.fn>;
  /** The running upload's request (progress callback, signal), once it started. */
  upload: () => UploadPendingRequest;
  finishUpload: (result: PendingUpload | Error) => void;
  heard: AnyEventObject[];
  widget: () => { send(event: AvatarUploadEvent): void; getSnapshot(): AvatarUploadSnapshot };
  stop(): void;
}

/** Chooses a photo and applies the crop, letting each step settle. */
async function chooseAndCrop(h: Harness): Promise<void> {
  h.widget().send({ type: 'file.choose', file: photo() });
  await flush();
  h.widget().send({ type: 'crop.apply', image: cropped });
  await flush();
}

/** The real actors with a fake media service and API, run under a host that listens. */
function start(
  input: AvatarUploadInput,
  opts: { size?: { width: number; height: number }; api?: 'ok' | 'fail' } = {},
): Harness {
  let request: UploadPendingRequest | null = null;
  let settle: ((result: PendingUpload | Error) => void) | null = null;
  const media = {
    getValidationPreset: vi.fn(async () => AVATAR_PRESET),
    uploadPending: vi.fn(
      (r: UploadPendingRequest) =>
        new Promise<PendingUpload>((resolve, reject) => {
          request = r;
          settle = (result) => (result instanceof Error ? reject(result) : resolve(result));
        }),
    ),
    deletePending: vi.fn(async () => undefined),
    fileUrl: (id: string) => `/media/files/${id}`,
  };
  const answer = async (data: unknown) =>
    opts.api === 'fail'
      ? { status: ResponseStatus.Error, messages: [], data: null }
      : { status: ResponseStatus.Ok, messages: [], data };
  const post = vi.fn(async () => answer(STORED));
  const del = vi.fn(async () => answer({ avatarType: 'Initials', avatarUrl: '' }));
  const logError = vi.fn();
  const services = {
    http: { post, delete: del, hasToken: () => true },
    configuration: () => configuration,
    logError,
  } as unknown as FlowServices;
  const logic = createAvatarUpload(services, {
    media: media as unknown as MediaClient,
    decode: async () => opts.size ?? { width: 2000, height: 1500 },
  });
  const heard: AnyEventObject[] = [];
  const host = createActor(
    createMachine({
      invoke: { id: 'avatar', src: logic, input },
      on: { 'avatar.changed': { actions: ({ event }) => heard.push(event) } },
    }),
  );
  host.start();
  return {
    media: media as unknown as Harness['media'],
    post,
    del,
    logError,
    upload: () => {
      if (!request) throw new Error('no upload started');
      return request;
    },
    finishUpload: (result) => settle?.(result),
    heard,
    widget: () => host.getSnapshot().children.avatar as unknown as ReturnType<Harness['widget']>,
    stop: () => host.stop(),
  };
}

describe("a person's photo with the real actors", () => {
  it('checks, crops, uploads with progress under their reference, confirms, and tells the host', async () => {
    const h = start(userAvatarUploadInput(user));
    await flush();
    expect(h.media.getValidationPreset).toHaveBeenCalledWith('avatar', expect.anything());
    // A 2000x1500 photo is above the maximum: the crop scales it down, so it is not refused.
    h.widget().send({ type: 'file.choose', file: photo() });
    await flush();
    expect(selectCropRequest(h.widget().getSnapshot())?.constraints.maxWidth).toBe(500);
    h.widget().send({ type: 'crop.apply', image: cropped });
    await flush();
    expect(h.media.uploadPending).toHaveBeenCalledWith(
      expect.objectContaining({
        file: cropped,
        fileName: 'me.jpg',
        validationPresetId: 'avatar',
        reference: 'avatar:guid-4',
      }),
    );
    h.upload().onProgress?.(37);
    expect(selectAvatarUploadProgress(h.widget().getSnapshot())).toBe(37);
    expect(selectShownImage(h.widget().getSnapshot())).toEqual({ blob: cropped });
    h.finishUpload(PENDING);
    await flush();
    await flush();
    expect(h.post).toHaveBeenCalledWith(
      'users/confirmAvatarFileUpload',
      expect.anything(),
      { id: 4, fileStorageId: 'pending-3', fileStorageOriginalName: 'me.png' },
      expect.anything(),
    );
    expect(h.heard).toEqual([
      // With the upload's id (a form that saves a pending upload, the organisation's logo,
      // sends it).
      {
        type: 'avatar.changed',
        status: 'uploaded',
        imageUrl: STORED.avatarUrl,
        fileId: PENDING.fileId,
      },
    ]);
    expect(selectShownImage(h.widget().getSnapshot())).toEqual({ url: STORED.avatarUrl });
    h.stop();
  });

  it('not cropping: an image above the maximum is refused before any upload', async () => {
    const h = start({ ...userAvatarUploadInput(user), cropping: false });
    h.widget().send({ type: 'file.choose', file: photo() });
    await flush();
    await flush();
    expect(selectAvatarAlert(h.widget().getSnapshot())).toEqual({
      kind: 'file',
      title: null,
      messages: ['Image above maximum resolution of 500x500'],
    });
    expect(h.media.uploadPending).not.toHaveBeenCalled();
    h.stop();
  });

  it('not cropping: a file that fits uploads as it is, under its own name', async () => {
    const h = start(
      { ...userAvatarUploadInput(user), cropping: false },
      {
        size: { width: 400, height: 400 },
      },
    );
    const file = photo();
    h.widget().send({ type: 'file.choose', file });
    await flush();
    await flush();
    expect(h.upload()).toMatchObject({ file, fileName: 'me.png' });
    h.stop();
  });

  it("refuses a file by the preset's size, type and minimum resolution", async () => {
    for (const [file, size, messages] of [
      [photo(1001), { width: 300, height: 300 }, ['File exceeds max size of 1000 bytes']],
      [photo(10, 'me.gif', 'image/gif'), { width: 300, height: 300 }, ['Invalid file type']],
      [photo(), { width: 99, height: 300 }, ['Image below minimum resolution']],
    ] as const) {
      const h = start(userAvatarUploadInput(user), { size });
      h.widget().send({ type: 'file.choose', file });
      await flush();
      await flush();
      expect(selectAvatarAlert(h.widget().getSnapshot())?.messages).toEqual(messages);
      h.stop();
    }
  });

  it('Cancel during the upload aborts the request, reports nothing and restores the earlier photo', async () => {
    const h = start(userAvatarUploadInput(user));
    await chooseAndCrop(h);
    const { signal } = h.upload();
    h.widget().send({ type: 'cancel' });
    expect(signal?.aborted).toBe(true);
    h.finishUpload(new Error('aborted'));
    await flush();
    expect(selectAvatarAlert(h.widget().getSnapshot())).toBeNull();
    expect(selectShownImage(h.widget().getSnapshot())).toEqual({ url: '/old.png' });
    expect(h.post).not.toHaveBeenCalled();
    h.stop();
  });

  it("a failed upload shows the media service's messages", async () => {
    const h = start(userAvatarUploadInput(user));
    await chooseAndCrop(h);
    h.finishUpload(
      new MediaServiceError({
        kind: 'invalid-response',
        httpStatus: 200,
        messages: ['The media server did not return a valid response'],
      }),
    );
    await flush();
    expect(selectAvatarAlert(h.widget().getSnapshot())).toEqual({
      kind: 'upload',
      title: null,
      messages: ['The media server did not return a valid response'],
    });
    h.stop();
  });

  it("a photo that cannot be saved: 'Error', its pending upload is dropped, nothing is reported", async () => {
    const h = start(userAvatarUploadInput(user), { api: 'fail' });
    h.media.deletePending.mockRejectedValueOnce(new Error('gone'));
    await chooseAndCrop(h);
    h.finishUpload(PENDING);
    await flush();
    await flush();
    await flush();
    expect(selectAvatarAlert(h.widget().getSnapshot())).toEqual({
      kind: 'save',
      title: 'Error',
      messages: ['There was an error saving the photo.'],
    });
    expect(h.media.deletePending).toHaveBeenCalledWith('pending-3');
    expect(h.logError).toHaveBeenCalledWith(
      'Dropping an unused avatar upload failed',
      expect.any(Error),
    );
    expect(h.heard).toEqual([]);
    expect(selectShownImage(h.widget().getSnapshot())).toEqual({ url: '/old.png' });
    h.stop();
  });

  it('Delete calls users/deleteAvatarFile with their id and tells the host', async () => {
    const h = start(userAvatarUploadInput(user));
    h.widget().send({ type: 'avatar.delete' });
    await flush();
    await flush();
    expect(h.del).toHaveBeenCalledWith(
      'users/deleteAvatarFile',
      expect.anything(),
      { id: 4 },
      {
        signal: expect.any(AbortSignal),
      },
    );
    expect(h.heard).toEqual([
      { type: 'avatar.changed', status: 'deleted', imageUrl: null, fileId: null },
    ]);
    expect(selectAvatarStatus(h.widget().getSnapshot())).toBe('deleted');
    h.stop();
  });
});
