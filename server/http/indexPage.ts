/**
 * The SPA's index.html, served with a copy of the configuration in it (issue 15 item 2: the
 * landing page's first render should not wait for a round trip).
 *
 * GET /api/configuration (spec §7.2) stays where the configuration comes from, and still answers
 * as before: this is an optimisation of the same data, not a second source. The page carries that
 * endpoint's answer, the same JSON, in a data block before `</body>`:
 * `<script type="application/json" id="givedrop-configuration">…</script>`. The app validates it
 * exactly as it validates the fetched answer and uses it instead of making the request; when it
 * is missing (Vite's dev server, tests) or invalid, the app requests GET /api/configuration. A
 * data block is never executed, so the Content-Security-Policy (scripts from 'self' only) needs
 * no change. Every `<` in the JSON is written `\u003c` (the same string to JSON.parse), so no
 * value can end the block (`</script>`) or open a comment (`<!--`) in it.
 *
 * The configuration is the same for every request, so the page is built once, at start-up, with
 * its brotli (quality 11) and gzip (level 9) bodies in memory; it is built again only when
 * index.html changes on disk (a new build, as @fastify/static would have served it). It is sent
 * as the build's precompressed copies were (staticSite.ts): the encoding the request's
 * Accept-Encoding prefers (br, then gzip, then none), `Vary: Accept-Encoding`, `Cache-Control:
 * no-cache` (revalidated on every use), and an ETag per encoding, with 304 on If-None-Match.
 *
 * The page of `/` also carries the landing page's start-up shell (src/app/landingShell/shellDom.ts)
 * when the build wrote one (dist/.vite/landing-shell.json, scripts/landing-shell.ts): its markup
 * and its inline script go before `#root`, and that response's Content-Security-Policy allows the
 * script by its hash (`'sha256-…'` added to script-src), nothing else inline. Every other path
 * gets the page without it: the shell is the top of the home, and only `/` shows the home first.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INLINE_CONFIGURATION_ID } from '../../contract/paths';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const HTML_TYPE = 'text/html; charset=utf-8';
const NO_CACHE = 'no-cache';

type Encoding = 'br' | 'gzip';
/** The encodings sent, in the order preferred when the request rates them equally. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];

interface Body {
  bytes: Buffer;
  etag: string;
}

interface Variant {
  identity: Body;
  encoded: Partial<Record<Encoding, Body>>;
}

interface Built {
  /** index.html's and the shell's modification times and sizes when they were read. */
  stamp: string;
  page: Variant;
  /** The page of `/`, with the landing shell, and its script's CSP source; null without one. */
  landing: { variant: Variant; scriptSource: string } | null;
}

/** Where the build writes the landing shell (scripts/landing-shell.ts), under dist/ (not served). */
export const LANDING_SHELL_FILE = '.vite/landing-shell.json';

/** The landing shell the build writes (scripts/landing-shell.ts). */
export interface LandingShell {
  /** The style, the empty shell and its templates. */
  markup: string;
  /** The inline script (its text, without the element). */
  script: string;
}

/** The CSP source that allows an inline script of exactly `script`. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * `html` with the shell's markup and script before its `#root`, and its module preloads held
 * back: `rel="modulepreload"` written `data-landing-preload="modulepreload"`, which the shell's
 * script turns back into preloads once the shell has been painted
 * (src/app/landingShell/shellDom.ts).
 */
export function withLandingShell(html: string, shell: LandingShell): string {
  const page = html.replace(
    /<link rel="modulepreload"/g,
    '<link data-landing-preload="modulepreload"',
  );
  const root = page.indexOf('<div id="root">');
  if (root === -1) throw new Error('index.html has no <div id="root">');
  return `${page.slice(0, root)}${shell.markup}<script>${shell.script}</script>\n    ${page.slice(root)}`;
}

/** `policy` (a Content-Security-Policy) with `source` added to its script-src. */
export function withScriptSource(policy: string, source: string): string {
  return policy.replace(/(^|;)(\s*script-src(?=[\s;]|$)[^;]*)/, `$1$2 ${source}`);
}

/** The build's shell file, or null when it is not one (left out of the page, not a failure). */
function parseShell(text: string): LandingShell | null {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { markup, script } = value as Record<string, unknown>;
  if (typeof markup !== 'string' || typeof script !== 'string') return null;
  if (script.includes('</script')) return null;
  return { markup, script };
}

