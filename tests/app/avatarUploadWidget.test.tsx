import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { PendingUpload } from '../../contract/media';
import {
  avatarUploadHints,
  avatarUploadMachine,
  type AvatarUploadEvent,
  type UploadImageInput,
} from '../../src/machines/avatarUploadMachine';
import { AvatarUploadWidget } from '../../src/shared/AvatarUploadWidget';
import { SIGNAL_WAIT } from '../support/ceilings';
import { makeAvatarPreset } from '../support/fixtures';
import { FakeCropper } from '../views/fakeCropper';

vi.mock('cropperjs', async () => ({ default: (await import('../views/fakeCropper')).FakeCropper }));

/**
 * The shared widget's connector with a running avatarUpload actor (fake media service and API):
 * the machine's selectors become the view's props, the view's callbacks its events.
 */
const PRESET = makeAvatarPreset(5_000_000);
const PENDING: PendingUpload = { fileId: 'pending-1', reference: 'avatar:g', fileName: 'me.jpg' };

let urls: Map<string, Blob>;
let revoked: string[];
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;

beforeEach(() => {
  FakeCropper.instances = [];
  urls = new Map();
  revoked = [];
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${urls.size + 1}`;
    urls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
});
afterEach(() => {
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

function startWidget() {
  let upload: { input: UploadImageInput; sendBack: (e: AvatarUploadEvent) => void } | null = null;
  let confirm: (url: string) => void = () => undefined;
  let deleted: () => void = () => undefined;
  const actor = createActor(
    avatarUploadMachine.provide({
      actors: {
        loadPreset: fromPromise(async () => PRESET),
        checkFile: fromPromise(async (): Promise<void> => undefined),
        uploadImage: fromCallback<AvatarUploadEvent, UploadImageInput>(({ input, sendBack }) => {
          upload = { input, sendBack };
        }),
        confirmUpload: fromPromise(
          () =>
            new Promise<{ imageUrl: string }>(
              (resolve) => (confirm = (imageUrl) => resolve({ imageUrl })),
            ),
        ),
        deleteAvatar: fromPromise(() => new Promise<void>((resolve) => (deleted = resolve))),
      },
      actions: { notifyChanged: () => undefined },
    }),
    {
      input: {
        presetId: 'avatar',
        cropping: true,
        reference: 'avatar:g',
        ownerId: 4,
        current: { imageUrl: '/media/files/old' },
      },
    },
  );
  actor.start();
  render(
    <AvatarUploadWidget avatarRef={actor} hint={avatarUploadHints.profile} name="Olivia Harper" />,
  );
  return {
    actor,
    user: userEvent.setup(),
    upload: () => {
      if (!upload) throw new Error('no upload');
      return upload;
    },
    confirm: (url: string) => act(() => confirm(url)),
    deleted: () => act(() => deleted()),
  };
}

const picture = () => screen.getByRole('img', { name: /Olivia Harper/ });

describe('AvatarUploadWidget: the avatarUpload actor rendered', () => {
  it('a photo chosen, cropped, uploaded with progress and saved', async () => {
    const w = startWidget();
    expect(picture().getAttribute('src')).toBe('/media/files/old');
    expect(screen.getByText('square image, max 500x500')).toBeTruthy();
    const input = screen.getByLabelText(/Change profile photo/) as HTMLInputElement;
    await waitFor(() => expect(input.accept).toBe('image/jpeg,image/png,.jpg,.png'));
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    await w.user.upload(input, file);

    // The crop dialog opens on the chosen file.
    const dialog = await screen.findByRole('dialog', { name: 'Crop your photo' });
    // The cropper is made in the lazy dialog's effect, which may run after the dialog shows.
    const cropper = await vi.waitFor(() => FakeCropper.last(), SIGNAL_WAIT);
    const source = cropper.element.getAttribute('src') ?? '';
    expect(urls.get(source)).toBe(file);
    expect(cropper.options.aspectRatio).toBe(1);
    cropper.fireReady();
    await w.user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    // Uploading: the cropped image under the chosen name, its progress, and it shows.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(w.upload().input).toMatchObject({ image: cropper.blob, fileName: 'me.jpg' });
    expect(revoked).toContain(source);
    act(() => w.upload().sendBack({ type: 'upload.progress', percent: 58 }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo' }) as HTMLProgressElement;
    expect(bar.value).toBe(58);
    expect(urls.get(picture().getAttribute('src') ?? '')).toBe(cropper.blob);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();

    act(() => w.upload().sendBack({ type: 'upload.finish', upload: PENDING }));
    expect(screen.getByText('Saving photo...')).toBeTruthy();
    await w.confirm('/media/files/new');
    await waitFor(() => expect(picture().getAttribute('src')).toBe('/media/files/new'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    w.actor.stop();
  });

  it('Cancel in the crop dialog brings the earlier photo back', async () => {
    const w = startWidget();
    await w.user.upload(
      screen.getByLabelText(/Change profile photo/),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    const dialog = await screen.findByRole('dialog');
    await w.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(picture().getAttribute('src')).toBe('/media/files/old');
    expect(w.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    w.actor.stop();
  });

  it('Delete: the initials come back', async () => {
    const w = startWidget();
    await w.user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Deleting photo...')).toBeTruthy();
    await w.deleted();
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Olivia Harper' }).textContent).toBe('OH'),
    );
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    w.actor.stop();
  });
});
