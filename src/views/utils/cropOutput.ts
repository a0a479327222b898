/**
 * The crop dialog's arithmetic (spec §5 Avatar upload), pure so it is tested on its own: the
 * size of the cropped image, its type, and the zoom slider's values.
 */

/** The preset's resolution rules for the output. */
export interface CropSizeRules {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
}

/** The zoom range: 1 to 3 in steps of 0.1 (spec §9). */
export interface ZoomRange {
  min: number;
  max: number;
  step: number;
}

/**
 * The size the crop region (in the image's own pixels) is drawn at: its aspect ratio kept,
 * scaled down to fit the preset's maximum width and height, and up to the minimum when the
 * region is smaller (a deep zoom into a small photo; the media service refuses an image below
 * it). The maximum wins when both cannot hold. Null for a region no image has.
 */
export function cropOutputSize(
  region: { width: number; height: number },
  rules: CropSizeRules,
): { width: number; height: number } | null {
  const { width, height } = region;
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) {
    return null;
  }
  const fit = Math.min(rules.maxWidth / width, rules.maxHeight / height);
  const reach = Math.max(rules.minWidth / width, rules.minHeight / height);
  const scale = Math.min(fit, Math.max(1, reach));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The cropped image's type: PNG keeps a PNG's transparency; anything else becomes a JPEG. */
export function cropOutputType(sourceType: string): 'image/png' | 'image/jpeg' {
  return sourceType.toLowerCase() === 'image/png' ? 'image/png' : 'image/jpeg';
}

/** A zoom value on the slider's steps, within its range. */
export function snapZoom(value: number, range: ZoomRange): number {
  if (!Number.isFinite(value)) return range.min;
  const steps = Math.round((value - range.min) / range.step);
  const snapped = range.min + steps * range.step;
  // Rounded to the step's decimals, so 1 + 3 * 0.1 reads 1.3, not 1.3000000000000003.
  const decimals = (String(range.step).split('.')[1] ?? '').length;
  return Math.min(range.max, Math.max(range.min, Number(snapped.toFixed(decimals))));
}
