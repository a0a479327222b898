/**
 * The media service's presets (spec §3 Validation preset rules, §7.2 Media service): what an
 * upload may be (the rules the client reads by id) and how the service stores it (private).
 */
import { mediaPresetIds, type ValidationPresetRules } from '../../contract/media';

/** How a preset's accepted image is re-encoded and stored. */
export interface ImageOutput {
  /** The stored image fits within this box (never enlarged). */
  maxWidth: number;
  maxHeight: number;
  /** 'cover' crops to the box's ratio (avatars are square); 'inside' keeps the ratio. */
  fit: 'cover' | 'inside';
  /** WebP quality 1-100. */
  quality: number;
}

export interface MediaPreset {
  rules: ValidationPresetRules;
  output: ImageOutput;
}

export const MEGABYTE = 1024 * 1024;

const IMAGE_TYPES = {
  extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
};

/**
 * A square image of 5 MB at most, from `min` x `min` to `max` x `max` pixels, stored as a square of
 * `max` at most (quality 85).
 */
function squareImage(id: string, min: number, max: number): MediaPreset {
  return {
    rules: {
      id,
      allowedFileTypes: IMAGE_TYPES,
      maxFileSize: 5 * MEGABYTE,
      resolution: { minWidth: min, minHeight: min, maxWidth: max, maxHeight: max },
      aspectRatio: { targetRatio: 1 },
    },
    output: { maxWidth: max, maxHeight: max, fit: 'cover', quality: 85 },
  };
}

/**
 * - post: photos up to 10 MB and 8000x8000 (a 12 MP phone photo is 4032x3024, a 24 MP one
 *   5712x4284), at least 200x200; stored at most 1080 wide (and 1350 high).
 * - avatar: up to 5 MB, 100x100 to 500x500 (the client crops and scales to the maximum), square;
 *   stored as a 500x500 square at most.
 * - organisationLogo (spec §9): up to 5 MB, 400x400 to 800x800 (the client crops and scales to
 *   the maximum), square; stored as an 800x800 square at most.
 * - drop (issue 35): a Drop's photos, as a post's but stored up to 1440 high in portrait (the
 *   carousel's cards are 3:4).
 */
export const MEDIA_PRESETS: Readonly<Record<string, MediaPreset>> = {
  [mediaPresetIds.post]: {
    rules: {
      id: mediaPresetIds.post,
      allowedFileTypes: IMAGE_TYPES,
      maxFileSize: 10 * MEGABYTE,
      resolution: { minWidth: 200, minHeight: 200, maxWidth: 8000, maxHeight: 8000 },
      aspectRatio: { targetRatio: null },
    },
    output: { maxWidth: 1080, maxHeight: 1350, fit: 'inside', quality: 82 },
  },
  [mediaPresetIds.drop]: {
    rules: {
      id: mediaPresetIds.drop,
      allowedFileTypes: IMAGE_TYPES,
      maxFileSize: 10 * MEGABYTE,
      resolution: { minWidth: 200, minHeight: 200, maxWidth: 8000, maxHeight: 8000 },
      aspectRatio: { targetRatio: null },
    },
    output: { maxWidth: 1080, maxHeight: 1440, fit: 'inside', quality: 82 },
  },
  [mediaPresetIds.avatar]: squareImage(mediaPresetIds.avatar, 100, 500),
  [mediaPresetIds.organisationLogo]: squareImage(mediaPresetIds.organisationLogo, 400, 800),
};

export function findPreset(id: string): MediaPreset | undefined {
  return Object.hasOwn(MEDIA_PRESETS, id) ? MEDIA_PRESETS[id] : undefined;
}

/** The largest upload any preset accepts: the multipart parser's hard limit. */
export const MAX_UPLOAD_BYTES = Math.max(
  ...Object.values(MEDIA_PRESETS).map((preset) => preset.rules.maxFileSize),
);
