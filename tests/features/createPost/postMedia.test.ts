import { describe, expect, it, vi } from 'vitest';
import { mediaMessages, mediaPresetIds, type ValidationPresetRules } from '../../../contract/media';
import { uploadPostImage } from '../../../src/features/createPost/postMedia';
import { MediaServiceError, type MediaClient } from '../../../src/services/media';

const POST_PRESET: ValidationPresetRules = {
  id: mediaPresetIds.post,
  allowedFileTypes: { extensions: ['png', 'jpg'], mimeTypes: ['image/png', 'image/jpeg'] },
  maxFileSize: 1000,
  resolution: { minWidth: 200, minHeight: 200, maxWidth: 8000, maxHeight: 8000 },
  aspectRatio: { targetRatio: null },
};

function fakeMedia(preset: () => Promise<ValidationPresetRules> = async () => POST_PRESET) {
  const client = {
    getValidationPreset: vi.fn((_id: string) => preset()),
    uploadPending: vi.fn(async () => ({ fileId: 'f-1', reference: 'r' })),
    deletePending: vi.fn(async () => undefined),
    fileUrl: (id: string) => `/media/files/${id}`,
  };
  return client as typeof client & MediaClient;
}

const png = (bytes: number, name = 'photo.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });
const sized = (width: number, height: number) => async () => ({ width, height });

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaServiceError);
  return (error as MediaServiceError).messages;
}

describe("a post's image: checked against the post preset, then uploaded", () => {
  const options = (decode = sized(400, 300)) => ({
    onProgress: vi.fn(),
    signal: new AbortController().signal,
    decode,
  });

  it('uploads a file that passes, with the post preset id and progress', async () => {
    const media = fakeMedia();
    const opts = options();
    await expect(uploadPostImage(media, png(500), opts)).resolves.toMatchObject({ fileId: 'f-1' });
    expect(media.getValidationPreset).toHaveBeenCalledWith(mediaPresetIds.post, {
      signal: opts.signal,
    });
    expect(media.uploadPending).toHaveBeenCalledWith(
      expect.objectContaining({
        validationPresetId: mediaPresetIds.post,
        onProgress: opts.onProgress,
      }),
    );
  });

  it.each([
    ['too large', png(1001), sized(400, 300), [mediaMessages.tooLarge(1000)]],
    [
      'not an allowed type',
      png(10, 'photo.gif', 'image/gif'),
      sized(400, 300),
      ['Invalid file type'],
    ],
    ['below the minimum resolution', png(10), sized(199, 300), ['Image below minimum resolution']],
    [
      'not decodable',
      png(10),
      async () => {
        throw new Error('broken');
      },
      ['Invalid image file'],
    ],
  ])('refuses a file %s before any upload', async (_, file, decode, messages) => {
    const media = fakeMedia();
    expect(await refusal(uploadPostImage(media, file, options(decode)))).toEqual(messages);
    expect(media.uploadPending).not.toHaveBeenCalled();
  });

  it("uploads nothing when the preset cannot be loaded: 'Failed to load validation preset'", async () => {
    const media = fakeMedia(async () => {
      throw new MediaServiceError({
        kind: 'preset',
        httpStatus: 500,
        messages: [mediaMessages.presetFailed],
      });
    });
    expect(await refusal(uploadPostImage(media, png(10), options()))).toEqual([
      'Failed to load validation preset',
    ]);
    expect(media.uploadPending).not.toHaveBeenCalled();
  });
});
