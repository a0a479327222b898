/** A real local HTTP server on 127.0.0.1 (random port) that records every request. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as realSleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createHttp, type HttpClient } from '../../../src/services/http';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** performance.now() when the request line arrived. */
  at: number;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface TestServer {
  /** e.g. http://127.0.0.1:54321 */
  origin: string;
  requests: RecordedRequest[];
  /** Requests other than CORS preflights. */
  calls(): RecordedRequest[];
  preflights(): RecordedRequest[];
  handle(handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

/** When set, answers CORS for this browser origin (credentials allowed, headers exposed). */
export interface ServerOptions {
  corsOrigin?: string;
}

export function envelope(data: unknown, status = 1, messages: string[] = []): string {
  return JSON.stringify({ status, messages, data });
}

export function sendJson(
  response: ServerResponse,
  code: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(code, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

const defaultHandler: Handler = (_request, response) => sendJson(response, 200, envelope(null));

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let handler: Handler = defaultHandler;
  const server = createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at,
      };
      requests.push(recorded);
      if (options.corsOrigin !== undefined) {
        res.setHeader('access-control-allow-origin', options.corsOrigin);
        res.setHeader('access-control-allow-credentials', 'true');
        res.setHeader('access-control-expose-headers', 'x-client-version, retry-after');
        if (req.method === 'OPTIONS') {
          res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE');
          res.setHeader(
            'access-control-allow-headers',
            'authorization, accept, content-type, x-api-key',
          );
          res.writeHead(204);
          res.end();
          return;
        }
      }
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => {
        res.writeHead(599);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    calls: () => requests.filter((r) => r.method !== 'OPTIONS'),
    preflights: () => requests.filter((r) => r.method === 'OPTIONS'),
    handle(next) {
      handler = next;
    },
    reset() {
      requests.length = 0;
      handler = defaultHandler;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A suite's server, with what the API-call suites ask of it. */
export interface SuiteServer extends TestServer {
  /** Answers every request with this body (HTTP 200 unless told). */
  answer(body: string, code?: number): void;
  /** The one call the server received (fails when there were more). */
  only(): RecordedRequest;
  /** An HTTP client for this server's `/api` with this bearer token. */
  http(token?: string | null): HttpClient;
}

/**
 * A server for the suite that calls it: started before its tests, reset before each test, closed
 * after them.
 */
export function useTestServer(options: ServerOptions = {}): SuiteServer {
  let server: TestServer | undefined;
  const started = (): TestServer => {
    if (!server) throw new Error('the test server starts in beforeAll');
    return server;
  };
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(() => started().close());
  beforeEach(() => started().reset());
  return {
    get origin() {
      return started().origin;
    },
    get requests() {
      return started().requests;
    },
    calls: () => started().calls(),
    preflights: () => started().preflights(),
    handle: (handler) => started().handle(handler),
    reset: () => started().reset(),
    close: () => started().close(),
    answer: (body, code = 200) => started().handle((_r, res) => sendJson(res, code, body)),
    only: () => {
      const [request, ...rest] = started().calls();
      expect(rest).toHaveLength(0);
      if (!request) throw new Error('no request');
      return request;
    },
    http: (token = null) =>
      createHttp({ origin: started().origin, getApiBaseUrl: () => '/api', getToken: () => token }),
  };
}

/** A recorded request's JSON body. */
export const jsonBody = (request: RecordedRequest): unknown => JSON.parse(request.body.toString());

/**
 * A real wait that fake timers do not touch. Its limit only ends a test that would otherwise
 * hang: generous, so that a busy machine never fails a test that is right.
 */
export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > timeoutMs) throw new Error('condition not reached');
    await realSleep(5);
  }
}
