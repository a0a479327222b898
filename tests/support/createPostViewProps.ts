import { vi } from 'vitest';
import type { CreatePostViewProps } from '../../src/features/createPost/CreatePostView';

/**
 * The Create Post form's props as the machine's selectors give them for an idle new form at
 * `now` (spies for its callbacks), with `overrides` on top.
 */
export const idleCreatePostProps = (
  now: Date,
  overrides: Partial<CreatePostViewProps> = {},
): CreatePostViewProps => ({
  mode: 'create',
  now,
  canSave: true,
  canCreate: true,
  drafted: false,
  savingAs: null,
  canSelectMedia: true,
  canRemoveMedia: true,
  uploading: null,
  media: null,
  alerts: [],
  onSubmit: vi.fn(),
  onSaveDraft: vi.fn(),
  onSelectFile: vi.fn(),
  onRemoveMedia: vi.fn(),
  onDraftChange: vi.fn(),
  ...overrides,
});
