/**
 * `npm run bench:feed`: the feed benchmark of issue 4. It seeds 10,000 posts (beside the demo
 * data) into a fresh temporary data directory, starts the real server on it (`server/main.ts`
 * in a child process, serving the built SPA from dist/ when there is one), then
 *
 * 1. times single cold requests of page 1 and page 500 on the fresh server;
 * 2. in Chromium, signs in as a demo user and scrolls the feed to its end, printing the most DOM
 *    elements present at any time, the JS heap at the start and the end, the longest task and the
 *    pages loaded (skipped, with a note, when dist/ has no build: run `npm run build` first). The
 *    sign-in is typed and clicked with real input events, not through Playwright's selector
 *    engine, whose first evaluation in the page (a script of its own, 35-60 ms on a slow machine)
 *    would be counted as a long task of the app's start-up;
 * 3. measures POST /api/posts/feedList under 50 concurrent keep-alive connections: requests per
 *    second and latency percentiles for page 1, page 500, and readers scrolling page after page;
 *    then the same on a server without the feed's page memory (FEED_PAGE_MEMORY=0), where every
 *    request reads the database.
 *
 * It prints figures; it is not a timed test. Options (environment): BENCH_DATABASE_URL (an empty
 * PostgreSQL database to seed and serve from, instead of PGlite in the data directory; the server
 * then listens for other processes' notices and catches up with them before using its memory),
 * BENCH_POSTS (10000),
 * BENCH_CONNECTIONS (50), BENCH_SECONDS per load run (10), BENCH_BROWSER=0 to skip Chromium,
 * CHROMIUM_PATH (/usr/bin/chromium), BENCH_KEEP_DATA=1 to keep the data directory.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Page } from 'playwright-core';
import { postEndpoints } from '../contract/endpoints/posts';
import { chromiumArgs } from '../playwright.config';
import { SEED_POST_COUNT, seedManyPosts } from '../server/db/seedContent';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/db/seedData';
import {
  feedPageRequest,
  finishBench,
  freePort,
  postApi,
  seedBench,
  signIn,
  startServer,
  stopServer,
  waitForServer,
} from './benchServer';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const BROWSER = process.env.BENCH_BROWSER !== '0';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STATIC_DIR = resolve('dist');
const PAGE_SIZE = 20;
const END_TEXT = "You've seen all the posts, thanks for your attention.";
const BENCH_USER = DEMO_USERS.member;
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;

/** The demo data and POSTS more posts, in a fresh data directory; answers the seconds taken. */
async function seed(dataDir: string): Promise<number> {
  let seconds = 0;
  await seedBench(dataDir, DATABASE_URL, async (db) => {
    const started = performance.now();
    await seedManyPosts(db, { count: POSTS });
    seconds = (performance.now() - started) / 1000;
  });
  return seconds;
}

/** The benchmark's server: it serves the built SPA from dist/ when there is one. */
const startFeedServer = (dataDir: string, port: number, env: Record<string, string> = {}) =>
  startServer(dataDir, port, {
    STATIC_DIR: existsSync(join(STATIC_DIR, 'index.html')) ? STATIC_DIR : '',
    ...(DATABASE_URL === undefined ? {} : { DATABASE_URL }),
    ...env,
  });

/** One feedList request over `agent`; resolves with the status code once the body is read. */
async function postFeed(agent: http.Agent, base: URL, token: string, page: number) {
  return (
    await postApi(agent, base, token, postEndpoints.feedList.path, feedPageRequest(page, PAGE_SIZE))
  ).status;
}

