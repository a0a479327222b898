/**
 * index.html carries GET /api/configuration's answer (issue 15 item 2: the landing page's first
 * render does not wait for that request): in a data block, escaped, in each compressed copy, at
 * `/`, `/index.html` and on every SPA fallback route, revalidated as before; the endpoint still
 * answers.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { INLINE_CONFIGURATION_ID } from '../../contract/paths';
import {
  preferredEncoding,
  withConfiguration,
  withScriptSource,
} from '../../server/http/indexPage';
import { decoded, useSiteDir } from './support/staticSite';
import { useTestApp } from './support/suite';
import { createTestApp, envelopeOf, type TestApp } from './support/testServer';

const BROWSER = 'gzip, deflate, br, zstd';
const PAGE = [
  '<!doctype html>',
  '<html lang="en-GB">',
  '  <head><title>Givedrop</title></head>',
  '  <body>',
  '    <div id="root"></div>',
  '  </body>',
  '</html>',
  '',
].join('\n');
/** The build's own copies of index.html, without the configuration: never sent. */
const STALE = '<!doctype html><title>stale copy</title>';
/** A value that would end the data block, or hide the rest of the page, if it were not escaped. */
const HOSTILE_URL = 'https://givedrop.example/</script><script>alert(1)</script><!--';

const BLOCK = new RegExp(
  `<script type="application/json" id="${INLINE_CONFIGURATION_ID}">([^]*?)</script>`,
);

async function makeSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'givedrop-dist-index-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), PAGE);
  await writeFile(join(dir, 'index.html.br'), brotliCompressSync(STALE));
  await writeFile(join(dir, 'index.html.gz'), gzipSync(STALE));
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
  return dir;
}

/** The text of the page's configuration block (throws when it has none). */
function blockText(html: string): string {
  const match = BLOCK.exec(html);
  if (!match?.[1]) throw new Error('The page has no configuration block');
  return match[1];
}

const dir = useSiteDir(makeSite);
const { handle, test: site } = useTestApp({
  env: () => ({ STATIC_DIR: dir(), SUPPORT_URL: HOSTILE_URL }),
});

const get = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ method: 'GET', url, headers });

/** GET /api/configuration's body, as the endpoint sends it. */
async function endpointBody(): Promise<string> {
  const response = await get('/api/configuration');
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('the configuration in index.html', () => {
  it('is the answer of GET /api/configuration, which still answers, at / and every fallback', async () => {
    const endpoint = await endpointBody();
    expect(envelopeOf(await get('/api/configuration')).status).toBe(ResponseStatus.Ok);
    for (const url of ['/', '/index.html', '/feed', '/account/profile?tab=1', '/activate/abc']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode, url).toBe(200);
      const text = blockText(response.body);
      expect(JSON.parse(text), url).toEqual(JSON.parse(endpoint));
      // The rest of the page is the build's, the block put before </body>.
      expect(response.body.replace(BLOCK, '').replace(/\n\s*\n/g, '\n'), url).toBe(PAGE);
      expect(response.body.indexOf(BLOCK.source.slice(0, 20))).toBeLessThan(
        response.body.indexOf('</body>'),
      );
    }
  });

  it('is escaped: no value can end the block or open a comment', async () => {
    const html = (await get('/', { accept: 'text/html' })).body;
    const text = blockText(html);
    expect(text).not.toContain('<');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const answer = JSON.parse(text) as { data: { supportUrl: string } };
    expect(answer.data.supportUrl).toBe(HOSTILE_URL);
  });

  it('is sent compressed as accepted, with the page headers of index.html', async () => {
    const cases: [string | undefined, string | undefined][] = [
      [BROWSER, 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      [undefined, undefined],
    ];
    const identity = (await get('/')).body;
    expect(blockText(identity)).toContain('"status":1');
    for (const url of ['/', '/feed']) {
      for (const [acceptEncoding, encoding] of cases) {
        const name = `${url} ${acceptEncoding}`;
        const response = await get(url, {
          accept: 'text/html',
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        });
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['content-encoding'], name).toBe(encoding);
        expect(response.headers['content-type'], name).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control'], name).toBe('no-cache');
        expect(String(response.headers.vary).toLowerCase(), name).toBe('accept-encoding');
        expect(response.headers['content-length'], name).toBe(String(response.rawPayload.length));
        expect(decoded(response), name).toBe(identity);
        expect(response.headers['content-security-policy'], name).toContain("script-src 'self'");
      }
    }
    const br = await get('/', { 'accept-encoding': 'br' });
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(identity));
  });

  it('revalidates: an ETag per encoding, 304 when the request has that copy', async () => {
    const br = await get('/', { 'accept-encoding': 'br' });
    const gzip = await get('/feed', { accept: 'text/html', 'accept-encoding': 'gzip' });
    const plain = await get('/index.html');
    const tags = [br, gzip, plain].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    // The same page answers the same tag at every path.
    expect(
      (await get('/feed', { accept: 'text/html', 'accept-encoding': 'br' })).headers.etag,
    ).toBe(br.headers.etag);

    const [brTag = '', gzipTag = ''] = tags;
    const notModified = await get('/account', {
      accept: 'text/html',
      'accept-encoding': 'br',
      'if-none-match': `"other", W/${brTag}`,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
    expect(notModified.headers.etag).toBe(brTag);
    expect(notModified.headers['cache-control']).toBe('no-cache');
    // Another encoding's tag does not match this one.
    const changed = await get('/', { 'accept-encoding': 'br', 'if-none-match': gzipTag });
    expect(changed.statusCode).toBe(200);
    expect(decoded(changed)).toContain(INLINE_CONFIGURATION_ID);
  });

  it('answers HEAD with the headers of the copy and no body', async () => {
    const full = await get('/', { 'accept-encoding': 'br' });
    const head = await site.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers.etag).toBe(full.headers.etag);
    expect(head.rawPayload).toHaveLength(0);
  });

  it("never sends the build's own copies of index.html, which lack the configuration", async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await get('/index.html', { 'accept-encoding': encoding });
      expect(decoded(response)).not.toContain('stale copy');
      expect(decoded(response)).toContain(INLINE_CONFIGURATION_ID);
    }
    for (const url of ['/index.html.br', '/index.html.gz']) {
      const response = await get(url, { 'accept-encoding': BROWSER });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('stale copy');
    }
  });

  it('is built again when index.html changes on disk (a new build)', async () => {
    const before = (await get('/')).body;
    const rebuilt = PAGE.replace('<title>Givedrop</title>', '<title>Givedrop, rebuilt</title>');
    await writeFile(join(dir(), 'index.html'), rebuilt);
    // A different size and time, as a new build's file has.
    const later = new Date(Date.now() + 60_000);
    await utimes(join(dir(), 'index.html'), later, later);
    const after = await get('/', { 'accept-encoding': 'br' });
    expect(decoded(after)).toContain('<title>Givedrop, rebuilt</title>');
    expect(blockText(decoded(after))).toBe(blockText(before));
    await writeFile(join(dir(), 'index.html'), PAGE);
  });
});

