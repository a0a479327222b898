/**
 * Serves the built SPA from STATIC_DIR: fingerprinted /assets/* are cached for a year, everything
 * else (index.html first) must be revalidated. Unknown GETs that accept HTML and are not API calls
 * get index.html so client-side routes work on reload. index.html itself (at `/`, `/index.html`
 * and as that fallback) is sent by indexPage.ts, with the configuration in it.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy next to every compressible file
 * (vite.config.ts); @fastify/static's `preCompressed` sends the copy the request's
 * Accept-Encoding prefers (br, then gzip, then the file itself), with `Vary: Accept-Encoding`,
 * the file's Content-Type, the copy's Content-Length and ETag, and the same Cache-Control. Nothing
 * is compressed per request here. The build's source maps are not served in production.
 */
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createIndexPage, type IndexPage } from './indexPage';

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
/** The build's index.html and its copies, which indexPage.ts replaces. */
const isIndexFile = (path: string) => /^\/index\.html(?:\.br|\.gz)?$/.test(path);

/** Options of @fastify/static for the site's files but index.html. */
export function staticSiteOptions(site: StaticSite): FastifyStaticOptions {
  return {
    root: site.root,
    index: false,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
    allowedPath: (path: string) => !isIndexFile(path) && (site.sourceMaps || !isSourceMap(path)),
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(site.root, path));
    },
  };
}

/**
 * Serves the site: its files by @fastify/static, and index.html, with the configuration that
 * `configurationAnswer` gives (GET /api/configuration's answer) in it, at `/` and `/index.html`.
 * Answers the page, for the SPA fallback (and built at start-up).
 */
export function serveStaticSite(
  app: FastifyInstance,
  site: StaticSite,
  configurationAnswer: () => Promise<unknown>,
): IndexPage {
  const page = createIndexPage(resolve(site.root, INDEX), configurationAnswer);
  app.register(fastifyStatic, staticSiteOptions(site));
  // Routes of their own: find-my-way prefers them to the static files' wildcard.
  // `/` is the landing page's, which carries the start-up shell (any query: `/?new=…` too).
  app.get('/', (request, reply) => page.send(request, reply, { landing: true }));
  app.get(`/${INDEX}`, (request, reply) => page.send(request, reply));
  app.addHook('onReady', () => page.prepare());
  return page;
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
