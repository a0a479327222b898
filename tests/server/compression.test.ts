/**
 * Compressed, cacheable delivery (issue 15): the static site sends the brotli or gzip copy the
 * build wrote, as the request's Accept-Encoding prefers, with the same cache headers (index.html,
 * which carries the configuration, is compressed at start-up; the SPA fallback too); API JSON
 * above the threshold is compressed per request, small answers and static files are not;
 * production serves no source maps.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { DEMO_USERS } from '../../server/db/seedData';
import { API_COMPRESSION_THRESHOLD } from '../../server/http/compression';
import { withConfiguration } from '../../server/http/indexPage';
import { apiPaths } from './support/apiPaths';
import { decoded, useSiteDir } from './support/staticSite';
import { useTestApp } from './support/suite';
import { api, bearer, createTestApp, feedRequest, login } from './support/testServer';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const BROWSER = 'gzip, deflate, br, zstd';
const SCRIPT = `${'export const greeting = "hello from the landing chunk";\n'.repeat(60)}`;
const INDEX = `<!doctype html><title>Givedrop</title><div id="root"></div>${'<!-- padding -->'.repeat(40)}`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40)}</svg>`;
const MAP = JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: 'AAAA' });
/** A static JSON file without copies, larger than the API threshold. */
const DATA = JSON.stringify({ rows: Array.from({ length: 200 }, (_, index) => ({ index })) });

/** A built site: index.html and a hashed chunk with both copies, an SVG with gzip only. */
async function makeCompressedSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'givedrop-dist-compressed-'));
  await mkdir(join(dir, 'assets'));
  const withCopies = async (path: string, content: string, encodings: ('br' | 'gz')[]) => {
    await writeFile(join(dir, path), content);
    if (encodings.includes('br'))
      await writeFile(join(dir, `${path}.br`), brotliCompressSync(content));
    if (encodings.includes('gz')) await writeFile(join(dir, `${path}.gz`), gzipSync(content));
  };
  await withCopies('index.html', INDEX, ['br', 'gz']);
  await withCopies('assets/index-abc123.js', SCRIPT, ['br', 'gz']);
  await withCopies('favicon.svg', SVG, ['gz']);
  await writeFile(join(dir, 'assets/index-abc123.js.map'), MAP);
  await writeFile(join(dir, 'data.json'), DATA);
  return dir;
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

const staticDir = useSiteDir(makeCompressedSite);
const { handle, test: site } = useTestApp({ env: () => ({ STATIC_DIR: staticDir() }) });

const get = (url: string, headers: Record<string, string> = {}, app = site.app) =>
  app.inject({ method: 'GET', url, headers });

