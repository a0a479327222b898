/**
 * `npm run bench:api`: load and crash figures of the API (issue 13, item 6). It seeds a fresh
 * temporary data directory, starts the real server (`server/main.ts` in a child process) and
 *
 * 1. signs in SESSIONS sessions (spread over the demo users) and runs them concurrently for
 *    SECONDS, each sending feed reads and post creations back to back (WRITE_SHARE of the
 *    requests create a post); prints requests per second, p50/p99/max latency per kind, errors,
 *    and, after a clean stop, how many acknowledged posts are missing from the database (must
 *    be 0);
 * 2. a crash round: CRASH_SESSIONS sessions create posts back to back, and after CRASH_AFTER
 *    seconds the server is killed with SIGKILL; the database is then opened again and the posts
 *    acknowledged before the kill are looked up: acknowledged vs present (missing must be 0).
 *
 * It prints figures; it is not a timed test. Options (environment): BENCH_SESSIONS (200),
 * BENCH_SECONDS (60), BENCH_WRITE_SHARE (0.2), BENCH_CRASH_SESSIONS (50), BENCH_CRASH_AFTER (5),
 * DATABASE_URL (PostgreSQL instead of PGlite: the crash round then kills only the server),
 * BENCH_KEEP_DATA=1 to keep the data directory.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { postEndpoints } from '../contract/endpoints/posts';
import { openDatabase } from '../server/db/database';
import { posts } from '../server/db/schema';
import { DEMO_USERS } from '../server/db/seedData';
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
  type Answer,
} from './benchServer';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WRITE_SHARE = Number(process.env.BENCH_WRITE_SHARE ?? 0.2);
const CRASH_SESSIONS = Number(process.env.BENCH_CRASH_SESSIONS ?? 50);
const CRASH_AFTER = Number(process.env.BENCH_CRASH_AFTER ?? 5);
const DATABASE_URL = process.env.DATABASE_URL;
const PAGE_SIZE = 20;
const FEED_PAGES = 5;

/** Every session signs in from this one address. */
const startApiServer = (dataDir: string, port: number) =>
  startServer(dataDir, port, { LOGIN_RATE_LIMIT_ADDRESS: '100000' });

async function signInSessions(base: string, count: number): Promise<string[]> {
  const users = Object.values(DEMO_USERS);
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1)
    tokens.push(await signIn(base, users[i % users.length]!.email));
  return tokens;
}

let created = 0;
const newPost = () => {
  created += 1;
  return {
    message: `bench ${process.pid} ${created}`,
    link: '',
    publishedDate: new Date().toISOString(),
    isDraft: false,
  };
};

