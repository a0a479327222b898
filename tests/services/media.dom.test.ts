// @vitest-environment jsdom
/**
 * The media service client against a real local server, over jsdom's real XMLHttpRequest for
 * uploads. The page is jsdom's http://localhost:3000, so the media service at 127.0.0.1:<port>
 * is cross-origin and the server answers CORS (credentials allowed, so a request that sends
 * cookies would be seen sending them).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaMessages, type ValidationPresetRules } from '../../contract/media';
import { GENERIC_ERROR_TEXT, UNKNOWN_ERROR_TEXT } from '../../src/services/apiResponse';
import {
  checkFileAgainstPreset,
  checkImageDimensions,
  checkImageFile,
  createMediaClient,
  MediaServiceError,
  type MediaClient,
  type MediaClientOptions,
} from '../../src/services/media';
import { sendJson, until, useTestServer } from './helpers/testServer';
import {
  computable,
  expectRisingPercentages,
  formOf,
  jsdomInstance,
  xhrReporting,
} from './helpers/uploads';

const postPreset: ValidationPresetRules = {
  id: 'post',
  allowedFileTypes: {
    extensions: ['.jpg', 'jpeg', '.PNG', 'webp', 'gif'],
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  },
  maxFileSize: 10_485_760,
  resolution: { minWidth: 200, minHeight: 200, maxWidth: 4000, maxHeight: 4000 },
  aspectRatio: null,
};
const avatarPreset: ValidationPresetRules = {
  id: 'avatar',
  allowedFileTypes: { extensions: [], mimeTypes: ['image/*'] },
  maxFileSize: 2_000_000,
  resolution: { minWidth: 100, minHeight: 100, maxWidth: 500, maxHeight: 500 },
  aspectRatio: { targetRatio: 1 },
};

const media = useTestServer({ corsOrigin: location.origin });
const { only } = media;
let apiKey: string;
let baseUrl: string;
let fetchInits: RequestInit[];
let xhrs: XMLHttpRequest[];

function client(overrides: Partial<MediaClientOptions> = {}): MediaClient {
  return createMediaClient({
    getBaseUrl: () => baseUrl,
    getApiKey: () => apiKey,
    fetchImpl: (input, init) => {
      fetchInits.push(init ?? {});
      return globalThis.fetch(input, init);
    },
    xhrFactory: () => {
      const xhr = new XMLHttpRequest();
      xhrs.push(xhr);
      return xhr;
    },
    ...overrides,
  });
}

function image(content: string | Uint8Array<ArrayBuffer>, name: string, type = 'image/png'): File {
  return new File([content], name, { type });
}

async function failureOf(pending: Promise<unknown>): Promise<MediaServiceError> {
  const error = await pending.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaServiceError);
  return error as MediaServiceError;
}

const upload = (overrides: Partial<Parameters<MediaClient['uploadPending']>[0]> = {}) =>
  client().uploadPending({
    file: image('PNGDATA', 'beach.png'),
    validationPresetId: 'post',
    reference: 'ref-1',
    ...overrides,
  });

beforeEach(() => {
  apiKey = 'media-key-1';
  baseUrl = `${media.origin}/media`;
  fetchInits = [];
  xhrs = [];
  jsdomInstance.cookieJar.removeAllCookiesSync();
  jsdomInstance.cookieJar.setCookieSync('refresh=r1; Path=/', `${media.origin}/`);
  media.handle((request, res) => {
    if (request.url.startsWith('/media/ValidationPresets/')) {
      const id = decodeURIComponent(request.url.slice('/media/ValidationPresets/'.length));
      sendJson(res, 200, JSON.stringify(id === 'avatar' ? avatarPreset : postPreset));
    } else if (request.url.startsWith('/media/UploadPending')) {
      sendJson(
        res,
        200,
        JSON.stringify([
          { fileId: 'pending-1', reference: 'ref-1', fileName: 'beach.webp', width: 1080 },
          { fileId: 'pending-2', reference: 'ref-1', fileName: 'other.webp' },
        ]),
      );
    } else {
      res.writeHead(204);
      res.end();
    }
  });
});

it('runs in jsdom, cross-origin to the media service', () => {
  expect(location.origin).toBe('http://localhost:3000');
  expect(new URL(media.origin).origin).not.toBe(location.origin);
});

describe('getValidationPreset: GET ValidationPresets/{id}', () => {
  it('sends the api key, no Authorization, no credentials; answers the validated rules', async () => {
    await expect(client().getValidationPreset('post')).resolves.toEqual(postPreset);
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['GET', '/media/ValidationPresets/post']);
    expect(sent.headers['x-api-key']).toBe('media-key-1');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers.cookie).toBeUndefined();
    expect(fetchInits.map((init) => init.credentials)).toEqual(['omit']);
  });

  it('resolves a relative base (the default /media) against the origin; encodes the id', async () => {
    baseUrl = '/media/';
    const relative = client({ origin: media.origin });
    await relative.getValidationPreset('a/b c');
    expect(only().url).toBe('/media/ValidationPresets/a%2Fb%20c');
  });

  it('is cached per preset id and api key', async () => {
    const media1 = client();
    await media1.getValidationPreset('post');
    await expect(media1.getValidationPreset('post')).resolves.toEqual(postPreset);
    expect(media.calls()).toHaveLength(1);
    await expect(media1.getValidationPreset('avatar')).resolves.toEqual(avatarPreset);
    expect(media.calls()).toHaveLength(2);
    apiKey = 'media-key-2';
    await media1.getValidationPreset('post');
    expect(media.calls()).toHaveLength(3);
    expect(media.calls()[2]?.headers['x-api-key']).toBe('media-key-2');
    apiKey = 'media-key-1';
    await media1.getValidationPreset('post');
    await media1.getValidationPreset('avatar');
    expect(media.calls()).toHaveLength(3);
  });

  it("any failure is 'Failed to load validation preset', and is not cached", async () => {
    const cases: [number, string][] = [
      [404, JSON.stringify({ messages: ['Unknown preset'] })],
      [401, ''],
      [500, JSON.stringify(postPreset)],
      [200, 'not json'],
      [200, JSON.stringify({ ...postPreset, maxFileSize: 0 })],
      [200, JSON.stringify({ id: 'post' })],
    ];
    const media1 = client();
    for (const [code, body] of cases) {
      media.handle((_r, res) => sendJson(res, code, body));
      const error = await failureOf(media1.getValidationPreset('post'));
      expect(error).toMatchObject({ kind: 'preset', messages: [mediaMessages.presetFailed] });
      expect(error.message).toBe('Failed to load validation preset');
    }
    media.handle((_r, res) => {
      res.socket?.destroy();
    });
    expect(await failureOf(media1.getValidationPreset('post'))).toMatchObject({
      kind: 'preset',
      httpStatus: null,
      messages: [mediaMessages.presetFailed],
    });
    media.handle((_r, res) => sendJson(res, 200, JSON.stringify(postPreset)));
    const before = media.calls().length;
    await expect(media1.getValidationPreset('post')).resolves.toEqual(postPreset);
    expect(media.calls()).toHaveLength(before + 1);
  });

  it("without a base URL: 'Failed to load validation preset', nothing sent", async () => {
    baseUrl = '';
    expect(await failureOf(client().getValidationPreset('post'))).toMatchObject({
      messages: [mediaMessages.presetFailed],
    });
    expect(media.calls()).toHaveLength(0);
  });

  it('an abort rejects with the abort, not a MediaServiceError', async () => {
    media.handle(() => new Promise<void>(() => undefined));
    const controller = new AbortController();
    const pending = client().getValidationPreset('post', { signal: controller.signal });
    await until(() => media.calls().length === 1);
    controller.abort(new Error('stopped'));
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(MediaServiceError);
    expect((error as Error).message).toBe('stopped');
  });
});

describe('uploadPending: POST UploadPending (multipart)', () => {
  it('sends the fields then the file, with the api key; answers the first item', async () => {
    const result = await upload({ fileTransformationPresetId: 'post-webp' });
    expect(result).toEqual({
      fileId: 'pending-1',
      reference: 'ref-1',
      fileName: 'beach.webp',
      width: 1080,
    });
    const sent = only();
    expect([sent.method, sent.url]).toEqual(['POST', '/media/UploadPending']);
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers['x-api-key']).toBe('media-key-1');
    const form = await formOf(sent);
    expect([...form.keys()]).toEqual([
      'validationPresetId',
      'fileTransformationPresetId',
      'reference',
      'file',
    ]);
    expect(form.get('validationPresetId')).toBe('post');
    expect(form.get('fileTransformationPresetId')).toBe('post-webp');
    expect(form.get('reference')).toBe('ref-1');
    const part = form.get('file') as File;
    expect(part.name).toBe('beach.png');
    expect(part.type).toBe('image/png');
    expect(await part.text()).toBe('PNGDATA');
  });

  it('never sends Authorization or cookies: withCredentials is false', async () => {
    await upload();
    const sent = only();
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers.cookie).toBeUndefined();
    expect(xhrs).toHaveLength(1);
    expect(xhrs[0]?.withCredentials).toBe(false);
  });

  it('leaves out an absent transformation preset; names a plain Blob by fileName', async () => {
    await upload({ file: new Blob(['x'], { type: 'image/gif' }), fileName: 'a.gif' });
    const form = await formOf(only());
    expect(form.has('fileTransformationPresetId')).toBe(false);
    expect((form.get('file') as File).name).toBe('a.gif');
  });

  it('reports real upload progress in order, from 0 to 100', async () => {
    const progress: number[] = [];
    await upload({
      file: image(new Uint8Array(512 * 1024), 'big.png'),
      onProgress: (percent) => progress.push(percent),
    });
    expectRisingPercentages(progress);
  });

  it("turns the XHR's upload.onprogress events into percentages", async () => {
    const xhrFactory = xhrReporting(computable(4000, [100, 250, 200, 999, 4000]));
    const progress: number[] = [];
    await client({ xhrFactory }).uploadPending({
      file: image('x', 'x.png'),
      validationPresetId: 'post',
      reference: 'r',
      onProgress: (percent) => progress.push(percent),
    });
    expect(progress).toEqual([0, 3, 6, 25, 100]);
  });

  it("a 4xx with {messages}: the service's messages", async () => {
    media.handle((_r, res) =>
      sendJson(res, 400, JSON.stringify({ messages: ['Image below minimum resolution'] })),
    );
    expect(await failureOf(upload())).toMatchObject({
      kind: 'rejected',
      httpStatus: 400,
      messages: ['Image below minimum resolution'],
    });
    media.handle((_r, res) =>
      sendJson(
        res,
        413,
        JSON.stringify({
          messages: ['File exceeds max size of 10485760 bytes', 'Invalid file type'],
        }),
      ),
    );
    const error = await failureOf(upload());
    expect(error.messages).toEqual([
      'File exceeds max size of 10485760 bytes',
      'Invalid file type',
    ]);
  });

  it('any other failed answer: the status text', async () => {
    media.handle((_r, res) => sendJson(res, 413, 'too big'));
    expect(await failureOf(upload())).toMatchObject({
      kind: 'http',
      httpStatus: 413,
      messages: ['Payload Too Large'],
    });
    media.handle((_r, res) => sendJson(res, 500, JSON.stringify({ messages: ['stack trace'] })));
    expect(await failureOf(upload())).toMatchObject({ messages: ['Internal Server Error'] });
    media.handle((_r, res) => sendJson(res, 400, JSON.stringify({ messages: [] })));
    expect(await failureOf(upload())).toMatchObject({ messages: ['Bad Request'] });
    media.handle((_r, res) => {
      res.writeHead(422, 'Unreadable Upload', { 'content-type': 'text/plain' });
      res.end('no');
    });
    expect(await failureOf(upload())).toMatchObject({
      httpStatus: 422,
      messages: ['Unreadable Upload'],
    });
  });

  it("a failed answer without a status text (HTTP/2 has none): 'Upload failed'", async () => {
    media.handle((_r, res) => sendJson(res, 502, ''));
    const xhrFactory = (): XMLHttpRequest => {
      const xhr = new XMLHttpRequest();
      Object.defineProperty(xhr, 'statusText', { get: () => '' });
      return xhr;
    };
    const pending = client({ xhrFactory }).uploadPending({
      file: image('x', 'x.png'),
      validationPresetId: 'post',
      reference: 'r',
    });
    expect(await failureOf(pending)).toMatchObject({
      kind: 'http',
      httpStatus: 502,
      messages: [mediaMessages.uploadFailed],
    });
  });

  it("a 2xx that is not a list with a fileId: 'The media server did not return a valid response'", async () => {
    for (const body of [
      'not json',
      '[]',
      '{"fileId":"p"}',
      '[{"fileId":5,"reference":"r","fileName":"f"}]',
      '[{"fileId":"","reference":"r","fileName":"f"}]',
      '[{"reference":"r","fileName":"f"}]',
    ]) {
      media.handle((_r, res) => sendJson(res, 200, body));
      const error = await failureOf(upload());
      expect(error).toMatchObject({
        kind: 'invalid-response',
        httpStatus: 200,
        messages: ['The media server did not return a valid response'],
      });
    }
  });

  it("no answer at all: 'Upload failed'", async () => {
    media.handle((_r, res) => {
      res.socket?.destroy();
    });
    expect(await failureOf(upload())).toMatchObject({
      kind: 'network',
      httpStatus: null,
      messages: ['Upload failed'],
    });
    baseUrl = '';
    expect(await failureOf(upload())).toMatchObject({ messages: ['Upload failed'] });
  });

  it('an abort rejects with the abort, not a MediaServiceError', async () => {
    media.handle(() => new Promise<void>(() => undefined));
    const controller = new AbortController();
    const pending = upload({ signal: controller.signal });
    await until(() => media.calls().length === 1);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(MediaServiceError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('deletePending and fileUrl', () => {
  it('DELETE DeletePending?fileId= with the api key, no Authorization, no credentials', async () => {
    await expect(client().deletePending('pending 1&2')).resolves.toBeUndefined();
    const sent = only();
    expect([sent.method, sent.url]).toEqual([
      'DELETE',
      '/media/DeletePending?fileId=pending+1%262',
    ]);
    expect(sent.headers['x-api-key']).toBe('media-key-1');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers.cookie).toBeUndefined();
    expect(fetchInits.map((init) => init.credentials)).toEqual(['omit']);
  });

  it('failures: the 4xx messages, the status text, or the generic texts', async () => {
    media.handle((_r, res) => sendJson(res, 404, JSON.stringify({ messages: ['Not found'] })));
    expect(await failureOf(client().deletePending('p'))).toMatchObject({
      kind: 'rejected',
      messages: ['Not found'],
    });
    media.handle((_r, res) => sendJson(res, 503, ''));
    expect(await failureOf(client().deletePending('p'))).toMatchObject({
      kind: 'http',
      messages: ['Service Unavailable'],
    });
    // A busy service (too many images at once) says so in its messages.
    const busy = 'The media service is busy, please try again later.';
    media.handle((_r, res) => sendJson(res, 503, JSON.stringify({ messages: [busy] })));
    expect(await failureOf(client().deletePending('p'))).toMatchObject({
      kind: 'rejected',
      httpStatus: 503,
      messages: [busy],
    });
    media.handle((_r, res) => {
      res.writeHead(500, '');
      res.end();
    });
    expect(await failureOf(client().deletePending('p'))).toMatchObject({
      messages: [GENERIC_ERROR_TEXT],
    });
    media.handle((_r, res) => {
      res.socket?.destroy();
    });
    expect(await failureOf(client().deletePending('p'))).toMatchObject({
      kind: 'network',
      messages: [UNKNOWN_ERROR_TEXT],
    });
  });

  it('fileUrl: files/{fileId} under the base', () => {
    expect(client().fileUrl('abc/1')).toBe(`${media.origin}/media/files/abc%2F1`);
    baseUrl = '/media';
    expect(client({ origin: 'https://givedrop.test' }).fileUrl('f1')).toBe(
      'https://givedrop.test/media/files/f1',
    );
  });
});

describe('checks before an upload', () => {
  const facts = (size: number, type: string, name?: string) => ({
    size,
    type,
    ...(name === undefined ? {} : { name }),
  });

  it('size: not above the preset maximum', () => {
    expect(checkFileAgainstPreset(facts(10_485_760, 'image/png', 'a.png'), postPreset)).toEqual([]);
    expect(checkFileAgainstPreset(facts(10_485_761, 'image/png', 'a.png'), postPreset)).toEqual([
      'File exceeds max size of 10485760 bytes',
    ]);
  });

  it('type: the extension and the mime type must both be in the preset lists', () => {
    const check = (type: string, name?: string) =>
      checkFileAgainstPreset(facts(10, type, name), postPreset);
    expect(check('image/jpeg', 'Photo.JPG')).toEqual([]);
    expect(check('image/png', 'a.png')).toEqual([]);
    expect(check('IMAGE/WEBP', 'a.webp')).toEqual([]);
    expect(check('image/png')).toEqual([]);
    expect(check('image/png', 'a.bmp')).toEqual(['Invalid file type']);
    expect(check('image/png', 'png')).toEqual(['Invalid file type']);
    expect(check('image/png', 'a.')).toEqual(['Invalid file type']);
    expect(check('text/plain', 'a.png')).toEqual(['Invalid file type']);
    expect(check('', 'a.png')).toEqual(['Invalid file type']);
    expect(check('video/mp4', 'a.mp4')).toEqual(['Invalid file type']);
    expect(
      checkFileAgainstPreset(facts(20_000_000, 'application/pdf', 'a.pdf'), postPreset),
    ).toEqual(['File exceeds max size of 10485760 bytes', 'Invalid file type']);
  });

  it('wildcard mime types and an empty extension list', () => {
    expect(checkFileAgainstPreset(facts(10, 'image/heic', 'a.heic'), avatarPreset)).toEqual([]);
    expect(checkFileAgainstPreset(facts(10, 'video/mp4', 'a.mp4'), avatarPreset)).toEqual([
      'Invalid file type',
    ]);
  });

  it('image dimensions: below the minimum, above the maximum, unreadable, or fine', () => {
    expect(checkImageDimensions({ width: 200, height: 200 }, postPreset)).toBeNull();
    expect(checkImageDimensions({ width: 4000, height: 4000 }, postPreset)).toBeNull();
    expect(checkImageDimensions({ width: 6000, height: 3000 }, postPreset)).toBe(
      'Image above maximum resolution of 4000x4000',
    );
    expect(checkImageDimensions({ width: 3000, height: 4001 }, postPreset)).toBe(
      'Image above maximum resolution of 4000x4000',
    );
    expect(checkImageDimensions({ width: 199, height: 800 }, postPreset)).toBe(
      'Image below minimum resolution',
    );
    expect(checkImageDimensions({ width: 800, height: 150 }, postPreset)).toBe(
      'Image below minimum resolution',
    );
    expect(checkImageDimensions({ width: 0, height: 800 }, postPreset)).toBe('Invalid image file');
    expect(checkImageDimensions({ width: Number.NaN, height: 800 }, postPreset)).toBe(
      'Invalid image file',
    );
  });

  it('checkImageFile: the file checks, then the decoded size; undecodable is Invalid image file', async () => {
    const decoded: Blob[] = [];
    const decodeAs = (width: number, height: number) => async (file: Blob) => {
      decoded.push(file);
      return { width, height };
    };
    const file = image('x', 'a.png');
    await expect(checkImageFile(file, postPreset, decodeAs(1080, 720))).resolves.toEqual([]);
    expect(decoded).toEqual([file]);
    await expect(checkImageFile(file, postPreset, decodeAs(100, 720))).resolves.toEqual([
      'Image below minimum resolution',
    ]);
    await expect(
      checkImageFile(file, postPreset, () => Promise.reject(new Error('corrupt'))),
    ).resolves.toEqual(['Invalid image file']);
    decoded.length = 0;
    await expect(
      checkImageFile(image('x', 'a.txt', 'text/plain'), postPreset, decodeAs(1080, 720)),
    ).resolves.toEqual(['Invalid file type']);
    expect(decoded).toEqual([]);
  });

  it('an image cropped first may be above the maximum (the crop scales it down), never below the minimum', async () => {
    const file = image('x', 'a.png');
    const decodeAs = (width: number, height: number) => async () => ({ width, height });
    const cropped = { allowAboveMaximum: true };
    await expect(checkImageFile(file, postPreset, decodeAs(6000, 4500), cropped)).resolves.toEqual(
      [],
    );
    await expect(checkImageFile(file, postPreset, decodeAs(6000, 4500))).resolves.toEqual([
      'Image above maximum resolution of 4000x4000',
    ]);
    await expect(checkImageFile(file, postPreset, decodeAs(6000, 150), cropped)).resolves.toEqual([
      'Image below minimum resolution',
    ]);
    expect(checkImageDimensions({ width: 4001, height: 9000 }, postPreset, cropped)).toBeNull();
    expect(
      checkImageDimensions({ width: 4001, height: 9000 }, postPreset, { allowAboveMaximum: false }),
    ).toBe('Image above maximum resolution of 4000x4000');
    expect(checkImageDimensions({ width: Number.NaN, height: 800 }, postPreset, cropped)).toBe(
      'Invalid image file',
    );
  });
});
