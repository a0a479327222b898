import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { Configuration } from '../../contract/configuration';
import { ResponseStatus } from '../../contract/enums';
import { Envelope } from '../../contract/envelope';
import { apiPaths } from './support/apiPaths';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import { DATABASE_UNAVAILABLE } from '../../server/http/errors';
import { makeStaticSite, useSiteDir } from './support/staticSite';
import { openTestDatabase } from './support/testDatabase';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

const { handle, test } = useTestApp();
const staticDir = useSiteDir(makeStaticSite);

const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
];

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  for (const directive of CSP_DIRECTIVES) expect(csp.split(/;\s*/)).toContain(directive);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(response.headers).toMatchObject({
    'x-client-version': '1.0.1',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  });
  expect(response.headers['permissions-policy']).toContain('camera=()');
}

describe('GET /api/configuration', () => {
  it('answers every configuration field with third-party ids empty by default', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(response.statusCode).toBe(200);
    const body = srv.envelopeOf(response);
    expect(body.status).toBe(ResponseStatus.Ok);
    expect(is(body.data, Configuration)).toBe(true);
    const { mediaServiceClientApiKey } = body.data as Configuration;
    // Generated on first start and kept in the database: the same for another server instance.
    expect(mediaServiceClientApiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const again = await srv.createTestApp(handle.db);
    const second = await again.app.inject({ method: 'GET', url: '/api/configuration' });
    expect((srv.envelopeOf(second).data as Configuration).mediaServiceClientApiKey).toBe(
      mediaServiceClientApiKey,
    );
    expect(body.data).toEqual({
      apiBaseUrl: '/api',
      appClientVersion: '1.0.1',
      minimumPasswordLength: 6,
      userInvitationExpiryLengthInDays: 7,
      reCaptchaSiteKey: '',
      defaultFromEmailAddress: 'no-reply@givedrop.example',
      supportUrl: 'https://givedrop.example/support',
      supportEmailAddress: 'support@givedrop.example',
      termsUrl: 'https://givedrop.example/terms',
      privacyPolicyUrl: 'https://givedrop.example/privacy',
      mediaServiceApiBaseUrl: '/media',
      mediaServiceClientApiKey,
      sessionRecordingAppId: '',
      tagManagerId: '',
      googleClientId: '',
    });
  });

  it('takes its values from the environment', async () => {
    const custom = await srv.createTestApp(handle.db, {
      APP_CLIENT_VERSION: '1.2.0',
      MINIMUM_PASSWORD_LENGTH: '10',
      USER_INVITATION_EXPIRY_DAYS: '3',
      RECAPTCHA_SITE_KEY: 'site-key',
      GOOGLE_CLIENT_ID: 'google-id',
      TAG_MANAGER_ID: 'GTM-1',
      SESSION_RECORDING_APP_ID: 'rec-1',
      MEDIA_SERVICE_API_BASE_URL: 'https://media.example',
      MEDIA_SERVICE_CLIENT_API_KEY: 'media-key',
    });
    const response = await custom.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(response.headers['x-client-version']).toBe('1.2.0');
    expect(srv.envelopeOf(response).data).toMatchObject({
      appClientVersion: '1.2.0',
      minimumPasswordLength: 10,
      userInvitationExpiryLengthInDays: 3,
      reCaptchaSiteKey: 'site-key',
      googleClientId: 'google-id',
      tagManagerId: 'GTM-1',
      sessionRecordingAppId: 'rec-1',
      mediaServiceApiBaseUrl: 'https://media.example',
      mediaServiceClientApiKey: 'media-key',
    });
  });
});

