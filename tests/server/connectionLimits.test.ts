/**
 * The connection limits on a real listening server (server/http/connectionLimits.ts): one client
 * address holds at most MAX_CONNECTIONS_PER_ADDRESS connections while others still connect, the
 * server holds at most MAX_CONNECTIONS, and a request trickled a byte at a time is closed by the
 * headers timeout. Clients connect from loopback addresses of their own (127.0.0.x).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './support/testDatabase';
import { createTestApp, type TestApp } from './support/testServer';

const CEILING_MS = 20_000;

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let opened: Socket[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterEach(() => {
  for (const socket of opened) socket.destroy();
  opened = [];
});
afterAll(async () => {
  await handle.close();
});

async function listening(env: Record<string, string>): Promise<{ test: TestApp; port: number }> {
  const test = await createTestApp(handle.db, env);
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  const address = test.app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('not listening');
  return { test, port: address.port };
}

/** A connection from `from` (a loopback address), once connected. */
function open(port: number, from: string): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port, localAddress: from });
  opened.push(socket);
  socket.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server answered when it closes `socket`, or rejects at `ms`. */
function closedByServer(socket: Socket, ms = CEILING_MS): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** GET {API}/health on `socket`, kept alive: resolves with the status line. */
function health(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const timer = setTimeout(() => reject(new Error('no answer')), CEILING_MS);
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      if (!received.includes('\r\n\r\n')) return;
      clearTimeout(timer);
      socket.off('data', onData);
      resolve(received.slice(0, received.indexOf('\r\n')));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed: ${received}`)));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  });
}

describe('connections per client address', () => {
  it('refuses the excess connections of one address while another still connects', async () => {
    const { test, port } = await listening({ MAX_CONNECTIONS_PER_ADDRESS: '20' });
    try {
      // 20 connections of 127.0.0.2, each answered: the server holds them.
      const held = await Promise.all(Array.from({ length: 20 }, () => open(port, '127.0.0.2')));
      for (const line of await Promise.all(held.map(health))) expect(line).toContain('200');
      // The next ones from that address are closed at once, unanswered.
      const excess = await Promise.all(Array.from({ length: 5 }, () => open(port, '127.0.0.2')));
      const answers = await Promise.all(excess.map((socket) => closedByServer(socket)));
      expect(answers).toEqual(['', '', '', '', '']);
      // Another address is served.
      expect(await health(await open(port, '127.0.0.3'))).toContain('200');
      // A held connection closed makes room for one more.
      const closing = held[0]!;
      await new Promise<void>((resolve) => {
        closing.once('close', () => resolve());
        closing.end();
      });
      await expect
        .poll(async () => health(await open(port, '127.0.0.2')).catch(() => 'closed'), {
          timeout: CEILING_MS,
        })
        .toContain('200');
    } finally {
      await test.app.close();
    }
  });
});

describe('connections in all', () => {
  it('holds at most MAX_CONNECTIONS: the next connection is closed at once', async () => {
    const { test, port } = await listening({
      MAX_CONNECTIONS: '10',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    try {
      expect(test.app.server.maxConnections).toBe(10);
      const held = await Promise.all(Array.from({ length: 10 }, () => open(port, '127.0.0.4')));
      for (const line of await Promise.all(held.map(health))) expect(line).toContain('200');
      expect(await closedByServer(await open(port, '127.0.0.5'))).toBe('');
    } finally {
      await test.app.close();
    }
  });

  it('by default: below the open-file limit, 256 per address, headers within 10 s', async () => {
    const { test } = await listening({});
    try {
      expect(test.config.connectionLimits.perAddress).toBe(256);
      expect(test.app.server.maxConnections).toBe(test.config.connectionLimits.maxConnections);
      expect(test.app.server.headersTimeout).toBe(10_000);
      expect(test.app.server.requestTimeout).toBe(30_000);
    } finally {
      await test.app.close();
    }
  });
});

describe('a trickled request', () => {
  it('is closed with 408 when its headers have not arrived within the headers timeout', async () => {
    const { test, port } = await listening({
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '8',
    });
    try {
      const socket = await open(port, '127.0.0.6');
      const started = Date.now();
      const closed = closedByServer(socket);
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\n');
      // A header line every 200 ms: never silent, never done.
      let line = 0;
      const trickle = setInterval(() => socket.write(`X-Trickle-${(line += 1)}: 1\r\n`), 200);
      const answer = await closed.finally(() => clearInterval(trickle));
      const elapsed = Date.now() - started;
      console.log(`trickled headers closed after ${elapsed} ms: ${answer.split('\r\n')[0]}`);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      // By the headers timeout (1 s, checked every 250 ms), well before the request timeout.
      expect(elapsed).toBeLessThan(8000);
    } finally {
      await test.app.close();
    }
  });

  it('is closed with 408 when its body has not arrived within the request timeout', async () => {
    const { test, port } = await listening({
      HEADERS_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '3',
    });
    try {
      const socket = await open(port, '127.0.0.6');
      const started = Date.now();
      const closed = closedByServer(socket);
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{',
      );
      const trickle = setInterval(() => socket.write(' '), 200);
      const answer = await closed.finally(() => clearInterval(trickle));
      const elapsed = Date.now() - started;
      console.log(`trickled body closed after ${elapsed} ms: ${answer.split('\r\n')[0]}`);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(elapsed).toBeGreaterThanOrEqual(2500);
    } finally {
      await test.app.close();
    }
  });
});
