/**
 * The media service's calls (spec §7.2 Media service), each with the access it requires. The
 * media service is a service of its own: under its own base URL (configuration
 * mediaServiceApiBaseUrl), keyed by the client API key in {@link MEDIA_API_KEY_HEADER}, answering
 * plain JSON (`{ messages }` on refusal) and files rather than the API's envelopes, with
 * multipart uploads. So it is not an {@link endpoint} of the API; but like one, every call
 * declares its access here, and the server registers each through its helper from this table
 * (server/media/plugin.ts), so a new call cannot be added without saying who may make it.
 */
import { MEDIA_API_KEY_HEADER, mediaPaths } from '../media';

export { MEDIA_API_KEY_HEADER };

/** `mediaKey`: the client API key must come in its header; `public`: anyone (an <img> loads it). */
export type MediaAccess = 'mediaKey' | 'public';

export interface MediaServiceCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Under the media service's base URL; `:name` is a path parameter. */
  path: string;
  access: MediaAccess;
}

export const mediaServiceCalls = {
  /** GET ValidationPresets/{id}: the preset's rules. */
  validationPreset: {
    method: 'GET',
    path: `${mediaPaths.validationPreset}:id`,
    access: 'mediaKey',
  },
  /** POST UploadPending (multipart): a pending upload. */
  uploadPending: { method: 'POST', path: mediaPaths.uploadPending, access: 'mediaKey' },
  /** DELETE DeletePending?fileId=: withdraws a pending upload. */
  deletePending: { method: 'DELETE', path: mediaPaths.deletePending, access: 'mediaKey' },
  /** GET files/{fileId}: a confirmed file, public so that <img> and <video> load it. */
  file: { method: 'GET', path: `${mediaPaths.files}:fileId`, access: 'public' },
} as const satisfies Record<string, MediaServiceCall>;

export const allMediaServiceCalls: readonly MediaServiceCall[] = Object.values(mediaServiceCalls);
