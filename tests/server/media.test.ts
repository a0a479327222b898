import { readdir, utimes, writeFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import sharp from 'sharp';
import { is } from 'superstruct';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingUpload } from '../../contract/media';
import {
  MEDIA_API_KEY_HEADER,
  mediaMessages,
  mediaPaths,
  UploadPendingResponse,
  ValidationPresetRules,
} from '../../contract/media';
import { sniffImageType } from '../../server/media/images';
import { MEDIA_PRESETS } from '../../server/media/presets';
import { mediaServiceMessages } from '../../server/media/service';
import {
  makeImage,
  mediaApiKey,
  mediaUrl,
  mimeOf,
  multipart,
  pixelFloodPng,
  upload,
  uploadPostImage,
  type ImageFormat,
} from './support/media';
import { createTestApp } from './support/testServer';
import { useTestApp } from './support/suite';

let apiKey: string;

const { handle, test } = useTestApp({ appPerTest: true });
beforeEach(async () => {
  apiKey = await mediaApiKey(test.app);
});

const pendingFiles = () => readdir(join(test.mediaDir, 'pending'));
const confirmedFiles = () => readdir(join(test.mediaDir, 'files'));

function getPreset(id: string, key: string | null = apiKey) {
  return test.app.inject({
    method: 'GET',
    url: mediaUrl(`${mediaPaths.validationPreset}${id}`),
    headers: key === null ? {} : { [MEDIA_API_KEY_HEADER]: key },
  });
}

function deletePending(fileId: string, key: string | null = apiKey) {
  return test.app.inject({
    method: 'DELETE',
    url: mediaUrl(mediaPaths.deletePending),
    query: { fileId },
    headers: key === null ? {} : { [MEDIA_API_KEY_HEADER]: key },
  });
}

const pngFile = async (width = 800, height = 600) => ({
  fileName: 'picture.png',
  contentType: 'image/png',
  data: await makeImage('png', width, height),
});

/** A refusal: the status, exactly these messages, and nothing stored. */
async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  code: number,
  messages: string[],
) {
  expect(response.statusCode).toBe(code);
  expect(response.json()).toEqual({ messages });
  expect(await pendingFiles()).toEqual([]);
}

describe('the API key', () => {
  it('is required by the presets, the uploads and the deletions (401 without or wrong)', async () => {
    const file = await pngFile();
    const refusals = [
      await getPreset('post', null),
      await getPreset('post', 'wrong-key'),
      await getPreset('post', `${apiKey}x`),
      await upload(test.app, apiKey, file, { apiKey: null }),
      await upload(test.app, apiKey, file, { apiKey: 'wrong-key' }),
      await deletePending('abc', null),
      await deletePending('abc', ''),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ messages: [mediaServiceMessages.apiKey] });
    }
    expect(await pendingFiles()).toEqual([]);
  });

  it('is the configured MEDIA_SERVICE_CLIENT_API_KEY when set', async () => {
    const custom = await createTestApp(handle.db, { MEDIA_SERVICE_CLIENT_API_KEY: 'key-of-ours' });
    expect(await mediaApiKey(custom.app)).toBe('key-of-ours');
    const response = await custom.app.inject({
      method: 'GET',
      url: mediaUrl(`${mediaPaths.validationPreset}post`),
      headers: { [MEDIA_API_KEY_HEADER]: 'key-of-ours' },
    });
    expect(response.statusCode).toBe(200);
    expect((await getPreset('post', apiKey)).statusCode).toBe(200);
    const other = await custom.app.inject({
      method: 'GET',
      url: mediaUrl(`${mediaPaths.validationPreset}post`),
      headers: { [MEDIA_API_KEY_HEADER]: apiKey },
    });
    expect(other.statusCode).toBe(401);
  });

  it('is not needed for OPTIONS, answered without CORS headers (same origin)', async () => {
    const response = await test.app.inject({
      method: 'OPTIONS',
      url: mediaUrl(mediaPaths.uploadPending),
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers.allow).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET ValidationPresets/{id}', () => {
  it.each(['post', 'avatar'])('answers the rules of %s', async (id) => {
    const response = await getPreset(id);
    expect(response.statusCode).toBe(200);
    const rules = response.json<ValidationPresetRules>();
    expect(is(rules, ValidationPresetRules)).toBe(true);
    expect(rules).toEqual(MEDIA_PRESETS[id]?.rules);
    expect(rules.allowedFileTypes.mimeTypes).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
    ]);
  });

  it('has a square target ratio and a 500x500 maximum for avatars, 10 MB for posts', async () => {
    const avatar = (await getPreset('avatar')).json<ValidationPresetRules>();
    expect(avatar.aspectRatio?.targetRatio).toBe(1);
    expect(avatar.resolution).toMatchObject({ maxWidth: 500, maxHeight: 500 });
    const post = (await getPreset('post')).json<ValidationPresetRules>();
    expect(post.maxFileSize).toBe(10 * 1024 * 1024);
    expect(post.resolution).toMatchObject({ minWidth: 200, minHeight: 200 });
  });

  it.each(['banner', 'toString', '__proto__', 'POST'])('answers 404 for %s', async (id) => {
    const response = await getPreset(id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ messages: [mediaMessages.presetFailed] });
  });

  it('answers 404 with messages for an unknown path of the media service', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: mediaUrl('Nothing/here'),
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ messages: [mediaServiceMessages.notFound] });
  });
});