interface LoadFigures {
  name: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * CONNECTIONS clients sending feedList back to back for WARM_UP_SECONDS + SECONDS; figures over
 * the last SECONDS. `pageFor(client, n)` is the page of a client's nth request.
 */
async function load(
  name: string,
  base: URL,
  token: string,
  pageFor: (client: number, n: number) => number,
): Promise<LoadFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const measureFrom = performance.now() + WARM_UP_SECONDS * 1000;
  const end = measureFrom + SECONDS * 1000;
  const client = async (index: number) => {
    for (let n = 0; performance.now() < end; n += 1) {
      const started = performance.now();
      const status = await postFeed(agent, base, token, pageFor(index, n)).catch(() => 0);
      if (started < measureFrom) continue;
      if (status === 200) latencies.push(performance.now() - started);
      else errors += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => client(index)));
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / SECONDS,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
  };
}

/** Pages 1..n in a loop, each client starting at its own place in the feed. */
const scrolling = (totalPages: number) => (client: number, n: number) =>
  ((Math.floor((client * totalPages) / CONNECTIONS) + n) % totalPages) + 1;

async function singleRequest(base: URL, token: string, page: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: false });
  const started = performance.now();
  const status = await postFeed(agent, base, token, page);
  if (status !== 200) throw new Error(`feedList page ${page}: ${status}`);
  return performance.now() - started;
}

export interface LongTasks {
  longest: number;
  count: number;
  /** Each task over 50 ms: its length and how far down the feed it came ('93 ms near post 4,020'). */
  tasks: string[];
  /** The scripts of the longest animation frame (Long Animation Frames API), for a lead. */
  worstFrame: string;
  /**
   * Tasks over 50 ms that began before any of the page's own scripts could run: the browser
   * committing the navigation (this observer is installed inside that task). Listed apart, not
   * counted in `longest`: no code of the app runs in them.
   */
  navigation: string[];
  taskTimes: [number, number][];
  frames: { start: number; end: number; text: string }[];
}

export interface BrowserFigures {
  maxDomElements: number;
  heapStartMb: number;
  heapEndMb: number;
  /** Tasks over 50 ms while the app loaded and signed in, and while scrolling. */
  loadTasks: LongTasks;
  scrollTasks: LongTasks;
  pagesLoaded: number;
  postsShown: number;
  reachedEnd: boolean;
  seconds: number;
}

interface BenchWindow {
  __bench: LongTasks;
  gc?: () => void;
}

/** Installed before the app's scripts: the longest task seen (the Long Tasks API, > 50 ms). */
function observeLongTasks() {
  const bench = {
    longest: 0,
    count: 0,
    tasks: [] as string[],
    worstFrame: '',
    worstFrameMs: 0,
    navigation: [] as string[],
    /** Where each task of `tasks` began and ended, and the long animation frames seen. */
    taskTimes: [] as [number, number][],
    frames: [] as { start: number; end: number; text: string }[],
  };
  (window as unknown as BenchWindow).__bench = bench;
  // Init scripts run while the browser creates the document, before the page's scripts.
  const pageScriptsFrom = performance.now();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.startTime < pageScriptsFrom) {
        bench.navigation.push(`${Math.round(entry.duration)} ms`);
        continue;
      }
      bench.longest = Math.max(bench.longest, entry.duration);
      bench.count += 1;
      const shown = Array.from(document.querySelectorAll('article[aria-posinset]'), (article) =>
        Number(article.getAttribute('aria-posinset')),
      );
      const post = shown.length > 0 ? Math.max(...shown).toLocaleString('en-GB') : 'none';
      // The app's start-up steps are User Timing measures (src/main.tsx): name the one it was.
      const end = entry.startTime + entry.duration;
      const steps = performance
        .getEntriesByType('measure')
        .filter(
          (m) =>
            m.name.startsWith('start:') &&
            m.startTime < end &&
            m.startTime + m.duration > entry.startTime,
        )
        .map((m) => m.name.slice('start:'.length));
      const during = steps.length > 0 ? `, during start-up step ${steps.join(' + ')}` : '';
      bench.tasks.push(`${Math.round(entry.duration)} ms near post ${post}${during}`);
      bench.taskTimes.push([entry.startTime, end]);
    }
  }).observe({ type: 'longtask', buffered: true });
  interface FrameScript {
    invoker: string;
    duration: number;
    sourceFunctionName: string;
    sourceURL: string;
  }
  interface Frame extends PerformanceEntry {
    blockingDuration: number;
    styleAndLayoutStart: number;
    renderStart: number;
    scripts: FrameScript[];
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Frame[]) {
        const layout =
          entry.styleAndLayoutStart > 0
            ? entry.startTime + entry.duration - entry.styleAndLayoutStart
            : 0;
        const scripts = entry.scripts
          .map(
            (script) =>
              `${script.invoker} ${script.sourceFunctionName}` +
              `${script.sourceURL ? ` (${script.sourceURL.split('/').pop() ?? ''})` : ''}` +
              ` ${Math.round(script.duration)} ms`,
          )
          .join('; ');
        const text =
          `${Math.round(entry.duration)} ms frame: style+layout ${Math.round(layout)} ms; ` +
          `scripts: ${scripts || 'none'}`;
        bench.frames.push({ start: entry.startTime, end: entry.startTime + entry.duration, text });
        if (entry.duration <= bench.worstFrameMs) continue;
        bench.worstFrameMs = entry.duration;
        bench.worstFrame = text;
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Long Animation Frames API not available.
  }
}

