/**
 * SIGTERM under load (server/main.ts in a child process): the server stops accepting
 * connections, answers every request a client had already sent, kept-alive connections
 * included (200, or 503 in the envelope with Retry-After), resets none, and exits 0.
 */
import { Agent, request as httpRequest } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import type { Envelope, TypedEnvelope } from '../../contract/envelope';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import * as proc from './support/serverProcess';
import { testDatabaseUrl } from './support/testDatabase';

/** Clients sending requests back to back, each on its kept-alive connection. */
const CLIENTS = 16;
/** Requests each client has answered before the signal: the load is flowing. */
const WARM_UP_REQUESTS = 5;
/** Generous ceilings for a busy machine (two cores shared with other jobs). */
const START_CEILING_MS = 120_000;
const EXIT_CEILING_MS = 60_000;

let root: string;
let running: proc.RunningProcess | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'givedrop-sigterm-'));
  await chmod(root, 0o755);
  await proc.giveToChild(root);
});
afterEach(() => {
  proc.killIfRunning(running);
  running = undefined;
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What became of one request. */
type Outcome =
  | { kind: 'answer'; status: number; headers: Record<string, unknown>; body: string }
  | { kind: 'error'; code: string; message: string };

interface Sent {
  startedAt: number;
  endedAt: number;
  outcome: Outcome;
}

function send(
  agent: Agent,
  port: number,
  path: string,
  payload: unknown,
  token?: string,
): Promise<Outcome> {
  const body = JSON.stringify(payload);
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/${path}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            kind: 'answer',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
          }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ kind: 'error', code: error.code ?? 'ERROR', message: error.message }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'error', code: error.code ?? 'ERROR', message: error.message }),
    );
    request.end(body);
  });
}

/** A connection refused: the server no longer listens, and nothing of the request was sent. */
const refused = (outcome: Outcome) => outcome.kind === 'error' && outcome.code === 'ECONNREFUSED';

function isEnveloped503(outcome: Outcome): boolean {
  if (outcome.kind !== 'answer' || outcome.status !== 503) return false;
  const envelope = JSON.parse(outcome.body) as Envelope;
  return (
    envelope.status === ResponseStatus.Error &&
    envelope.messages.length > 0 &&
    Number(outcome.headers['retry-after']) > 0
  );
}

describe.skipIf(testDatabaseUrl !== undefined)('SIGTERM under load', () => {
  it('answers every request already sent (200 or an enveloped 503), resets none, exits 0', async () => {
    const port = await proc.freePort();
    const server = proc.runTsx(['server/main.ts'], {
      DATA_DIR: join(root, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      LOG_LEVEL: 'error',
    });
    running = server;
    await server.waitFor('is running at', START_CEILING_MS);

    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const login = await send(agent, port, 'auth/login', {
      email: DEMO_USERS.owner.email,
      password: DEMO_PASSWORD,
    });
    if (login.kind !== 'answer' || login.status !== 200) {
      throw new Error(`login failed: ${JSON.stringify(login)}`);
    }
    const token = (JSON.parse(login.body) as TypedEnvelope<{ jwtToken: string }>).data.jwtToken;

    const sent: Sent[] = [];
    let warmedUp = 0;
    let signal: () => void = () => undefined;
    const allWarm = new Promise<void>((resolve) => (signal = resolve));
    const client = async () => {
      for (let count = 1; ; count += 1) {
        const startedAt = Date.now();
        const outcome = await send(agent, port, 'posts/feedList', { page: 1 }, token);
        if (refused(outcome)) return;
        sent.push({ startedAt, endedAt: Date.now(), outcome });
        if (count === WARM_UP_REQUESTS && (warmedUp += 1) === CLIENTS) signal();
        // A 503 says the server is going away; any other failure is the test's finding.
        if (outcome.kind === 'error' || outcome.status !== 200) return;
      }
    };
    const clients = Array.from({ length: CLIENTS }, () => client());
    await allWarm;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    agent.destroy();
    const exit = await server.exitWithin(EXIT_CEILING_MS);

    const afterSignal = sent.filter((request) => request.endedAt >= signalledAt);
    const inFlightAtSignal = afterSignal.filter((request) => request.startedAt < signalledAt);
    const failures = sent.filter(
      ({ outcome }) =>
        !(outcome.kind === 'answer' && outcome.status === 200) && !isEnveloped503(outcome),
    );
    const count = (status: number) =>
      afterSignal.filter(({ outcome }) => outcome.kind === 'answer' && outcome.status === status)
        .length;
    console.log(
      `SIGTERM with ${CLIENTS} clients: ${sent.length} requests answered or failed, ` +
        `${inFlightAtSignal.length} in flight at the signal; after it ${count(200)} × 200, ` +
        `${count(503)} × 503, ${failures.length} failures ${JSON.stringify(
          failures.slice(0, 5).map(({ outcome }) => outcome),
        )}; exit ${JSON.stringify(exit)}`,
    );
    // The signal found requests under way: this tested something.
    expect(inFlightAtSignal.length).toBeGreaterThan(0);
    expect(failures.map(({ outcome }) => outcome)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
  }, 240_000);
});
