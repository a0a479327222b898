import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNAL_WAIT } from '../support/ceilings';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AvatarUploadView } from '../../src/views/components/AvatarUploadView';
import type { AvatarUploadViewProps } from '../../src/views/components/AvatarUploadView';
import {
  AVATAR_CONSTRAINTS,
  AVATAR_HINT,
  AVATAR_PHOTO_URL,
  avatarUploadProps,
} from './avatarProps';
import { FakeCropper } from './fakeCropper';

vi.mock('cropperjs', async () => ({ default: (await import('./fakeCropper')).FakeCropper }));

const HINT = AVATAR_HINT;
const PHOTO_URL = AVATAR_PHOTO_URL;

/** Props as the machine's selectors give them, per state (spec §4 Avatar upload). */
function renderWidget(overrides: Partial<AvatarUploadViewProps> = {}) {
  const props = avatarUploadProps(overrides);
  const utils = render(<AvatarUploadView {...props} />);
  return { ...utils, props, user: userEvent.setup() };
}

const fileInput = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

beforeEach(() => {
  FakeCropper.instances = [];
});

describe('AvatarUploadView (spec §2.3 Shared widgets, §4 and §5 Avatar upload)', () => {
  it('idle with a photo: the 150 px round picture, the hint, change and Delete', async () => {
    const { props, user } = renderWidget();
    const picture = screen.getByRole('img', { name: 'Profile photo of Olivia Harper' });
    expect(picture.getAttribute('src')).toBe(PHOTO_URL);
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['150', '150']);
    const input = fileInput(/Change profile photo/);
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/jpeg,image/png,.jpg,.png');
    expect(input.disabled).toBe(false);
    // The hint describes the file input.
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(HINT);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(props.onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('idle without a photo: the initials, add a photo, no Delete', () => {
    renderWidget({ imageUrl: null, canDelete: false });
    const initials = screen.getByRole('img', { name: 'Olivia Harper' });
    expect(initials.textContent).toBe('OH');
    expect(fileInput(/Add profile photo/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('choosing a file (keyboard: the input itself takes the focus) sends it, and the same file can be chosen again', async () => {
    const { props, user } = renderWidget();
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    await user.tab();
    expect(document.activeElement).toBe(fileInput(/Change profile photo/));
    await user.upload(fileInput(/Change profile photo/), file);
    expect(props.onChooseFile).toHaveBeenCalledExactlyOnceWith(file);
    expect(fileInput(/Change profile photo/).value).toBe('');
  });

  it('checking the file: busy, the input disabled, the status said', () => {
    const { container } = renderWidget({
      activity: 'checking',
      busy: true,
      canChooseFile: false,
      canDelete: false,
    });
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
    expect(fileInput(/Change profile photo/).disabled).toBe(true);
    expect(screen.getByText('Checking the photo...').getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('uploading: a labelled progress bar, the progress said in steps of 10 %, and Cancel', async () => {
    const { props, user } = renderWidget({
      activity: 'uploading',
      busy: true,
      progress: 47,
      canChooseFile: false,
      canDelete: false,
      canCancel: true,
      imageUrl: 'blob:cropped',
    });
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([47, 100]);
    expect(screen.getByText('40% uploaded').getAttribute('aria-live')).toBe('polite');
    // The image on its way shows in the preview.
    expect(screen.getByRole('img', { name: /Olivia Harper/ }).getAttribute('src')).toBe(
      'blob:cropped',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['saving', 'Saving photo...'],
    ['deleting', 'Deleting photo...'],
  ] as const)('%s: the status says %s', (activity, text) => {
    renderWidget({ activity, busy: true, canChooseFile: false, canDelete: false });
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("a photo that could not be saved: 'Error', 'There was an error saving the photo.', dismissable", async () => {
    const { props, user } = renderWidget({
      alert: { kind: 'save', title: 'Error', messages: ['There was an error saving the photo.'] },
    });
    const alert = screen.getByRole('alert', { name: 'Error' });
    expect(within(alert).getByText('There was an error saving the photo.')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(props.onDismissAlert).toHaveBeenCalledTimes(1);
    // A new file can be chosen after any error.
    expect(fileInput(/Change profile photo/).disabled).toBe(false);
  });

  it("a refused file shows the checks' messages, without a title", () => {
    renderWidget({
      alert: {
        kind: 'file',
        title: null,
        messages: ['File exceeds max size of 5242880 bytes', 'Invalid file type'],
      },
    });
    const alert = screen.getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['File exceeds max size of 5242880 bytes', 'Invalid file type']);
  });

  it('cropping: the crop dialog loads on demand, on the chosen image; Apply and Cancel reach the callbacks', async () => {
    const { props, user } = renderWidget({
      activity: 'cropping',
      canChooseFile: false,
      canDelete: false,
      canCancel: true,
      crop: {
        sourceUrl: 'blob:chosen',
        sourceType: 'image/jpeg',
        constraints: AVATAR_CONSTRAINTS,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Crop your photo' });
    // The cropper is made once its library has loaded, which may come after the dialog shows.
    const cropper = await vi.waitFor(() => FakeCropper.last(), SIGNAL_WAIT);
    expect(cropper.element.getAttribute('src')).toBe('blob:chosen');
    cropper.fireReady();
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(props.onApplyCrop).toHaveBeenCalledExactlyOnceWith(cropper.blob);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('no crop dialog (nor cropper) outside cropping', () => {
    renderWidget();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(FakeCropper.instances).toEqual([]);
  });
});
