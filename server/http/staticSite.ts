/**
 * Serves the built SPA from STATIC_DIR: fingerprinted /assets/* are cached for a year, everything
 * else (index.html first) must be revalidated. Unknown GETs that accept HTML and are not API calls
 * get index.html so client-side routes work on reload.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file
 * (vite.config.ts); @fastify/static's `preCompressed` sends the copy the request's
 * Accept-Encoding prefers (br, then gzip, then the file itself), with `Vary: Accept-Encoding`,
 * the file's Content-Type, the copy's Content-Length and ETag, and the same Cache-Control. Nothing
 * is compressed per request here. The build's source maps are not served in production.
 */
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

const INDEX = 'index.html';
const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

export interface StaticSite {
  root: string;
  /** Whether the build's source maps (`*.map`) are served: outside production only. */
  sourceMaps: boolean;
}

/** The site to serve, when `staticDir` holds a built SPA. */
export function findStaticSite(
  staticDir: string,
  { production }: { production: boolean },
): StaticSite | undefined {
  if (staticDir === '') return undefined;
  const root = resolve(staticDir);
  return existsSync(resolve(root, INDEX)) ? { root, sourceMaps: !production } : undefined;
}

function cacheControlFor(root: string, path: string): string {
  return path.startsWith(`${root}${sep}assets${sep}`) ? LONG_CACHE : NO_CACHE;
}

const isSourceMap = (path: string) => path.endsWith('.map');

/** Options of @fastify/static for the site (registered on the root so the 404 handler can sendFile). */
export function staticSiteOptions(site: StaticSite): FastifyStaticOptions {
  return {
    root: site.root,
    index: INDEX,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
    ...(site.sourceMaps ? {} : { allowedPath: (path: string) => !isSourceMap(path) }),
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(site.root, path));
    },
  };
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Whether the path of `url` is one of `prefixes` or under one of them. */
export function isUnderPrefix(url: string, prefixes: readonly string[]): boolean {
  const path = pathOf(url);
  return prefixes.some((prefix) => isUnder(path, prefix));
}

/** Whether a not-found request should get the SPA's index.html. */
export function wantsSpaFallback(request: FastifyRequest, apiPrefixes: string[]): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isUnderPrefix(request.url, apiPrefixes)) return false;
  // A browser's developer tools ask for a source map, never a page.
  if (isSourceMap(pathOf(request.url))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export function sendSpaIndex(reply: FastifyReply) {
  return reply.header('cache-control', NO_CACHE).sendFile(INDEX);
}
