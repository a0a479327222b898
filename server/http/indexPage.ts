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
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
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

interface Built {
  /** index.html's modification time and size when it was read. */
  mtimeMs: number;
  size: number;
  identity: Body;
  encoded: Partial<Record<Encoding, Body>>;
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

async function build(file: string, answer: unknown): Promise<Built> {
  const { mtimeMs, size } = await stat(file);
  const html = withConfiguration(await readFile(file, 'utf8'), answer);
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
  const encoded: Built['encoded'] = {};
  // As the build does: a compressed body that is not smaller is not kept.
  if (br.length < bytes.length) encoded.br = { bytes: br, etag: tagOf(hash, '-br') };
  if (gz.length < bytes.length) encoded.gzip = { bytes: gz, etag: tagOf(hash, '-gz') };
  return { mtimeMs, size, identity: { bytes, etag: tagOf(hash, '') }, encoded };
}

export interface IndexPage {
  /** Builds the page (at start-up; sending builds it too when it has not been). */
  prepare(): Promise<void>;
  /** Sends the page (GET and HEAD), or 304 when the request already has it. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The page of `file` (the build's index.html) with `configurationAnswer()` in it: what GET
 * /api/configuration answers.
 */
export function createIndexPage(
  file: string,
  configurationAnswer: () => Promise<unknown>,
): IndexPage {
  let current: Promise<Built> | null = null;
  const fresh = async (): Promise<Built> => {
    const building = current;
    if (building !== null) {
      try {
        const built = await building;
        const { mtimeMs, size } = await stat(file);
        if (built.mtimeMs === mtimeMs && built.size === size) return built;
      } catch {
        // It failed (index.html missing for a moment, during a build): built again below.
      }
      // Changed or failed: built again, unless another request already started that.
      if (current === building) current = null;
    }
    current ??= configurationAnswer().then((answer) => build(file, answer));
    return current;
  };
  return {
    async prepare() {
      await fresh();
    },
    async send(request, reply) {
      const built = await fresh();
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const body = (encoding && built.encoded[encoding]) ?? built.identity;
      reply
        .header('cache-control', NO_CACHE)
        .header('vary', 'Accept-Encoding')
        .header('etag', body.etag);
      if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
      reply.header('content-type', HTML_TYPE);
      if (body !== built.identity && encoding) reply.header('content-encoding', encoding);
      return reply.send(body.bytes);
    },
  };
}
