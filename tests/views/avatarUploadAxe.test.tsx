import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import AvatarCropDialog from '../../src/views/components/AvatarCropDialog';
import { AvatarUploadView } from '../../src/views/components/AvatarUploadView';
import type { AvatarUploadViewProps } from '../../src/views/components/AvatarUploadView';
import { FakeCropper } from './fakeCropper';
import { axeViolations, useInkCanvas, violationsIn } from './axe';

vi.mock('cropperjs', async () => ({ default: (await import('./fakeCropper')).FakeCropper }));

useInkCanvas();

const violations = (ui: ReactElement) => axeViolations(ui);

const constraints = {
  minWidth: 100,
  minHeight: 100,
  maxWidth: 500,
  maxHeight: 500,
  aspectRatio: 1,
  zoom: { min: 1, max: 3, step: 0.1 },
};

const base: AvatarUploadViewProps = {
  name: 'Olivia Harper',
  imageUrl: '/media/files/avatar-4',
  hint: 'square image, max 500x500',
  accept: 'image/jpeg,image/png',
  activity: 'idle',
  busy: false,
  progress: null,
  alert: null,
  canChooseFile: true,
  canDelete: true,
  canCancel: false,
  crop: null,
  onChooseFile: vi.fn(),
  onApplyCrop: vi.fn(),
  onCancel: vi.fn(),
  onDelete: vi.fn(),
  onDismissAlert: vi.fn(),
};

describe('the avatar upload widget passes axe', () => {
  it.each<[string, Partial<AvatarUploadViewProps>]>([
    ['idle with a photo', {}],
    ['idle with the initials', { imageUrl: null, canDelete: false }],
    [
      'uploading',
      {
        activity: 'uploading',
        busy: true,
        progress: 63,
        canChooseFile: false,
        canDelete: false,
        canCancel: true,
      },
    ],
    [
      'a photo that could not be saved',
      {
        alert: { kind: 'save', title: 'Error', messages: ['There was an error saving the photo.'] },
      },
    ],
    [
      'a refused file',
      {
        alert: { kind: 'file', title: null, messages: ['Invalid file type', 'Invalid image file'] },
      },
    ],
  ])('%s', async (_name, props) => {
    expect(await violations(<AvatarUploadView {...base} {...props} />)).toEqual([]);
  });

  it('the crop dialog, ready', async () => {
    const ui = (
      <AvatarCropDialog
        sourceUrl="blob:chosen"
        sourceType="image/jpeg"
        constraints={constraints}
        onApply={vi.fn()}
        onCancel={vi.fn()}
      />
    );
    const { container } = render(<main>{ui}</main>);
    FakeCropper.last().fireReady();
    expect(screen.getByRole('slider', { name: 'Zoom' })).toBeTruthy();
    expect(await violationsIn(container)).toEqual([]);
  });
});