describe('the static site sends the precompressed copies', () => {
  it('sends brotli when accepted, gzip when only gzip is, the file itself otherwise', async () => {
    const url = '/assets/index-abc123.js';
    const cases: [string | undefined, string | undefined, number][] = [
      [BROWSER, 'br', brotliCompressSync(SCRIPT).length],
      ['gzip;q=1, br;q=0.5', 'gzip', gzipSync(SCRIPT).length],
      ['gzip, deflate', 'gzip', gzipSync(SCRIPT).length],
      ['identity', undefined, Buffer.byteLength(SCRIPT)],
      [undefined, undefined, Buffer.byteLength(SCRIPT)],
    ];
    for (const [acceptEncoding, encoding, length] of cases) {
      const response = await get(
        url,
        acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      );
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['content-length']).toBe(String(length));
      expect(response.rawPayload).toHaveLength(length);
      expect(decoded(response)).toBe(SCRIPT);
      expect(response.headers['cache-control']).toBe(LONG_CACHE);
      expect(varies(response), acceptEncoding).toBe(true);
    }
  });

  it('falls back to the next accepted copy when one is missing', async () => {
    const response = await get('/favicon.svg', { 'accept-encoding': BROWSER });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(SVG);
  });

  it('sends index.html compressed and revalidated, at / and as the SPA fallback', async () => {
    // The build's page with the configuration put in it (indexPage.test.ts).
    const page = withConfiguration(INDEX, (await get('/api/configuration')).json());
    for (const url of ['/', '/index.html', '/feed', '/account/profile?tab=1']) {
      const response = await get(url, { accept: 'text/html', 'accept-encoding': BROWSER });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(varies(response), url).toBe(true);
      expect(decoded(response), url).toBe(page);
    }
    const plain = await get('/feed', { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const response = await site.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(brotliCompressSync(SCRIPT).length));
    expect(response.rawPayload).toHaveLength(0);
  });

  it('revalidates with an ETag of each copy, and answers ranges of the copy sent', async () => {
    const url = '/assets/index-abc123.js';
    const br = await get(url, { 'accept-encoding': 'br' });
    const identity = await get(url);
    const etag = String(br.headers.etag);
    expect(etag).not.toBe('undefined');
    expect(etag).not.toBe(String(identity.headers.etag));
    const notModified = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);

    const range = await get(url, { range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(SCRIPT.slice(0, 10));
    const brRange = await get(url, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(brRange.statusCode).toBe(206);
    expect(brRange.headers['content-encoding']).toBe('br');
    expect(brRange.headers['content-range']).toBe(`bytes 0-9/${brotliCompressSync(SCRIPT).length}`);
  });

  it('does not compress static files per request', async () => {
    const response = await get('/data.json', { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    expect(Buffer.byteLength(DATA)).toBeGreaterThan(API_COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(DATA);
  });
});

describe('source maps', () => {
  const url = '/assets/index-abc123.js.map';

  it('are served outside production', async () => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(MAP);
  });

  it('are not found in production, whatever the request accepts', async () => {
    const production = await createTestApp(handle.db, {
      STATIC_DIR: staticDir(),
      NODE_ENV: 'production',
      CAPTCHA_OPT_OUT: '1',
    });
    const requests: Record<string, string>[] = [
      {},
      { 'accept-encoding': BROWSER },
      { accept: 'text/html,*/*', 'accept-encoding': BROWSER },
    ];
    for (const headers of requests) {
      const response = await get(url, headers, production.app);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('mappings');
      expect(response.body).not.toContain('<div id="root">');
    }
    // The rest of the site is still there.
    const script = await get(
      '/assets/index-abc123.js',
      { 'accept-encoding': 'br' },
      production.app,
    );
    expect(script.statusCode).toBe(200);
    expect(decoded(script)).toBe(SCRIPT);
    await production.app.close();
  });
});

describe('API JSON', () => {
  const feedPage = async (acceptEncoding?: string) => {
    const session = await login(site.app, DEMO_USERS.owner.email);
    return site.app.inject({
      method: 'POST',
      url: api(apiPaths.postsFeedList),
      headers: {
        ...bearer(session.jwtToken),
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
      payload: feedRequest(1),
    });
  };

  it('is compressed above the threshold, as accepted, and decodes to the same envelope', async () => {
    const plain = await feedPage();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD);
    const envelope = plain.json<{ status: number; data: { list: { id: string }[] } }>();
    expect(envelope.status).toBe(ResponseStatus.Ok);
    // The feed's ids, not the whole body: each call answers the same page.
    const ids = envelope.data.list.map((post) => post.id);

    for (const [acceptEncoding, encoding] of [
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await feedPage(acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(varies(response)).toBe(true);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      const body = JSON.parse(decoded(response)) as typeof envelope;
      expect(body.status).toBe(ResponseStatus.Ok);
      expect(body.data.list.map((post) => post.id)).toEqual(ids);
    }
  });

  it('is sent as it is below the threshold', async () => {
    const response = await get(api('health'), { 'accept-encoding': BROWSER });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json<{ status: number }>().status).toBe(ResponseStatus.Ok);
  });
});