describe('the page without a <body> end tag', () => {
  it('gets the block at its end', () => {
    const html = withConfiguration('<title>Givedrop</title><div id="root"></div>', { a: '<' });
    expect(html).toBe(
      `<title>Givedrop</title><div id="root"></div><script type="application/json" id="${INLINE_CONFIGURATION_ID}">{"a":"\\u003c"}</script>`,
    );
  });
});

describe('the Accept-Encoding preference', () => {
  it('is the highest rated of br and gzip, br on a tie, none when neither is acceptable', () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['', undefined],
      ['br', 'br'],
      ['gzip, br', 'br'],
      ['GZIP', 'gzip'],
      ['gzip;q=0.8, br;q=0.9', 'br'],
      ['br;q=0.2, gzip', 'gzip'],
      ['br;q=0', undefined],
      ['*', 'br'],
      ['*;q=0.5, br;q=0', 'gzip'],
      ['deflate, zstd', undefined],
    ];
    for (const [header, expected] of cases)
      expect(preferredEncoding(header), header).toBe(expected);
  });
});

describe('the landing shell in the page of /', () => {
  const SHELL_PAGE = PAGE.replace(
    '  <head><title>Givedrop</title></head>',
    [
      '  <head><title>Givedrop</title>',
      '    <script type="module" crossorigin src="/assets/index-abc123.js"></script>',
      '    <link rel="modulepreload" crossorigin href="/assets/libs-abc123.js">',
      '    <link rel="modulepreload" crossorigin href="/assets/react-abc123.js">',
      '  </head>',
    ].join('\n'),
  );
  const SHELL = {
    markup:
      '<div id="landing-shell"></div><template id="landing-shell-visitor"><h1>Hi</h1></template>',
    script: 'document.getElementById("landing-shell").textContent = "shown";',
  };
  const hashOf = (script: string) =>
    `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

  let shellDir: string;
  let shellSite: TestApp;
  const shellGet = (url: string, headers: Record<string, string> = {}) =>
    shellSite.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    shellDir = await makeSite();
    await writeFile(join(shellDir, 'index.html'), SHELL_PAGE);
    await mkdir(join(shellDir, '.vite'));
    await writeFile(join(shellDir, '.vite', 'landing-shell.json'), JSON.stringify(SHELL));
    shellSite = await createTestApp(handle.db, { STATIC_DIR: shellDir });
  });
  afterAll(async () => {
    await shellSite.app.close();
    await rm(shellDir, { recursive: true, force: true });
  });

  it('is in the page of / only: its markup and script before #root, the preloads held back', async () => {
    for (const url of ['/', '/?new=guid-1']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const html = decoded(await shellGet(url, { 'accept-encoding': encoding }));
        const root = html.indexOf('<div id="root">');
        expect(html.indexOf(SHELL.markup), url).toBeGreaterThan(-1);
        expect(html.indexOf(`<script>${SHELL.script}</script>`), url).toBeGreaterThan(
          html.indexOf(SHELL.markup),
        );
        expect(html.indexOf(`<script>${SHELL.script}</script>`), url).toBeLessThan(root);
        // Right before #root, and the rest of the page as the build wrote it (less its preloads).
        expect(html, url).toContain(
          `${SHELL.markup}<script>${SHELL.script}</script>\n    <div id="root">`,
        );
        expect(
          html
            .replace(`${SHELL.markup}<script>${SHELL.script}</script>\n    `, '')
            .replace(BLOCK, '')
            .replace(/\n\s*\n/g, '\n')
            .replaceAll('data-landing-preload="modulepreload"', 'rel="modulepreload"'),
          url,
        ).toBe(SHELL_PAGE);
        expect(html, url).not.toContain('rel="modulepreload"');
        expect(
          html.match(/<link data-landing-preload="modulepreload" crossorigin href=/g),
          url,
        ).toHaveLength(2);
        // The entry script and the configuration are as in every page.
        expect(html, url).toContain('src="/assets/index-abc123.js"');
        expect(blockText(html), url).toContain('"status":1');
      }
    }
    for (const url of ['/index.html', '/feed', '/login', '/account/profile']) {
      const html = decoded(await shellGet(url));
      expect(html, url).not.toContain('landing-shell');
      expect(html.match(/rel="modulepreload"/g), url).toHaveLength(2);
      expect(html.replace(BLOCK, '').replace(/\n\s*\n/g, '\n'), url).toBe(SHELL_PAGE);
    }
  });

  it("allows exactly the shell's script in the Content-Security-Policy of /, nothing inline elsewhere", async () => {
    const landing = await shellGet('/');
    const policy = String(landing.headers['content-security-policy']);
    const scriptSrc = policy
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${hashOf(SHELL.script)}`);
    // The rest of the policy is the site's.
    const other = await shellGet('/feed');
    const otherPolicy = String(other.headers['content-security-policy']);
    expect(otherPolicy).not.toContain('sha256-');
    expect(policy.replace(` ${hashOf(SHELL.script)}`, '')).toBe(otherPolicy);
  });

  it('revalidates / on its own tags, and is built again when the shell changes (a new build)', async () => {
    const landing = await shellGet('/', { 'accept-encoding': 'br' });
    const other = await shellGet('/feed', { 'accept-encoding': 'br' });
    expect(landing.headers.etag).not.toBe(other.headers.etag);
    expect(
      (
        await shellGet('/', {
          'accept-encoding': 'br',
          'if-none-match': String(landing.headers.etag),
        })
      ).statusCode,
    ).toBe(304);
    const changed = { ...SHELL, script: 'document.title = "changed shell";' };
    const file = join(shellDir, '.vite', 'landing-shell.json');
    await writeFile(file, JSON.stringify(changed));
    const later = new Date(Date.now() + 60_000);
    await utimes(file, later, later);
    const after = await shellGet('/', { 'accept-encoding': 'br' });
    expect(decoded(after)).toContain(`<script>${changed.script}</script>`);
    expect(String(after.headers['content-security-policy'])).toContain(hashOf(changed.script));
    expect(after.headers.etag).not.toBe(landing.headers.etag);
    await writeFile(file, JSON.stringify(SHELL));
  });

  it('is left out when the shell file is not one (a script that would end its element, or no markup)', async () => {
    const file = join(shellDir, '.vite', 'landing-shell.json');
    for (const [index, bad] of [
      JSON.stringify({ markup: SHELL.markup, script: 'x = "</script><script>alert(1)"' }),
      JSON.stringify({ script: SHELL.script }),
      'not json',
    ].entries()) {
      await writeFile(file, bad);
      const later = new Date(Date.now() + 120_000 + index * 1_000);
      await utimes(file, later, later);
      const response = await shellGet('/');
      expect(response.statusCode, bad).toBe(200);
      expect(response.body, bad).not.toContain('landing-shell');
      expect(String(response.headers['content-security-policy']), bad).not.toContain('sha256-');
    }
    await writeFile(file, JSON.stringify(SHELL));
  });
});

describe("a script's source in a Content-Security-Policy", () => {
  it('is added to script-src wherever it is, and nowhere else', () => {
    const source = "'sha256-abc='";
    expect(withScriptSource("script-src 'self'", source)).toBe(`script-src 'self' ${source}`);
    expect(
      withScriptSource(
        "default-src 'self';script-src 'self' https://x.example;img-src 'self'",
        source,
      ),
    ).toBe(`default-src 'self';script-src 'self' https://x.example ${source};img-src 'self'`);
    // script-src-elem is another directive; a policy without script-src is left as it is.
    expect(withScriptSource("default-src 'self'; script-src-elem 'self'", source)).toBe(
      "default-src 'self'; script-src-elem 'self'",
    );
  });
});
