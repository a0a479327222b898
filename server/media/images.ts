/**
 * Image checks by real content: the magic bytes say what a file is (whatever its name and
 * declared type claim), sharp decodes it under a pixel limit (pixel floods are refused before
 * any decoding), and the accepted image is re-encoded as WebP without its metadata.
 */
import sharp, { type Metadata } from 'sharp';
import type { ImageOutput } from './presets';

export interface SniffedType {
  mimeType: string;
  /** sharp's name of the format, which its decoder must agree with. */
  format: 'jpeg' | 'png' | 'gif' | 'webp';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type the leading bytes prove, if any. */
export function sniffImageType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: 'image/jpeg', format: 'jpeg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mimeType: 'image/png', format: 'png' };
  }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { mimeType: 'image/gif', format: 'gif' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { mimeType: 'image/webp', format: 'webp' };
  }
  return undefined;
}

export type ImageOutcome =
  | { kind: 'ok'; data: Buffer; width: number; height: number; contentType: string }
  /** Not decodable, or not what the magic bytes said. */
  | { kind: 'invalid' }
  /** Larger than the limits: refused from its header, before any decoding (a pixel flood too). */
  | { kind: 'aboveMaximum' }
  | { kind: 'belowMinimum' };

export interface ImageLimits {
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
}

/** EXIF orientations 5-8 turn the image a quarter: width and height swap once upright. */
const isQuarterTurn = (orientation: number | undefined) =>
  orientation !== undefined && orientation >= 5 && orientation <= 8;

export const OUTPUT_CONTENT_TYPE = 'image/webp';

/**
 * The size the upright `width` x `height` image is stored at: within the output box, never
 * enlarged; 'cover' first crops to the box's aspect ratio (a square for avatars).
 */
export function outputSize(width: number, height: number, output: ImageOutput) {
  if (output.fit === 'cover') {
    const ratio = output.maxWidth / output.maxHeight;
    const cropWidth = Math.min(width, height * ratio);
    const scale = Math.min(1, output.maxWidth / cropWidth);
    return {
      width: Math.max(1, Math.round(cropWidth * scale)),
      height: Math.max(1, Math.round((cropWidth / ratio) * scale)),
    };
  }
  const scale = Math.min(1, output.maxWidth / width, output.maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Decodes `bytes` (already sniffed as `type`), checks its upright size against `limits` and
 * re-encodes it within `output`. Never throws for bad input.
 */
export async function processImage(
  bytes: Buffer,
  type: SniffedType,
  limits: ImageLimits,
  output: ImageOutput,
): Promise<ImageOutcome> {
  const limitInputPixels = limits.maxWidth * limits.maxHeight;
  let metadata: Metadata;
  try {
    // The header alone (nothing is decoded here), so its size can be judged against the limits.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { kind: 'invalid' };
  }
  const { width, height } = metadata;
  if (metadata.format !== type.format || !width || !height) return { kind: 'invalid' };
  const [uprightWidth, uprightHeight] = isQuarterTurn(metadata.orientation)
    ? [height, width]
    : [width, height];
  if (uprightWidth > limits.maxWidth || uprightHeight > limits.maxHeight) {
    return { kind: 'aboveMaximum' };
  }
  if (uprightWidth < limits.minWidth || uprightHeight < limits.minHeight) {
    return { kind: 'belowMinimum' };
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels, failOn: 'error' })
      .rotate()
      .resize({ ...outputSize(uprightWidth, uprightHeight, output), fit: 'cover' })
      .webp({ quality: output.quality })
      .toBuffer({ resolveWithObject: true });
    return {
      kind: 'ok',
      data,
      width: info.width,
      height: info.height,
      contentType: OUTPUT_CONTENT_TYPE,
    };
  } catch {
    return { kind: 'invalid' };
  }
}