/** The used JS heap after a full garbage collection, in MB. */
async function heapMb(page: Page): Promise<number> {
  const bytes = await page.evaluate(() => {
    (window as unknown as BenchWindow).gc?.();
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    return memory?.usedJSHeapSize ?? 0;
  });
  return bytes / (1024 * 1024);
}

const domElements = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

/** How long the bench lets the page settle before reading what the observer saw. */
const SETTLE_MS = 500;

/** The long tasks seen so far; the count starts again from zero. */
const takeLongTasks = (page: Page): Promise<LongTasks> =>
  page.evaluate(() => {
    const bench = (window as unknown as BenchWindow).__bench;
    // Each task with the animation frame it fell in (Long Animation Frames API), for a lead.
    const tasks = bench.tasks.map((task, index) => {
      const [start, end] = bench.taskTimes[index] ?? [0, 0];
      const frame = bench.frames.find((f) => f.start <= start + 1 && f.end >= end - 1);
      return frame ? `${task} [in a ${frame.text}]` : task;
    });
    const seen = { ...bench, tasks, taskTimes: [], frames: [] };
    Object.assign(bench, {
      longest: 0,
      count: 0,
      tasks: [],
      worstFrame: '',
      worstFrameMs: 0,
      navigation: [],
      taskTimes: [],
      frames: [],
    });
    return seen;
  });

