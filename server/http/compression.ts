/**
 * Per-request compression of the API's JSON answers, by @fastify/compress: an answer of at least
 * API_COMPRESSION_THRESHOLD bytes is sent with brotli or gzip, whichever the request's
 * Accept-Encoding prefers, with `Vary: Accept-Encoding`; a request that accepts neither (or sends
 * no Accept-Encoding) gets it as it is.
 *
 * Only routes under the API prefixes (the API, the configuration, the media service) and only
 * JSON: the static site sends the copies the build compressed (staticSite.ts), the media
 * service's files are images sent as they are (with their length), and nothing else is touched.
 * Request bodies are not decompressed (uploads and JSON payloads are read as before).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isUnderPrefix } from './staticSite';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_THRESHOLD = 1024;
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

export function installApiCompression(app: FastifyInstance, apiPrefixes: readonly string[]): void {
  // Added now, this hook runs before the plugin's own onRoute hook (added when it loads), for
  // every route registered after it: the routes outside the API opt out.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !isUnderPrefix(route.url, apiPrefixes)) {
      route.compress = false;
    }
  });
  app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: API_COMPRESSION_THRESHOLD,
    customTypes: JSON_TYPE,
  });
}
