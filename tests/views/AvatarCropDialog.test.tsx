import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AvatarCropDialog from '../../src/views/components/AvatarCropDialog';
import type { AvatarCropDialogProps } from '../../src/views/components/AvatarCropDialog';
import { AVATAR_CONSTRAINTS } from './avatarProps';
import { FakeCropper } from './fakeCropper';

vi.mock('cropperjs', async () => ({ default: (await import('./fakeCropper')).FakeCropper }));

const constraints = AVATAR_CONSTRAINTS;

function open(overrides: Partial<AvatarCropDialogProps> = {}) {
  const props: AvatarCropDialogProps = {
    sourceUrl: 'blob:photo-1',
    sourceType: 'image/jpeg',
    constraints,
    onApply: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  const utils = render(<AvatarCropDialog {...props} />);
  return {
    ...utils,
    props,
    user: userEvent.setup(),
    slider: () => screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement,
    apply: () => screen.getByRole('button', { name: 'Apply' }),
  };
}

beforeEach(() => {
  FakeCropper.instances = [];
});
afterEach(() => {
  vi.clearAllMocks();
});

describe('AvatarCropDialog (spec §4, §5 Avatar upload)', () => {
  it('opens full screen on the chosen photo, the crop area of the target ratio, the preview beside', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Crop your photo' });
    expect(dialog.hasAttribute('open')).toBe(true);
    const cropper = FakeCropper.last();
    expect(cropper.element.getAttribute('src')).toBe('blob:photo-1');
    expect(cropper.options).toMatchObject({
      aspectRatio: 1,
      viewMode: 1,
      dragMode: 'move',
      cropBoxMovable: false,
      cropBoxResizable: false,
      checkOrientation: false,
    });
    // The 150 px round preview is where cropperjs draws it.
    const preview = screen.getByRole('img', { name: 'Preview of the cropped photo' });
    expect(cropper.options.preview).toBe(preview);
    expect([preview.style.width, preview.style.height]).toEqual(['150px', '150px']);
  });

  it('a free crop when the preset has no target ratio', () => {
    open({ constraints: { ...constraints, aspectRatio: null } });
    expect(Number.isNaN(FakeCropper.last().options.aspectRatio)).toBe(true);
  });

  it('nothing can be applied or zoomed until the photo is ready', async () => {
    const { slider, apply, user, props } = open();
    expect(slider().disabled).toBe(true);
    expect(apply().getAttribute('aria-disabled')).toBe('true');
    await user.click(apply());
    expect(props.onApply).not.toHaveBeenCalled();
    expect(FakeCropper.last().getCroppedCanvas).not.toHaveBeenCalled();
  });

  it('zooms 1 to 3 in steps of 0.1 with the labelled slider', () => {
    const { slider } = open();
    const cropper = FakeCropper.last();
    cropper.fireReady();
    expect(slider().disabled).toBe(false);
    expect([slider().min, slider().max, slider().step, slider().value]).toEqual([
      '1',
      '3',
      '0.1',
      '1',
    ]);
    fireEvent.change(slider(), { target: { value: '2.3' } });
    // Zoom 1 is the photo fitted (the ratio 0.25 here): 2.3 times that.
    expect(cropper.zoomTo).toHaveBeenLastCalledWith(0.25 * 2.3);
    expect(slider().value).toBe('2.3');
    expect(slider().getAttribute('aria-valuetext')).toBe('2.3 times');
  });

  it('the wheel and a pinch stay within 1 to 3 (a step past an end stops there), and move the slider', () => {
    const { slider } = open();
    const cropper = FakeCropper.last();
    cropper.fireReady();
    expect(cropper.fireZoom(0.25 * 1.72)).toBe(false);
    expect(slider().value).toBe('1.7');
    expect(cropper.zoomTo).not.toHaveBeenCalled();
    // Past 3: cancelled, and zoomed to 3 instead.
    expect(cropper.fireZoom(0.25 * 3.2)).toBe(true);
    expect(cropper.zoomTo).toHaveBeenCalledExactlyOnceWith(0.25 * 3);
    expect(slider().value).toBe('3');
    // Already at 3: nothing more.
    expect(cropper.fireZoom(0.25 * 3.3)).toBe(true);
    expect(cropper.zoomTo).toHaveBeenCalledTimes(1);
    // Below 1: zoomed to 1.
    expect(cropper.fireZoom(0.25 * 0.9)).toBe(true);
    expect(cropper.zoomTo).toHaveBeenLastCalledWith(0.25);
    expect(slider().value).toBe('1');
    expect(cropper.fireZoom(0.25 * 0.8)).toBe(true);
    expect(cropper.zoomTo).toHaveBeenCalledTimes(2);
    expect(cropper.fireZoom(0.25 * 3)).toBe(false);
    expect(slider().value).toBe('3');
  });

  it('the crop area takes the arrow keys (move) and + / - (zoom)', async () => {
    const { user, slider } = open();
    const cropper = FakeCropper.last();
    cropper.fireReady();
    const area = screen.getByRole('application', { name: 'Photo to crop' });
    area.focus();
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(cropper.move.mock.calls).toEqual([
      [-10, 0],
      [0, 10],
    ]);
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(cropper.move.mock.calls.slice(2)).toEqual([
      [10, 0],
      [0, -10],
    ]);
    await user.keyboard('++');
    expect(slider().value).toBe('1.2');
    expect(cropper.zoomTo).toHaveBeenLastCalledWith(0.25 * 1.2);
    await user.keyboard('-');
    expect(slider().value).toBe('1.1');
    // Never below 1.
    await user.keyboard('---');
    expect(slider().value).toBe('1');
    await user.keyboard('x');
    expect(cropper.move).toHaveBeenCalledTimes(4);
  });

  it('Apply scales the crop down to the preset maximum and gives a JPEG', async () => {
    const { user, apply, props } = open();
    const cropper = FakeCropper.last();
    cropper.fireReady();
    await user.click(apply());
    expect(cropper.getCroppedCanvas).toHaveBeenCalledWith(
      expect.objectContaining({ width: 500, height: 500, fillColor: '#fff' }),
    );
    expect(cropper.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.92);
    expect(props.onApply).toHaveBeenCalledExactlyOnceWith(cropper.blob);
  });

  it('a PNG stays a PNG (transparent), and a small crop is enlarged to the minimum', async () => {
    const { user, apply } = open({ sourceType: 'image/png' });
    const cropper = FakeCropper.last();
    cropper.region = { ...cropper.region, width: 60, height: 60 };
    cropper.fireReady();
    await user.click(apply());
    const options = cropper.getCroppedCanvas.mock.calls[0]?.[0];
    expect(options).toMatchObject({ width: 100, height: 100 });
    expect(options).not.toHaveProperty('fillColor');
    expect(cropper.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png', 0.92);
  });

  it("'Invalid image file' when the browser cannot encode the crop", async () => {
    const { user, apply, props } = open();
    const cropper = FakeCropper.last();
    cropper.blob = null;
    cropper.fireReady();
    await user.click(apply());
    expect(screen.getByRole('alert').textContent).toBe('Invalid image file');
    expect(props.onApply).not.toHaveBeenCalled();
  });

  it('Cancel, the close button and Escape cancel', async () => {
    const { user, props } = open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(props.onCancel).toHaveBeenCalledTimes(3);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(props.onCancel).toHaveBeenCalledTimes(4);
  });

  it('lets go of the cropper and closes when it goes', () => {
    const { unmount } = open();
    const cropper = FakeCropper.last();
    const dialog = screen.getByRole('dialog');
    unmount();
    expect(cropper.destroyed).toBe(true);
    expect(dialog.hasAttribute('open')).toBe(false);
  });
});
