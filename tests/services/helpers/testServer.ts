/** A real local HTTP server on 127.0.0.1 (random port) that records every request. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