/** Polls a condition in the page with plain evaluations (not Playwright's selector engine). */
async function until(page: Page, condition: (arg: string) => boolean, arg: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (!(await page.evaluate(condition, arg))) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${String(condition)}`);
    await page.waitForTimeout(25);
  }
}

/** Clicks the middle of the element a CSS selector finds, as a mouse would. */
async function clickAt(page: Page, selector: string): Promise<void> {
  await until(page, (css) => document.querySelector(css) !== null, selector);
  const box = await page.evaluate((css) => {
    const element = document.querySelector(css);
    if (!element) throw new Error(`No ${css}`);
    element.scrollIntoView({ block: 'center' });
    const rect = element.getBoundingClientRect();
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  }, selector);
  await page.mouse.click(box.x, box.y);
}

/**
 * Signs in through the Login screen with the mouse and the keyboard: opens the email form when
 * it is closed, types the email and password, and presses Login.
 */
async function signInByInput(page: Page): Promise<void> {
  const toggle = 'button[aria-controls="login-email-form"]';
  await until(page, (css) => document.querySelector(css) !== null, toggle);
  const open = await page.evaluate(
    (css) => document.querySelector(css)?.getAttribute('aria-expanded') === 'true',
    toggle,
  );
  if (!open) await clickAt(page, toggle);
  await clickAt(page, 'input[autocomplete="email"]');
  await page.keyboard.type(BENCH_USER.email);
  await clickAt(page, 'input[autocomplete="current-password"]');
  await page.keyboard.type(DEMO_PASSWORD);
  await clickAt(page, 'form button[type="submit"]');
}

/**
 * The browser part: signs in through the Login screen, waits for the feed, then scrolls until
 * the end text shows, sampling the DOM size after every step.
 */
export async function measureBrowserScroll(baseUrl: string): Promise<BrowserFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...chromiumArgs, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    let pagesLoaded = 0;
    page.on('response', (response) => {
      if (response.url().endsWith(`/api/${postEndpoints.feedList.path}`) && response.ok()) {
        pagesLoaded += 1;
      }
    });
    // Until the first post shows, the page is driven with real input events and small
    // evaluations only. Playwright's selector engine (getByRole, getByLabel, ...) is a large
    // script it evaluates in the page's main thread on first use: 35-60 ms on this kind of
    // machine, a long task of the driver's that the observer would count as the app's start-up.
    await page.goto(`${baseUrl}/login`);
    await signInByInput(page);
    await until(page, (css) => document.querySelector(css) !== null, '[role="feed"] article');
    // The tasks of the first post's frames are start-up too: they are read once it settled.
    await page.waitForTimeout(SETTLE_MS);
    const loadTasks = await takeLongTasks(page);
    // The selector engine's first evaluation (see above) happens here, once, between the
    // measured phases; the count starts again for the scrolling.
    const feed = page.getByRole('feed');
    await feed.getByRole('article').first().waitFor();
    await page.waitForTimeout(SETTLE_MS);
    await takeLongTasks(page);
    // After the start-up tasks are read: the forced garbage collection is not the app's task.
    const heapStartMb = await heapMb(page);
    let maxDomElements = await domElements(page);
    const started = performance.now();
    const end = page.getByText(END_TEXT);
    const deadline = started + 15 * 60 * 1000;
    let reachedEnd = false;
    await page.mouse.move(640, 600);
    while (performance.now() < deadline) {
      await page.mouse.wheel(0, 6000);
      await page.waitForTimeout(40);
      maxDomElements = Math.max(maxDomElements, await domElements(page));
      if (await end.isVisible()) {
        reachedEnd = true;
        break;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const postsShown = Number(
      (await feed.getByRole('article').last().getAttribute('aria-setsize')) ?? 0,
    );
    // Read before the heap: the full garbage collection heapMb forces is a long task of its own.
    const scrollTasks = await takeLongTasks(page);
    const heapEndMb = await heapMb(page);
    return {
      maxDomElements,
      heapStartMb,
      heapEndMb,
      loadTasks,
      scrollTasks,
      pagesLoaded,
      postsShown,
      reachedEnd,
      seconds,
    };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function printLoad(figures: LoadFigures[]): void {
  console.log(
    `\nfeedList under ${CONNECTIONS} concurrent connections ` +
      `(${SECONDS} s each, after ${WARM_UP_SECONDS} s warm-up):`,
  );
  console.log(`  ${'run'.padEnd(32)} req/s      p50       p99       max  errors`);
  for (const f of figures) {
    const cells = [ms(f.p50), ms(f.p99), ms(f.max)].map((cell) => cell.padStart(9));
    console.log(
      `  ${f.name.padEnd(32)} ${f.perSecond.toFixed(0).padStart(5)} ${cells.join(' ')}  ${f.errors}`,
    );
  }
}

function printBrowser(figures: BrowserFigures): void {
  const growth = figures.heapEndMb - figures.heapStartMb;
  const longest = (tasks: LongTasks) =>
    tasks.count === 0
      ? 'none over 50 ms'
      : `${ms(tasks.longest)} (${tasks.count} over 50 ms: ${tasks.tasks.slice(0, 8).join(', ')})`;
  console.log('\nChromium, signed in, scrolling the feed to its end:');
  console.log(
    `  reached the end text:     ${figures.reachedEnd ? 'yes' : 'NO'} in ${figures.seconds.toFixed(0)} s`,
  );
  console.log(`  posts in the feed:        ${figures.postsShown}`);
  console.log(`  pages loaded:             ${figures.pagesLoaded}`);
  console.log(`  most DOM elements:        ${figures.maxDomElements}`);
  console.log(
    `  JS heap start / end:      ${figures.heapStartMb.toFixed(1)} MB / ` +
      `${figures.heapEndMb.toFixed(1)} MB (growth ${growth.toFixed(1)} MB)`,
  );
  console.log(`  longest task, scrolling:  ${longest(figures.scrollTasks)}`);
  console.log(`  longest task, start-up:   ${longest(figures.loadTasks)} (loading, signing in)`);
  if (figures.loadTasks.navigation.length > 0) {
    console.log(
      `  navigation commit:        ${figures.loadTasks.navigation.join(', ')} ` +
        "(the browser's, before any script of the page; not counted above)",
    );
  }
  if (figures.scrollTasks.worstFrame !== '') {
    console.log(`  worst frame, scrolling:   ${figures.scrollTasks.worstFrame}`);
  }
  if (figures.loadTasks.worstFrame !== '') {
    console.log(`  worst frame, start-up:    ${figures.loadTasks.worstFrame}`);
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'givedrop-bench-'));
  let child: ChildProcess | undefined;
  try {
    console.log(
      `Seeding ${POSTS} posts into ${DATABASE_URL === undefined ? dataDir : 'BENCH_DATABASE_URL'} ...`,
    );
    console.log(`  seeded in ${(await seed(dataDir)).toFixed(1)} s`);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const base = new URL(baseUrl);
    child = startFeedServer(dataDir, port);
    await waitForServer(baseUrl, child);
    const token = await signIn(baseUrl, BENCH_USER.email);
    const totalPages = Math.ceil((POSTS + SEED_POST_COUNT) / PAGE_SIZE);
    const deepPage = Math.min(500, totalPages);

    const page1 = await singleRequest(base, token, 1);
    const deepFirst = await singleRequest(base, token, deepPage);
    const deepAgain = await singleRequest(base, token, deepPage);
    console.log('\nSingle requests on the fresh server (a new connection each):');
    console.log(`  page 1:                   ${ms(page1)}`);
    console.log(`  page ${deepPage}, first time:     ${ms(deepFirst)} (seeks by offset once)`);
    console.log(`  page ${deepPage}, again:          ${ms(deepAgain)} (remembered)`);

    if (!BROWSER) {
      console.log('\nChromium part skipped (BENCH_BROWSER=0).');
    } else if (!existsSync(join(STATIC_DIR, 'index.html'))) {
      console.log('\nChromium part skipped: no build in dist/ (run `npm run build` first).');
    } else {
      printBrowser(await measureBrowserScroll(baseUrl));
    }

    const figures: LoadFigures[] = [];
    figures.push(await load('page 1', base, token, () => 1));
    figures.push(await load(`page ${deepPage}`, base, token, () => deepPage));
    figures.push(
      await load(`scrolling pages 1..${totalPages}`, base, token, scrolling(totalPages)),
    );

    // The same where every request reads the database (no page memory; boundaries only).
    await stopServer(child);
    child = startFeedServer(dataDir, port, { FEED_PAGE_MEMORY: '0' });
    await waitForServer(baseUrl, child);
    const again = await signIn(baseUrl, BENCH_USER.email);
    figures.push(await load('page 1, no page memory', base, again, () => 1));
    figures.push(await load(`page ${deepPage}, no page memory`, base, again, () => deepPage));
    figures.push(await load('scrolling, no page memory', base, again, scrolling(totalPages)));
    printLoad(figures);
  } finally {
    await finishBench(child, dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
