import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import AvatarCropDialog from '../../src/views/components/AvatarCropDialog';
import { AvatarUploadView } from '../../src/views/components/AvatarUploadView';
import type { AvatarUploadViewProps } from '../../src/views/components/AvatarUploadView';
import { AVATAR_CONSTRAINTS, avatarUploadProps } from './avatarProps';
import { FakeCropper } from './fakeCropper';
import { axeViolations, useInkCanvas, violationsIn } from './axe';

vi.mock('cropperjs', async () => ({ default: (await import('./fakeCropper')).FakeCropper }));

useInkCanvas();

const violations = (ui: ReactElement) => axeViolations(ui);

const constraints = AVATAR_CONSTRAINTS;

const base = avatarUploadProps();

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
