import { mediaPresetIds, type PendingUpload } from '../../../contract/media';
import {
  checkImageFile,
  MediaServiceError,
  type ImageDecoder,
  type MediaClient,
} from '../../services/media';

export interface PostImageUploadOptions {
  /** Upload progress in percent, 0-100. */
  onProgress(percent: number): void;
  signal: AbortSignal;
  /** Decodes the image's size (the browser's createImageBitmap unless a test gives one). */
  decode?: ImageDecoder;
}

/**
 * A post's image, checked then uploaded (spec §4 Post: image/* only, the post validation preset).
 * The preset (cached per preset id and key by the media client) is loaded first and the file
 * checked against it: size and type ('File exceeds max size of N bytes', 'Invalid file type'),
 * then its decoded resolution ('Image below minimum resolution', 'Image above maximum resolution
 * of WxH', 'Invalid image file'). Only a file that passes is sent, so a file the service would
 * refuse costs no upload. Failures throw a MediaServiceError carrying the messages.
 */
export async function uploadPostImage(
  media: MediaClient,
  file: File,
  options: PostImageUploadOptions,
): Promise<PendingUpload> {
  const { onProgress, signal, decode } = options;
  const preset = await media.getValidationPreset(mediaPresetIds.post, { signal });
  const problems = await checkImageFile(file, preset, decode);
  if (problems.length > 0) {
    throw new MediaServiceError({ kind: 'rejected', httpStatus: null, messages: problems });
  }
  return media.uploadPending({
    file,
    validationPresetId: mediaPresetIds.post,
    reference: `post:${Date.now()}`,
    onProgress,
    signal,
  });
}
