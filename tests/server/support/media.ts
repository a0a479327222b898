/**
 * Helpers for the media service tests: multipart bodies, images made with sharp, and uploads
 * with the configuration's API key.
 */
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import type { Configuration } from '../../../contract/configuration';
import { MEDIA_API_KEY_HEADER, mediaPaths, type PendingUpload } from '../../../contract/media';
import { envelopeOf } from './testServer';

export const MEDIA = '/media';
export const mediaUrl = (path: string) => `${MEDIA}/${path}`;

export interface FilePart {
  fileName: string;
  contentType: string;
  data: Buffer;
  /** Form field name (default 'file'). */
  field?: string;
}

/** A multipart/form-data body with `fields` first, then `files` (as the client sends them). */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----givedrop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.fileName}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function mediaApiKey(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/configuration' });
  return (envelopeOf(response).data as Configuration).mediaServiceClientApiKey;
}

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A picture of `width` x `height` (a gradient, so it is not trivially compressible). */
export async function makeImage(
  format: ImageFormat,
  width: number,
  height: number,
  transform?: (image: Sharp) => Sharp,
): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="#1b4965"/>` +
    `<stop offset="1" stop-color="#f48c06"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return (transform ? transform(image) : image).toFormat(format).toBuffer();
}

export const mimeOf: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * A PNG that claims `width` x `height` in its header but holds the pixels of a tiny image: a
 * decompression bomb's header (the pixel flood is refused before decoding).
 */
export async function pixelFloodPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makeImage('png', 8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export interface UploadOptions {
  presetId?: string;
  reference?: string;
  fileTransformationPresetId?: string;
  apiKey?: string | null;
}

export function upload(
  app: FastifyInstance,
  apiKey: string,
  file: FilePart | undefined,
  options: UploadOptions = {},
): Promise<LightMyRequestResponse> {
  const fields: Record<string, string> = {};
  if (options.presetId !== '') fields.validationPresetId = options.presetId ?? 'post';
  if (options.fileTransformationPresetId !== undefined) {
    fields.fileTransformationPresetId = options.fileTransformationPresetId;
  }
  fields.reference = options.reference ?? 'post-media';
  const body = multipart(fields, file === undefined ? [] : [file]);
  const key = options.apiKey === undefined ? apiKey : options.apiKey;
  return app.inject({
    method: 'POST',
    url: mediaUrl(mediaPaths.uploadPending),
    headers: { ...body.headers, ...(key === null ? {} : { [MEDIA_API_KEY_HEADER]: key }) },
    payload: body.payload,
  });
}

/** Uploads a real image for the post preset and returns the pending upload. */
export async function uploadPostImage(
  app: FastifyInstance,
  apiKey: string,
  width = 1600,
  height = 1200,
  presetId = 'post',
): Promise<PendingUpload> {
  const data = await makeImage('jpeg', width, height);
  const response = await upload(
    app,
    apiKey,
    { fileName: 'photo.jpg', contentType: 'image/jpeg', data },
    { presetId },
  );
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  const [first] = response.json<PendingUpload[]>();
  if (first === undefined) throw new Error('upload answered no file');
  return first;
}
