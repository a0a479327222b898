/**
 * `npm run bench:wire [-- CHECKOUT]`: the bytes on the wire of the landing page (issue 15). It
 * starts the real server of CHECKOUT (default: this one; another worktree measures another
 * commit) on a fresh temporary data directory, serving that checkout's built dist/ (run
 * `npm run build` there first), and in Chromium loads `/` signed out, in a fresh profile, until
 * the network is idle; then loads it again in the same profile (a repeat visit, with the cache).
 *
 * For each visit it prints every response (status, Content-Encoding, encoded body bytes, bytes on
 * the wire with the headers), and the totals of all responses and of the JavaScript alone.
 * Bytes are Chromium's own count (CDP); a response served from the browser's cache counts 0.
 * Chromium is driven over plain HTTP on 127.0.0.1 (it still offers br there).
 *
 * It prints figures; it is not a test. Options (environment): CHROMIUM_PATH (/usr/bin/chromium),
 * BENCH_KEEP_DATA=1 to keep the data directory.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs } from '../playwright.config';
import { finishBench, freePort, startServer, waitForServer } from './benchServer';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Row {
  path: string;
  status: number;
  type: string;
  encoding: string;
  /** Bytes received for the whole response, headers included (0: from the cache). */
  wire: number;
  /** Of which the (encoded) body. */
  body: number;
}

interface Visit {
  rows: Row[];
  acceptEncoding: string;
}

const isScript = (row: Row) => row.type === 'Script' || /\.m?js$/.test(row.path);
const sum = (rows: Row[], of: (row: Row) => number) =>
  rows.reduce((total, row) => total + of(row), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const headerOf = (headers: Record<string, unknown>, name: string) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * Loads `url` in a new page of `context` until the network is idle. The bytes are Chromium's
 * (CDP Network.loadingFinished's encodedDataLength: what came over the connection for the
 * response, headers included; less the headers' share, Network.responseReceived's).
 */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const rows = new Map<string, Row>();
  const headerBytes = new Map<string, number>();
  let acceptEncoding = '';
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    const header = headerOf(event.headers, 'accept-encoding');
    if (acceptEncoding === '' && typeof header === 'string') acceptEncoding = header;
  });
  cdp.on('Network.responseReceived', (event) => {
    const { response } = event;
    // data: URLs (the sample images) never go over the wire.
    if (!/^https?:/.test(response.url)) return;
    const encoding = headerOf(response.headers, 'content-encoding');
    rows.set(event.requestId, {
      path: new URL(response.url).pathname,
      status: response.status,
      type: event.type,
      encoding: typeof encoding === 'string' ? encoding : 'identity',
      wire: 0,
      body: 0,
    });
    headerBytes.set(event.requestId, response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const row = rows.get(event.requestId);
    if (row === undefined) return;
    row.wire = event.encodedDataLength;
    row.body = Math.max(0, event.encodedDataLength - (headerBytes.get(event.requestId) ?? 0));
  });
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return { rows: [...rows.values()], acceptEncoding };
}

function report(title: string, { rows, acceptEncoding }: Visit): void {
  console.log(`\n${title} (Accept-Encoding: ${acceptEncoding || 'none'})`);
  const width = Math.max(...rows.map((row) => row.path.length));
  console.log(
    `  ${'path'.padEnd(width)}  ${'status'}  ${'encoding'.padEnd(8)}  ${'body'.padStart(8)}  ${'wire'.padStart(8)}`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.path.padEnd(width)}  ${String(row.status).padStart(6)}  ${row.encoding.padEnd(8)}  ${String(row.body).padStart(8)}  ${String(row.wire).padStart(8)}`,
    );
  }
  const scripts = rows.filter(isScript);
  console.log(
    `  Total: ${rows.length} responses, ${kb(sum(rows, (row) => row.wire))} on the wire ` +
      `(bodies ${kb(sum(rows, (row) => row.body))}); ` +
      `JavaScript: ${scripts.length} files, ${kb(sum(scripts, (row) => row.wire))} ` +
      `(bodies ${kb(sum(scripts, (row) => row.body))})`,
  );
}

async function main(): Promise<void> {
  const checkout = resolve(process.argv[2] ?? '.');
  const staticDir = join(checkout, 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`No build in ${staticDir}: run npm run build there first.`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'givedrop-bench-wire-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port, { STATIC_DIR: staticDir }, checkout);
  try {
    await waitForServer(base, server);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      console.log(`Landing page of ${checkout}, signed out`);
      report('First visit', await visit(context, `${base}/`));
      report('Repeat visit', await visit(context, `${base}/`));
    } finally {
      await browser.close();
    }
  } finally {
    await finishBench(server, dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