/** The id of an acknowledged create, or undefined when it was not acknowledged. */
function createdId(answer: Answer): number | undefined {
  if (answer.status !== 200) return undefined;
  try {
    const id = (JSON.parse(answer.body) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

interface Kind {
  latencies: number[];
  errors: number;
}

const percentile = (sorted: Float64Array, fraction: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0);

function printKind(name: string, kind: Kind, seconds: number) {
  const sorted = Float64Array.from(kind.latencies).sort();
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(
    `  ${name.padEnd(12)} ${(kind.latencies.length / seconds).toFixed(0).padStart(6)}/s` +
      `${ms(percentile(sorted, 0.5))}${ms(percentile(sorted, 0.99))}${ms(sorted.at(-1) ?? 0)}` +
      `  ${kind.errors}`,
  );
}

/** Looks the acknowledged ids up in the database (opened again after the server stopped). */
async function presentOf(dataDir: string, ids: number[]): Promise<number> {
  const handle = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    let present = 0;
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      present += (
        await handle.db.select({ id: posts.id }).from(posts).where(inArray(posts.id, chunk))
      ).length;
    }
    return present;
  } finally {
    await handle.close();
  }
}

async function mixedLoad(base: URL, tokens: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const reads: Kind = { latencies: [], errors: 0 };
  const writes: Kind = { latencies: [], errors: 0 };
  const acknowledged: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const session = async (token: string, index: number) => {
    for (let n = 0; performance.now() < end; n += 1) {
      const write = ((index * 7919 + n * 104729) % 1000) / 1000 < WRITE_SHARE;
      const started = performance.now();
      if (write) {
        const answer = await postApi(
          agent,
          base,
          token,
          postEndpoints.create.path,
          newPost(),
        ).catch(() => ({ status: 0, body: '' }));
        const id = createdId(answer);
        if (id === undefined) writes.errors += 1;
        else {
          acknowledged.push(id);
          writes.latencies.push(performance.now() - started);
        }
      } else {
        const page = ((index + n) % FEED_PAGES) + 1;
        const answer = await postApi(
          agent,
          base,
          token,
          postEndpoints.feedList.path,
          feedPageRequest(page, PAGE_SIZE),
        ).catch(() => ({ status: 0, body: '' }));
        if (answer.status === 200) reads.latencies.push(performance.now() - started);
        else reads.errors += 1;
      }
    }
  };
  await Promise.all(tokens.map((token, index) => session(token, index)));
  agent.destroy();
  return { reads, writes, acknowledged };
}

async function crashRound(base: URL, tokens: string[], child: ChildProcess) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });
  const acknowledged: number[] = [];
  let killed = false;
  const session = async (token: string) => {
    while (!killed) {
      const answer = await postApi(agent, base, token, postEndpoints.create.path, newPost()).catch(
        () => ({ status: 0, body: '' }),
      );
      const id = createdId(answer);
      if (id !== undefined && !killed) acknowledged.push(id);
      if (answer.status === 0) return;
    }
  };
  const running = Promise.all(tokens.map((token) => session(token)));
  await new Promise((done) => setTimeout(done, CRASH_AFTER * 1000));
  // What was acknowledged before the kill is what must survive it.
  const before = acknowledged.length;
  killed = true;
  await stopServer(child, 'SIGKILL');
  await running;
  agent.destroy();
  return acknowledged.slice(0, before);
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'givedrop-bench-api-'));
  let child: ChildProcess | undefined;
  try {
    console.log(
      `Seeding ${DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`} ...`,
    );
    await seedBench(dataDir, DATABASE_URL);
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const base = new URL(baseUrl);

    child = startApiServer(dataDir, port);
    await waitForServer(baseUrl, child);
    const signInStarted = performance.now();
    const tokens = await signInSessions(baseUrl, SESSIONS);
    console.log(
      `  ${SESSIONS} sessions signed in in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`,
    );
    const load = await mixedLoad(base, tokens);
    await stopServer(child);
    child = undefined;
    const present = await presentOf(dataDir, load.acknowledged);
    const total = load.reads.latencies.length + load.writes.latencies.length;
    console.log(
      `\n${SESSIONS} sessions for ${SECONDS} s, ${Math.round(WRITE_SHARE * 100)} % creating posts:`,
    );
    console.log(`  all          ${(total / SECONDS).toFixed(0).padStart(6)}/s`);
    console.log(`  ${'kind'.padEnd(12)} ${'req/s'.padStart(7)}      p50      p99      max  errors`);
    printKind('feed reads', load.reads, SECONDS);
    printKind('post creates', load.writes, SECONDS);
    console.log(
      `  acknowledged posts: ${load.acknowledged.length}, present after a clean stop: ${present}` +
        `, missing: ${load.acknowledged.length - present}`,
    );

    child = startApiServer(dataDir, port);
    await waitForServer(baseUrl, child);
    const crashTokens = (await signInSessions(baseUrl, CRASH_SESSIONS)).slice(0, CRASH_SESSIONS);
    const acknowledged = await crashRound(base, crashTokens, child);
    child = undefined;
    const survived = await presentOf(dataDir, acknowledged);
    console.log(
      `\nkill -9 after ${CRASH_AFTER} s of ${CRASH_SESSIONS} sessions creating posts:` +
        `\n  acknowledged before the kill: ${acknowledged.length}, present after: ${survived}` +
        `, missing: ${acknowledged.length - survived}`,
    );
  } finally {
    await finishBench(child, dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
