/**
 * Hardening of the HTTP layer: no caching of API answers, a bound on JSON nesting, and request
 * timeouts on a real listening server.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { apiPaths } from './support/apiPaths';
import { MEDIA_API_KEY_HEADER, mediaPaths, mediaPresetIds } from '../../contract/media';
import { DEMO_USERS } from '../../server/db/seedData';
import { JSON_TOO_DEEP } from '../../server/http/errors';
import { makeStaticSite, useSiteDir } from './support/staticSite';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

const staticDir = useSiteDir(makeStaticSite);
const { handle, test } = useTestApp({ env: () => ({ STATIC_DIR: staticDir() }) });

describe('Cache-Control: no-store', () => {
  it('is on every answer under the API, the configuration and the media service paths', async () => {
    const { app } = test;
    const { jwtToken } = await srv.login(app, DEMO_USERS.owner.email);
    const responses = [
      await app.inject({ method: 'GET', url: '/api/configuration' }),
      await srv.postLogin(app, DEMO_USERS.owner.email),
      await srv.postLogin(app, DEMO_USERS.owner.email, 'wrong'),
      await app.inject({
        method: 'GET',
        url: srv.api(apiPaths.getCurrentTenantStatus),
        headers: { authorization: `Bearer ${jwtToken}` },
      }),
      await app.inject({
        method: 'POST',
        url: srv.api(apiPaths.login),
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      await app.inject({
        method: 'GET',
        url: '/api/no-such-call',
        headers: { accept: 'text/html' },
      }),
      await app.inject({ method: 'POST', url: '/media/UploadPending' }),
      await app.inject({ method: 'GET', url: '/media/no-such-call' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 401, 200, 400, 404, 401, 404,
    ]);
    for (const response of responses) expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is not on the static SPA and its assets', async () => {
    const { app } = test;
    const index = await app.inject({
      method: 'GET',
      url: '/feed',
      headers: { accept: 'text/html' },
    });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves the media service its own caching of files and presets', async () => {
    const configuration = await test.app.inject({ method: 'GET', url: '/api/configuration' });
    const key = (srv.envelopeOf(configuration).data as { mediaServiceClientApiKey: string })
      .mediaServiceClientApiKey;
    const preset = await test.app.inject({
      method: 'GET',
      url: `/media/${mediaPaths.validationPreset}${mediaPresetIds.post}`,
      headers: { [MEDIA_API_KEY_HEADER]: key },
    });
    expect(preset.headers['cache-control']).toBe('no-cache');
  });
});

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels. */
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  const bodies = {
    'a deep array in a field': `{"email":${nestedArray(5000)},"password":"x"}`,
    'a deep object in a field': `{"email":${nestedObject(5000)},"password":"x"}`,
    'a deep array as the payload': nestedArray(5000),
  };
  const paths = [
    apiPaths.login,
    apiPaths.refreshToken,
    apiPaths.verifyAccount,
    apiPaths.signup,
    apiPaths.requestPasswordReset,
  ];

  it.each(Object.entries(bodies))('answers 400 with a clear message to %s', async (_, body) => {
    for (const path of paths) {
      const response = await test.app.inject({
        method: 'POST',
        url: srv.api(path),
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 400 });
      expect(srv.envelopeOf(response)).toEqual({
        status: ResponseStatus.Error,
        messages: [JSON_TOO_DEEP],
        data: null,
      });
    }
  });

  it('still accepts ordinary nesting', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.login),
      headers: { 'content-type': 'application/json' },
      body: `{"email":${nestedObject(20)},"password":"x"}`,
    });
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response).messages).not.toContain(JSON_TOO_DEEP);
  });
});

/** Resolves with how long the server took to close `socket`, or 'open' after `waitMs`. */
function closedWithin(socket: Socket, waitMs: number): Promise<number | 'open'> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('open'), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

async function openSocket(port: number): Promise<Socket> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => undefined);
  socket.on('data', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

const STALLED_REQUEST = [
  `POST /api/${apiPaths.login} HTTP/1.1`,
  'Host: localhost',
  'Content-Type: application/json',
  'Content-Length: 100',
  '',
  '{"email":',
].join('\r\n');

describe('request timeouts on a listening server', () => {
  let server: srv.TestApp;
  let port: number;
  beforeAll(async () => {
    server = await srv.createTestApp(handle.db, {
      CONNECTION_TIMEOUT_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
      KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('are set from the configuration', () => {
    expect(server.app.server.requestTimeout).toBe(2000);
    expect(server.app.server.keepAliveTimeout).toBe(1000);
    expect(server.app.server.timeout).toBe(1000);
  });

  it('close a connection that sends the headers and withholds the body', async () => {
    const socket = await openSocket(port);
    socket.write(STALLED_REQUEST);
    const closed = await closedWithin(socket, 5000);
    expect(closed).not.toBe('open');
    expect(closed).toBeLessThan(3000);
  });

  it('close a connection that trickles its body slower than the request timeout', async () => {
    const socket = await openSocket(port);
    socket.write(STALLED_REQUEST);
    const trickle = setInterval(() => socket.write(' '), 300);
    const closed = await closedWithin(socket, 6000);
    clearInterval(trickle);
    socket.destroy();
    expect(closed).not.toBe('open');
    expect(closed).toBeLessThan(4500);
  });
});