/** `json` as the text of a data block: every `<` escaped, so nothing in it can end the block. */
export function dataBlockText(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** The page with the configuration's data block put before `</body>` (at the end without one). */
export function withConfiguration(html: string, answer: unknown): string {
  const block =
    `<script type="application/json" id="${INLINE_CONFIGURATION_ID}">` +
    `${dataBlockText(JSON.stringify(answer))}</script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${block}` : `${html.slice(0, end)}${block}\n  ${html.slice(end)}`;
}

/**
 * The encoding to send for `header` (an Accept-Encoding value): of br and gzip, the one with the
 * highest quality above 0 (br on a tie; `*` rates those not named), else none.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (header === undefined) return undefined;
  const rated = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((item) => item.trim());
    if (name === '') continue;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    if (!Number.isNaN(quality)) rated.set(name, quality);
  }
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const encoding of ENCODINGS) {
    const quality = rated.get(encoding) ?? rated.get('*') ?? 0;
    if (quality > bestQuality) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

/** Whether If-None-Match `header` names `etag` (weak comparison, as RFC 9110 asks for it). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === etag);
}

function tagOf(hash: string, suffix: string): string {
  return `"${hash}${suffix}"`;
}

async function variantOf(html: string): Promise<Variant> {
  const bytes = Buffer.from(html, 'utf8');
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: 9 }),
  ]);
  const encoded: Variant['encoded'] = {};
  // As the build does: a compressed body that is not smaller is not kept.
  if (br.length < bytes.length) encoded.br = { bytes: br, etag: tagOf(hash, '-br') };
  if (gz.length < bytes.length) encoded.gzip = { bytes: gz, etag: tagOf(hash, '-gz') };
  return { identity: { bytes, etag: tagOf(hash, '') }, encoded };
}

/** index.html's and the shell file's modification times and sizes ('-' for a missing file). */
async function stampOf(file: string, shellFile: string): Promise<string> {
  const page = await stat(file);
  const shell = await stat(shellFile).catch(() => null);
  return [page.mtimeMs, page.size, shell?.mtimeMs ?? '-', shell?.size ?? '-'].join(' ');
}

async function build(file: string, shellFile: string, answer: unknown): Promise<Built> {
  const stamp = await stampOf(file, shellFile);
  const html = withConfiguration(await readFile(file, 'utf8'), answer);
  const shellText = await readFile(shellFile, 'utf8').catch(() => null);
  const shell = shellText === null ? null : parseShell(shellText);
  return {
    stamp,
    page: await variantOf(html),
    landing:
      shell === null
        ? null
        : {
            variant: await variantOf(withLandingShell(html, shell)),
            scriptSource: scriptHashSource(shell.script),
          },
  };
}

export interface IndexPage {
  /** Builds the page (at start-up; sending builds it too when it has not been). */
  prepare(): Promise<void>;
  /**
   * Sends the page (GET and HEAD), or 304 when the request already has it; `landing`: the page of
   * `/`, with the landing shell when the build wrote one.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    options?: { landing?: boolean },
  ): Promise<FastifyReply>;
}

/**
 * The page of `file` (the build's index.html) with `configurationAnswer()` in it: what GET
 * /api/configuration answers; at `/`, with the landing shell of `shellFile` when there is one.
 */
export function createIndexPage(
  file: string,
  configurationAnswer: () => Promise<unknown>,
  shellFile: string = join(dirname(file), LANDING_SHELL_FILE),
): IndexPage {
  let current: Promise<Built> | null = null;
  const fresh = async (): Promise<Built> => {
    const building = current;
    if (building !== null) {
      try {
        const built = await building;
        if (built.stamp === (await stampOf(file, shellFile))) return built;
      } catch {
        // It failed (index.html missing for a moment, during a build): built again below.
      }
      // Changed or failed: built again, unless another request already started that.
      if (current === building) current = null;
    }
    current ??= configurationAnswer().then((answer) => build(file, shellFile, answer));
    return current;
  };
  return {
    async prepare() {
      await fresh();
    },
    async send(request, reply, options = {}) {
      const built = await fresh();
      const landing = options.landing === true ? built.landing : null;
      const variant = landing?.variant ?? built.page;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const body = (encoding && variant.encoded[encoding]) ?? variant.identity;
      if (landing !== null) {
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') {
          reply.header('content-security-policy', withScriptSource(policy, landing.scriptSource));
        }
      }
      reply
        .header('cache-control', NO_CACHE)
        .header('vary', 'Accept-Encoding')
        .header('etag', body.etag);
      if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
      reply.header('content-type', HTML_TYPE);
      if (body !== variant.identity && encoding) reply.header('content-encoding', encoding);
      return reply.send(body.bytes);
    },
  };
}