describe('POST UploadPending', () => {
  it.each<[ImageFormat, string]>([
    ['png', 'picture.png'],
    ['jpeg', 'photo.JPG'],
    ['jpeg', 'photo.jpeg'],
    ['webp', 'image.webp'],
    ['gif', 'animation.gif'],
  ])('accepts a real %s (%s), re-encoded as WebP within 1080 wide', async (format, fileName) => {
    const data = await makeImage(format, 1600, 1200);
    const response = await upload(
      test.app,
      apiKey,
      { fileName, contentType: mimeOf[format], data },
      { reference: 'ref-1' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<PendingUpload[]>();
    expect(is(body, UploadPendingResponse)).toBe(true);
    expect(body).toHaveLength(1);
    const [first] = body;
    expect(first).toMatchObject({ reference: 'ref-1', fileName, width: 1080, height: 810 });
    expect(first?.fileId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const stored = await sharp(join(test.mediaDir, 'pending', first?.fileId ?? '')).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1080, height: 810 });
  });

  it('accepts an upload far larger than the API body limit (4 MB of noise)', async () => {
    const data = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(data.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await upload(test.app, apiKey, {
      fileName: 'noise.png',
      contentType: 'image/png',
      data,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PendingUpload[]>()[0]).toMatchObject({ width: 1080, height: 1080 });
  });

  it('keeps a small image at its size and strips its metadata', async () => {
    const data = await makeImage('jpeg', 640, 480, (image) =>
      image.withExif({ IFD0: { Copyright: 'secret location', Artist: 'someone' } }),
    );
    expect((await sharp(data).metadata()).exif).toBeDefined();
    const response = await upload(test.app, apiKey, {
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      data,
    });
    expect(response.statusCode).toBe(200);
    const [first] = response.json<PendingUpload[]>();
    expect(first).toMatchObject({ width: 640, height: 480 });
    const stored = await sharp(join(test.mediaDir, 'pending', first?.fileId ?? '')).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.format).toBe('webp');
  });

  it('turns a photo upright by its EXIF orientation before checking its size', async () => {
    // Stored 300x150 on its side (orientation 6): upright it is 150x300, under the 200 minimum.
    const sideways = await makeImage('jpeg', 300, 250, (image) =>
      image.withMetadata({ orientation: 6 }),
    );
    const response = await upload(test.app, apiKey, {
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      data: sideways,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PendingUpload[]>()[0]).toMatchObject({ width: 250, height: 300 });
  });

  it('crops avatars to a square of at most 500x500', async () => {
    const data = await makeImage('png', 480, 300);
    const response = await upload(
      test.app,
      apiKey,
      { fileName: 'me.png', contentType: 'image/png', data },
      { presetId: 'avatar' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<PendingUpload[]>()[0]).toMatchObject({ width: 300, height: 300 });
  });

  it('applies the transformation preset when one is given', async () => {
    const data = await makeImage('png', 900, 600);
    const response = await upload(
      test.app,
      apiKey,
      { fileName: 'me.png', contentType: 'image/png', data },
      { presetId: 'post', fileTransformationPresetId: 'avatar' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<PendingUpload[]>()[0]).toMatchObject({ width: 500, height: 500 });
  });

  it('reads the fields in any order (file first)', async () => {
    const file = await pngFile();
    const body = multipart({}, [file]);
    const tail = multipart({ validationPresetId: 'post', reference: 'late' });
    const boundary = /boundary=(.*)$/.exec(body.headers['content-type'])?.[1] ?? '';
    const tailBoundary = /boundary=(.*)$/.exec(tail.headers['content-type'])?.[1] ?? '';
    const payload = Buffer.concat([
      body.payload.subarray(0, body.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(tail.payload.toString('latin1').replaceAll(tailBoundary, boundary), 'latin1'),
    ]);
    const response = await test.app.inject({
      method: 'POST',
      url: mediaUrl(mediaPaths.uploadPending),
      headers: { ...body.headers, [MEDIA_API_KEY_HEADER]: apiKey },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PendingUpload[]>()[0]?.reference).toBe('late');
  });

  describe('refuses, storing nothing,', () => {
    it('a file over the preset maximum size', async () => {
      const big = Buffer.alloc(MEDIA_PRESETS.avatar?.rules.maxFileSize ?? 0, 1);
      big.set(await makeImage('png', 300, 300));
      const data = Buffer.concat([big, Buffer.alloc(1)]);
      await expectRefused(
        await upload(
          test.app,
          apiKey,
          { fileName: 'me.png', contentType: 'image/png', data },
          {
            presetId: 'avatar',
          },
        ),
        413,
        ['File exceeds max size of 5242880 bytes'],
      );
    });

    it('a file over the largest size any preset allows', async () => {
      const data = Buffer.alloc(10 * 1024 * 1024 + 1, 7);
      await expectRefused(
        await upload(test.app, apiKey, { fileName: 'big.png', contentType: 'image/png', data }),
        413,
        ['File exceeds max size of 10485760 bytes'],
      );
    });

    const nonImages: [string, string, string, Buffer][] = [
      ['a text file', 'notes.txt', 'text/plain', Buffer.from('hello')],
      ['a text file named .png', 'notes.png', 'image/png', Buffer.from('hello, not a picture')],
      ['a PDF named .png', 'doc.png', 'image/png', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj')],
      [
        'an SVG (scripts inside images)',
        'vector.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
      [
        'an SVG named .png',
        'vector.png',
        'image/png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>'),
      ],
      ['an empty file', 'empty.png', 'image/png', Buffer.alloc(0)],
      [
        'a PNG signature alone',
        'sig.png',
        'image/png',
        Buffer.from('89504e470d0a1a0a', 'hex').subarray(0, 7),
      ],
    ];
    const presetIds = Object.keys(MEDIA_PRESETS);
    it.each(
      nonImages.flatMap(([name, ...rest]) => presetIds.map((id) => [name, id, ...rest] as const)),
    )('%s for the %s preset: Invalid file type', async (_name, presetId, fileName, type, data) => {
      await expectRefused(
        await upload(test.app, apiKey, { fileName, contentType: type, data }, { presetId }),
        415,
        [mediaMessages.invalidType],
      );
    });

    it('a real image with an extension or declared type outside the preset', async () => {
      const data = await makeImage('png', 400, 400);
      for (const [fileName, contentType] of [
        ['picture.bmp', 'image/png'],
        ['picture', 'image/png'],
        ['picture.png', 'application/octet-stream'],
        ['picture.png', 'image/svg+xml'],
        ['picture.png.exe', 'image/png'],
      ] as const) {
        await expectRefused(await upload(test.app, apiKey, { fileName, contentType, data }), 415, [
          mediaMessages.invalidType,
        ]);
      }
    });

    it('a truncated image: Invalid image file', async () => {
      const data = await makeImage('png', 800, 600);
      await expectRefused(
        await upload(test.app, apiKey, {
          fileName: 'cut.png',
          contentType: 'image/png',
          data: data.subarray(0, Math.floor(data.length / 2)),
        }),
        422,
        [mediaMessages.invalidImage],
      );
    });

    it('a corrupt JPEG behind a valid signature: Invalid image file', async () => {
      const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 0x41)]);
      await expectRefused(
        await upload(test.app, apiKey, { fileName: 'x.jpg', contentType: 'image/jpeg', data }),
        422,
        [mediaMessages.invalidImage],
      );
    });

    it.each(presetIds)(
      'a pixel flood (a tiny file claiming 50000x50000) for the %s preset: refused from its header',
      async (presetId) => {
        const data = await pixelFloodPng(50_000, 50_000);
        expect(data.length).toBeLessThan(2000);
        expect(sniffImageType(data)?.mimeType).toBe('image/png');
        const { maxWidth, maxHeight } = MEDIA_PRESETS[presetId]!.rules.resolution;
        await expectRefused(
          await upload(
            test.app,
            apiKey,
            { fileName: 'bomb.png', contentType: 'image/png', data },
            { presetId },
          ),
          422,
          [mediaMessages.aboveMaximum(maxWidth, maxHeight)],
        );
      },
    );

    it('an image above the preset maximum resolution, with the maximum in its message', async () => {
      await expectRefused(
        await upload(test.app, apiKey, await pngFile(600, 600), { presetId: 'avatar' }),
        422,
        ['Image above maximum resolution of 500x500'],
      );
      await expectRefused(await upload(test.app, apiKey, await pngFile(8001, 300)), 422, [
        'Image above maximum resolution of 8000x8000',
      ]);
    });

    it('an image below the minimum resolution', async () => {
      await expectRefused(await upload(test.app, apiKey, await pngFile(199, 600)), 422, [
        mediaMessages.belowMinimum,
      ]);
      await expectRefused(
        await upload(test.app, apiKey, await pngFile(90, 90), { presetId: 'avatar' }),
        422,
        [mediaMessages.belowMinimum],
      );
    });

    it('a tampered or missing preset id', async () => {
      const file = await pngFile();
      await expectRefused(await upload(test.app, apiKey, file, { presetId: 'admin' }), 400, [
        mediaMessages.presetFailed,
      ]);
      await expectRefused(await upload(test.app, apiKey, file, { presetId: 'constructor' }), 400, [
        mediaMessages.presetFailed,
      ]);
      await expectRefused(await upload(test.app, apiKey, file, { presetId: '' }), 400, [
        mediaServiceMessages.presetRequired,
      ]);
      await expectRefused(
        await upload(test.app, apiKey, file, { fileTransformationPresetId: 'huge' }),
        400,
        [mediaServiceMessages.unknownTransformation],
      );
      await expectRefused(await upload(test.app, apiKey, file, { presetId: 'p'.repeat(65) }), 400, [
        mediaServiceMessages.fieldTooLong('validationPresetId'),
      ]);
    });

    it('an upload without a file, with two files, or not multipart', async () => {
      await expectRefused(await upload(test.app, apiKey, undefined), 400, [
        mediaServiceMessages.fileRequired,
      ]);
      const file = await pngFile();
      const two = multipart({ validationPresetId: 'post' }, [file, file]);
      await expectRefused(
        await test.app.inject({
          method: 'POST',
          url: mediaUrl(mediaPaths.uploadPending),
          headers: { ...two.headers, [MEDIA_API_KEY_HEADER]: apiKey },
          payload: two.payload,
        }),
        413,
        ['Send one file per upload.'],
      );
      const json = await test.app.inject({
        method: 'POST',
        url: mediaUrl(mediaPaths.uploadPending),
        headers: { [MEDIA_API_KEY_HEADER]: apiKey },
        payload: { validationPresetId: 'post' },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ messages: [mediaServiceMessages.notMultipart] });
    });
  });
});

describe('DELETE DeletePending', () => {
  it('deletes a pending upload once', async () => {
    const pending = await uploadPostImage(test.app, apiKey);
    expect(await pendingFiles()).toHaveLength(2);
    const deleted = await deletePending(pending.fileId);
    expect(deleted.statusCode).toBe(204);
    expect(await pendingFiles()).toEqual([]);
    const again = await deletePending(pending.fileId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ messages: [mediaServiceMessages.pendingNotFound] });
  });

  it('refuses a missing fileId and finds nothing for a path-like one', async () => {
    const missing = await test.app.inject({
      method: 'DELETE',
      url: mediaUrl(mediaPaths.deletePending),
      headers: { [MEDIA_API_KEY_HEADER]: apiKey },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ messages: [mediaServiceMessages.fileIdRequired] });
    expect((await deletePending('../files/x')).statusCode).toBe(404);
  });
});

describe('GET files/{fileId}', () => {
  it('does not serve a pending upload, nor a path outside the files', async () => {
    const pending = await uploadPostImage(test.app, apiKey);
    for (const id of [pending.fileId, '..%2Fpending%2F' + pending.fileId, '%2E%2E']) {
      const response = await test.app.inject({ method: 'GET', url: mediaUrl(`files/${id}`) });
      expect(response.statusCode).toBe(404);
    }
  });

  it('serves a confirmed file without the key, cached for a year, not sniffable', async () => {
    const app = test.app;
    const pending = await uploadPostImage(app, apiKey);
    // Confirmed in process, as the posts calls do.
    const media = await import('../../server/media/storage');
    const storage = new media.MediaStorage(test.mediaDir);
    const outcome = await storage.confirm(pending.fileId, 'post');
    expect(outcome.kind).toBe('confirmed');
    expect(await confirmedFiles()).toEqual(
      expect.arrayContaining([pending.fileId, `${pending.fileId}.json`]),
    );
    const response = await app.inject({ method: 'GET', url: mediaUrl(`files/${pending.fileId}`) });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    const head = await app.inject({ method: 'HEAD', url: mediaUrl(`files/${pending.fileId}`) });
    expect(head.statusCode).toBe(200);
  });

  it('confirms an upload only once and only for its preset, and can undo it', async () => {
    const media = await import('../../server/media/storage');
    const storage = new media.MediaStorage(test.mediaDir);
    const pending = await uploadPostImage(test.app, apiKey, 400, 400, 'avatar');
    expect(await storage.confirm(pending.fileId, 'post')).toEqual({
      kind: 'wrongPreset',
      presetId: 'avatar',
    });
    const [first, second] = await Promise.all([
      storage.confirm(pending.fileId, 'avatar'),
      storage.confirm(pending.fileId, 'avatar'),
    ]);
    expect([first?.kind, second?.kind].sort()).toEqual(['confirmed', 'notPending']);
    const confirmed = first?.kind === 'confirmed' ? first : second;
    if (confirmed?.kind !== 'confirmed') throw new Error('not confirmed');
    await confirmed.undo();
    expect(await storage.readPending(pending.fileId)).toMatchObject({ presetId: 'avatar' });
    expect(await confirmedFiles()).toEqual([]);
  });
});

describe('pending uploads', () => {
  it('older than MEDIA_PENDING_TTL_HOURS are deleted at start, newer ones kept', async () => {
    const old = await uploadPostImage(test.app, apiKey);
    const fresh = await uploadPostImage(test.app, apiKey);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const name of [old.fileId, `${old.fileId}.json`]) {
      await utimes(join(test.mediaDir, 'pending', name), dayAgo, dayAgo);
    }
    await writeFile(join(test.mediaDir, 'pending', 'leftover.abc.tmp'), 'partial');
    await createTestApp(handle.db, {}, { mediaDir: test.mediaDir });
    expect((await pendingFiles()).sort()).toEqual([fresh.fileId, `${fresh.fileId}.json`].sort());
  });
});

describe('a malformed multipart upload (issue 31)', () => {
  /** The upload's body and content type as a broken client would send them. */
  async function sendRaw(contentType: string, payload: Buffer) {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await createTestApp(handle.db, {}, { logger: { level: 'error', stream } });
    const response = await logged.app.inject({
      method: 'POST',
      url: mediaUrl(mediaPaths.uploadPending),
      headers: { 'content-type': contentType, [MEDIA_API_KEY_HEADER]: apiKey },
      payload,
    });
    await logged.app.close();
    return { response, lines };
  }

  const wellFormed = () =>
    multipart({ validationPresetId: 'post', reference: 'r' }, [
      { fileName: 'a.png', contentType: 'image/png', data: Buffer.alloc(64, 7) },
    ]);

  it.each([
    ['no boundary', () => ({ type: 'multipart/form-data', body: wellFormed().payload })],
    [
      'an empty boundary',
      () => ({ type: 'multipart/form-data; boundary=', body: wellFormed().payload }),
    ],
    [
      'a truncated body',
      () => {
        const { payload, headers } = wellFormed();
        return { type: headers['content-type'], body: payload.subarray(0, payload.length - 40) };
      },
    ],
    [
      'a body of no parts at all',
      () => ({ type: 'multipart/form-data; boundary=xyz', body: Buffer.from('not multipart') }),
    ],
  ])('answers %s with a 400 and a human message, logging no error', async (_name, make) => {
    const { type, body } = make();
    const { response, lines } = await sendRaw(type, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ messages: [mediaServiceMessages.malformed] });
    expect(lines).toEqual([]);
    expect(await pendingFiles()).toEqual([]);
  });
});