describe('security headers and x-client-version', () => {
  it('are on successes, 4xx answers, 404s and 429s', async () => {
    const limited = await srv.createTestApp(handle.db, { LOGIN_RATE_LIMIT_ADDRESS: '1' });
    await srv.postLogin(limited.app, DEMO_USERS.member.email, 'wrong');
    const responses = [
      await test.app.inject({ method: 'GET', url: '/api/configuration' }),
      await srv.postLogin(test.app, DEMO_USERS.owner.email),
      await srv.postLogin(test.app, DEMO_USERS.owner.email, 'wrong'),
      await test.app.inject({
        method: 'POST',
        url: srv.api(apiPaths.login),
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      await test.app.inject({ method: 'GET', url: srv.api(apiPaths.getCurrentTenantStatus) }),
      await test.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await test.app.inject({ method: 'GET', url: '/feed', headers: { accept: 'text/html' } }),
      await srv.postLogin(limited.app, DEMO_USERS.member.email),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 401, 400, 401, 404, 404, 429,
    ]);
    for (const response of responses) expectSecurityHeaders(response);
  });

  it('are relaxed for the Stately inspector only in dev mode', async () => {
    const dev = await srv.createTestApp(handle.db, { DEV_MODE: 'true' });
    const response = await dev.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(response.headers['content-security-policy']).toContain('https://stately.ai');
    expect(response.headers['content-security-policy']).toMatch(/(^|;)\s*script-src 'self';/);
    // Vite's hot module replacement: websockets only in dev mode.
    expect(String(response.headers['content-security-policy']).split(/;\s*/)).toContain(
      "connect-src 'self' ws: wss: https://stately.ai",
    );
  });

  it('allow no websocket in production', async () => {
    const production = await srv.createTestApp(handle.db, {
      NODE_ENV: 'production',
      CAPTCHA_OPT_OUT: '1',
    });
    const response = await production.app.inject({ method: 'GET', url: '/api/configuration' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp.split(/;\s*/)).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/(^|\s)wss?:(\s|;|$)/);
    expect(csp).not.toContain('stately.ai');
  });
});

describe('unknown API paths and unexpected errors', () => {
  it('answer a 404 envelope for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await test.app.inject({
        method,
        url: '/api/auth/nothing-here',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(is(response.json(), Envelope)).toBe(true);
      expect(srv.envelopeOf(response)).toEqual({
        status: ResponseStatus.Error,
        messages: ['The requested resource was not found.'],
        data: null,
      });
    }
  });

  it('map a database that cannot be used to a 503 envelope (issue 13; it was a 500)', async () => {
    const broken = await openTestDatabase();
    const app = await srv.createTestApp(broken.db);
    await broken.close();
    const response = await srv.postLogin(app.app, DEMO_USERS.owner.email);
    expect(response.statusCode).toBe(503);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Error,
      messages: [DATABASE_UNAVAILABLE],
      data: null,
    });
    expectSecurityHeaders(response);
  });
});

describe('the static SPA', () => {
  let site: srv.TestApp;
  beforeAll(async () => {
    site = await srv.createTestApp(handle.db, { STATIC_DIR: staticDir() });
  });

  it('serves index.html without caching and assets with a long cache', async () => {
    const index = await site.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html' },
    });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body).toContain('<div id="root">');
    expectSecurityHeaders(index);

    const asset = await site.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const favicon = await site.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('answers client-side routes that accept HTML with index.html', async () => {
    for (const url of ['/feed', '/account/profile?tab=1', '/invitation/abc']) {
      const response = await site.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,*/*' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>Givedrop</title>');
    }
  });

  it('keeps API paths, missing files and non-GET requests out of the fallback', async () => {
    const apiPath = await site.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(apiPath.statusCode).toBe(404);
    expect(srv.envelopeOf(apiPath).status).toBe(ResponseStatus.Error);
    const missingAsset = await site.app.inject({
      method: 'GET',
      url: '/assets/missing.js',
      headers: { accept: '*/*' },
    });
    expect(missingAsset.statusCode).toBe(404);
    const post = await site.app.inject({
      method: 'POST',
      url: '/feed',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(404);
    const configuration = await site.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(srv.envelopeOf(configuration).status).toBe(ResponseStatus.Ok);
  });
});

describe('a custom API base', () => {
  it('mounts the calls and scopes the refresh cookie under its path', async () => {
    const custom = await srv.createTestApp(handle.db, { API_BASE_URL: '/v2' });
    const configuration = await custom.app.inject({ method: 'GET', url: '/api/configuration' });
    expect(srv.envelopeOf(configuration).data).toMatchObject({ apiBaseUrl: '/v2' });
    const response = await custom.app.inject({
      method: 'POST',
      url: `/v2/${apiPaths.login}`,
      payload: { email: DEMO_USERS.owner.email, password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(srv.refreshCookieOf(response)?.path).toBe('/v2/auth');
    expect((await srv.postLogin(custom.app, DEMO_USERS.owner.email)).statusCode).toBe(404);
  });
});
