/** The auth, tenants and configuration calls against a real local server. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Configuration } from '../../contract/configuration';
import type { TenantStatus } from '../../contract/tenants';
import { ApiError } from '../../src/services/apiResponse';
import { createAuthApi } from '../../src/services/api/auth';
import { fetchConfiguration } from '../../src/services/api/configuration';
import { createTenantsApi } from '../../src/services/api/tenants';
import { createHttp, type HttpClient } from '../../src/services/http';
import { envelope, sendJson, useTestServer } from './helpers/testServer';
import { sessionData as session } from './helpers/tokens';

const server = useTestServer();
const { only } = server;
let credentialsSeen: RequestCredentials[];
let apiBaseUrl: string;

const configuration: Configuration = {
  apiBaseUrl: '/api',
  appClientVersion: '1.0.1',
  minimumPasswordLength: 6,
  userInvitationExpiryLengthInDays: 7,
  reCaptchaSiteKey: 'site-key',
  defaultFromEmailAddress: 'hello@givedrop.test',
  supportUrl: 'https://givedrop.test/support',
  supportEmailAddress: 'support@givedrop.test',
  termsUrl: 'https://givedrop.test/terms',
  privacyPolicyUrl: 'https://givedrop.test/privacy',
  mediaServiceApiBaseUrl: 'https://media.givedrop.test',
  mediaServiceClientApiKey: 'media-key',
  sessionRecordingAppId: '',
  tagManagerId: '',
  googleClientId: 'google-id',
};

const tenantStatus: TenantStatus = {
  isTrialing: true,
  trialEndDate: '2026-12-24T00:00:00Z',
  subscriptionStatus: null,
  cancelAtPeriodEnd: false,
  currentPeriodEndDate: null,
  isOnboarding: true,
  paymentProviderCustomerId: null,
};

function client(): HttpClient {
  return createHttp({
    origin: server.origin,
    getApiBaseUrl: () => apiBaseUrl,
    getToken: () => 'tok',
    fetch: (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      credentialsSeen.push(request.credentials);
      return globalThis.fetch(request);
    },
  });
}

beforeEach(() => {
  credentialsSeen = [];
  apiBaseUrl = '/api';
});

describe('fetchConfiguration: GET /api/configuration, no credentials, no token', () => {
  it('reads the configuration from an Ok envelope, anonymously, even though the path is under the base', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope(configuration)));
    await expect(fetchConfiguration(client())).resolves.toEqual(configuration);
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/api/configuration');
    expect(request.headers.authorization).toBeUndefined();
    expect(credentialsSeen).toEqual(['omit']);
  });

  it('does not need the API base (it is not known before the configuration)', async () => {
    apiBaseUrl = '';
    server.handle((_r, res) => sendJson(res, 200, JSON.stringify(configuration)));
    await expect(fetchConfiguration(client())).resolves.toEqual(configuration);
    expect(only().url).toBe('/api/configuration');
  });

  it('also accepts a bare configuration object', async () => {
    server.handle((_r, res) => sendJson(res, 200, JSON.stringify(configuration)));
    await expect(fetchConfiguration(client())).resolves.toEqual(configuration);
  });

  it('rejects an incomplete configuration or a failed answer', async () => {
    const { googleClientId: _dropped, ...incomplete } = configuration;
    server.handle((_r, res) => sendJson(res, 200, envelope(incomplete)));
    await expect(fetchConfiguration(client())).rejects.toMatchObject({ kind: 'invalid-response' });
    server.handle((_r, res) => sendJson(res, 200, envelope(configuration, 3, ['down'])));
    await expect(fetchConfiguration(client())).rejects.toMatchObject({ kind: 'invalid-response' });
    server.handle((_r, res) => sendJson(res, 503, 'unavailable'));
    await expect(fetchConfiguration(client())).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 503,
    });
  });
});

describe('auth calls (POST under the API base, with token and credentials)', () => {
  it('login posts email and password and returns the session data', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope(session)));
    const result = await createAuthApi(client()).login({ email: 'a@b.test', password: 'pw' });
    expect(result).toEqual(session);
    const request = only();
    expect([request.method, request.url]).toEqual(['POST', '/api/auth/login']);
    expect(JSON.parse(request.body.toString())).toEqual({ email: 'a@b.test', password: 'pw' });
    expect(request.headers.authorization).toBe('Bearer tok');
    expect(credentialsSeen).toEqual(['include']);
  });

  it('login failures carry the server messages (2xx Error and 401)', async () => {
    server.handle((_r, res) =>
      sendJson(res, 200, envelope(null, 3, ['Invalid email or password'])),
    );
    const auth = createAuthApi(client());
    await expect(auth.login({ email: 'a@b.test', password: 'x' })).rejects.toMatchObject({
      kind: 'status',
      messages: ['Invalid email or password'],
    });
    server.handle((_r, res) => sendJson(res, 401, envelope(null, 5, ['Locked'])));
    await expect(auth.login({ email: 'a@b.test', password: 'x' })).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 401,
      messages: ['Locked'],
    });
  });

  it('login rejects session data that does not match the contract', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope({ jwtToken: 'a.b.c' })));
    await expect(
      createAuthApi(client()).login({ email: 'a@b.test', password: 'x' }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('refreshToken posts switchToCurrent (default: empty payload)', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope(session)));
    const auth = createAuthApi(client());
    await expect(auth.refreshToken({ switchToCurrent: true })).resolves.toEqual(session);
    await expect(auth.refreshToken()).resolves.toEqual(session);
    const [first, second] = server.calls();
    expect(first?.url).toBe('/api/auth/refreshToken');
    expect(JSON.parse(first?.body.toString() ?? '')).toEqual({ switchToCurrent: true });
    expect(JSON.parse(second?.body.toString() ?? '')).toEqual({});
  });

  it('revokeToken posts no payload and accepts data null or {revoked}', async () => {
    const auth = createAuthApi(client());
    server.handle((_r, res) => sendJson(res, 200, envelope(null)));
    await expect(auth.revokeToken()).resolves.toBeUndefined();
    server.handle((_r, res) => sendJson(res, 200, envelope({ revoked: true })));
    await expect(auth.revokeToken()).resolves.toBeUndefined();
    expect(server.calls().map((r) => r.url)).toEqual([
      '/api/auth/revokeToken',
      '/api/auth/revokeToken',
    ]);
    server.handle((_r, res) => sendJson(res, 500, ''));
    await expect(auth.revokeToken()).rejects.toMatchObject({ httpStatus: 500 });
  });

  it('switchTenant posts the tenant id and returns the new session', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope(session)));
    await expect(createAuthApi(client()).switchTenant({ id: 8 })).resolves.toEqual(session);
    const request = only();
    expect(request.url).toBe('/api/auth/switchTenant');
    expect(JSON.parse(request.body.toString())).toEqual({ id: 8 });
  });
});

describe('tenants.getCurrentTenantStatus', () => {
  it('GETs the status with the token and validates it', async () => {
    server.handle((_r, res) => sendJson(res, 200, envelope(tenantStatus)));
    await expect(createTenantsApi(client()).getCurrentTenantStatus()).resolves.toEqual(
      tenantStatus,
    );
    const request = only();
    expect([request.method, request.url]).toEqual(['GET', '/api/tenants/getCurrentTenantStatus']);
    expect(request.headers.authorization).toBe('Bearer tok');
  });

  it('rejects a status missing a field', async () => {
    const { isOnboarding: _dropped, ...partial } = tenantStatus;
    server.handle((_r, res) => sendJson(res, 200, envelope(partial)));
    await expect(createTenantsApi(client()).getCurrentTenantStatus()).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});
