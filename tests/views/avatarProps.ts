import { vi } from 'vitest';
import type { AvatarUploadViewProps } from '../../src/views/components/AvatarUploadView';

/** The avatar preset's rules (spec §5, §9): square, 100 to 500 px, zoom 1 to 3 by 0.1. */
export const AVATAR_CONSTRAINTS = {
  minWidth: 100,
  minHeight: 100,
  maxWidth: 500,
  maxHeight: 500,
  aspectRatio: 1,
  zoom: { min: 1, max: 3, step: 0.1 },
};

export const AVATAR_HINT = 'square image, max 500x500';
export const AVATAR_PHOTO_URL = '/media/files/avatar-4';

/** The avatar widget's props as the machine's selectors give them when idle with a photo. */
export function avatarUploadProps(
  overrides: Partial<AvatarUploadViewProps> = {},
): AvatarUploadViewProps {
  return {
    name: 'Olivia Harper',
    imageUrl: AVATAR_PHOTO_URL,
    hint: AVATAR_HINT,
    accept: 'image/jpeg,image/png,.jpg,.png',
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
    ...overrides,
  };
}
