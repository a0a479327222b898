import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAreaSettings } from '../../server/area';
import { areas } from '../../server/areas';
import { ConfigError, loadConfig } from '../../server/config';
import {
  defaultMaxConnections,
  FALLBACK_MAX_CONNECTIONS,
  openFileLimit,
} from '../../server/descriptors';
import { accountSettings } from '../../server/features/account/settings';
import { teamSettings } from '../../server/features/team/settings';

describe('loadConfig', () => {
  it('has defaults for a local demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: '.data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      jwtTtlSeconds: 900,
      refreshTtlSeconds: 30 * 24 * 60 * 60,
      refreshGraceSeconds: 10,
      apiBaseUrl: '/api',
      apiBasePath: '/api',
      appClientVersion: '1.0.1',
      minimumPasswordLength: 6,
      userInvitationExpiryDays: 7,
      cookieSecure: false,
      devMode: false,
      staticDir: 'dist',
      loginRateLimit: { perAccount: 5, perAddress: 50, windowSeconds: 900 },
    });
    const { mediaServiceApiBaseUrl, ...others } = config.thirdParty;
    expect(Object.values(others).every((value) => value === '')).toBe(true);
    expect(mediaServiceApiBaseUrl).toBe('/media');
    expect(config).toMatchObject({
      mediaServicePath: '/media',
      mediaDir: join('.data', 'media'),
      mediaPendingTtlHours: 24,
      feedPageMemory: 1000,
    });
    expect(loadConfig({ FEED_PAGE_MEMORY: '0' }).feedPageMemory).toBe(0);
  });

  it('mounts the media service under the path of its base URL, beside the API', () => {
    expect(loadConfig({ API_BASE_URL: 'https://givedrop.example/api' })).toMatchObject({
      thirdParty: { mediaServiceApiBaseUrl: 'https://givedrop.example/media' },
      mediaServicePath: '/media',
    });
    expect(loadConfig({ MEDIA_SERVICE_API_BASE_URL: '/files/v1/' })).toMatchObject({
      thirdParty: { mediaServiceApiBaseUrl: '/files/v1' },
      mediaServicePath: '/files/v1',
    });
    // A media service of its own origin: announced as is; this server's stays at /media.
    expect(loadConfig({ MEDIA_SERVICE_API_BASE_URL: 'https://media.example' })).toMatchObject({
      thirdParty: { mediaServiceApiBaseUrl: 'https://media.example' },
      mediaServicePath: '/media',
    });
    expect(loadConfig({ DATA_DIR: '/srv/givedrop' }).mediaDir).toBe(join('/srv/givedrop', 'media'));
  });

  it('turns the Secure cookie flag on in production unless told otherwise', () => {
    const production = { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1' };
    expect(loadConfig(production).cookieSecure).toBe(true);
    expect(loadConfig({ ...production, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
  });

  it('refuses production without a captcha secret unless CAPTCHA_OPT_OUT is set (issue 31)', () => {
    const production = { NODE_ENV: 'production' };
    for (const env of [production, { ...production, RECAPTCHA_SITE_KEY: 'site' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/RECAPTCHA_SECRET_KEY.*CAPTCHA_OPT_OUT=1/);
      expect(() => loadConfig({ ...env, CAPTCHA_OPT_OUT: '0' })).toThrow(ConfigError);
    }
    expect(loadConfig({ ...production, RECAPTCHA_SECRET_KEY: 'secret' }).captchaOptOut).toBe(false);
    expect(loadConfig({ ...production, CAPTCHA_OPT_OUT: '1' }).captchaOptOut).toBe(true);
    expect(loadConfig({ ...production, CAPTCHA_OPT_OUT: 'true' }).captchaOptOut).toBe(true);
    // Outside production the development stand-in needs no secret.
    expect(loadConfig({}).captchaOptOut).toBe(false);
  });

  it('reads the HTTP timeouts, with defaults that end a trickled request within 30 s', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      requestSeconds: 30,
      headersSeconds: 10,
      connectionSeconds: 30,
      keepAliveSeconds: 72,
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_SECONDS: '10',
        HEADERS_TIMEOUT_SECONDS: '4',
        CONNECTION_TIMEOUT_SECONDS: '5',
        KEEP_ALIVE_TIMEOUT_SECONDS: '3',
      }).httpTimeouts,
    ).toEqual({ requestSeconds: 10, headersSeconds: 4, connectionSeconds: 5, keepAliveSeconds: 3 });
  });

  it('reads the connection limits: by default below the open-file limit, 256 per address', () => {
    const limit = openFileLimit();
    const defaults = loadConfig({}).connectionLimits;
    expect(defaults).toEqual({ maxConnections: defaultMaxConnections(limit), perAddress: 256 });
    if (limit !== undefined) expect(defaults.maxConnections).toBeLessThan(limit);
    expect(
      loadConfig({ MAX_CONNECTIONS: '5000', MAX_CONNECTIONS_PER_ADDRESS: '20' }).connectionLimits,
    ).toEqual({ maxConnections: 5000, perAddress: 20 });
    // Behind a reverse proxy every connection comes from the proxy: no cap per address unless set.
    expect(loadConfig({ TRUST_PROXY: '1' }).connectionLimits.perAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '500' }).connectionLimits
        .perAddress,
    ).toBe(500);
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).connectionLimits.perAddress).toBe(0);
  });

  it('derives the default connection limit from the open-file limit, leaving a headroom', () => {
    // `ulimit -n` 20000: a tenth kept for the database and files.
    expect(defaultMaxConnections(20_000)).toBe(18_000);
    // 1024 (a common default): at least 256 kept.
    expect(defaultMaxConnections(1024)).toBe(768);
    // 256 (macOS): half of it.
    expect(defaultMaxConnections(256)).toBe(128);
    expect(defaultMaxConnections(1)).toBe(1);
    expect(defaultMaxConnections(undefined)).toBe(FALLBACK_MAX_CONNECTIONS);
    expect(FALLBACK_MAX_CONNECTIONS).toBeLessThan(1024);
  });

  it('mounts the API under the path of an absolute API_BASE_URL', () => {
    const config = loadConfig({ API_BASE_URL: 'https://givedrop.example/api/v2/' });
    expect(config.apiBaseUrl).toBe('https://givedrop.example/api/v2');
    expect(config.apiBasePath).toBe('/api/v2');
  });

  it('reads the identity settings, with SITE_URL defaulting to this server', () => {
    expect(loadConfig({})).toMatchObject({
      signupRequiresActivation: false,
      siteUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      thirdPartySecrets: { reCaptchaSecretKey: '', googleClientSecret: '' },
      identityRateLimit: { perAddress: 50, windowSeconds: 900 },
    });
    expect(loadConfig({ PORT: '3100' }).siteUrl).toBe('http://localhost:3100');
    const custom = loadConfig({
      SIGNUP_REQUIRES_ACTIVATION: 'true',
      SITE_URL: 'https://givedrop.example/app/',
      SMTP_URL: 'smtps://user:pw@smtp.example.com:465',
      RECAPTCHA_SECRET_KEY: 'captcha-secret',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      IDENTITY_RATE_LIMIT_ADDRESS: '7',
      IDENTITY_RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    expect(custom).toMatchObject({
      signupRequiresActivation: true,
      siteUrl: 'https://givedrop.example/app',
      smtpUrl: 'smtps://user:pw@smtp.example.com:465',
      thirdPartySecrets: {
        reCaptchaSecretKey: 'captcha-secret',
        googleClientSecret: 'google-secret',
      },
      identityRateLimit: { perAddress: 7, windowSeconds: 60 },
    });
  });

  it("reads the limit per client address of the invitee's calls", () => {
    expect(loadConfig({}).invitationRateLimit).toEqual({ perAddress: 60, windowSeconds: 900 });
    expect(
      loadConfig({
        INVITATION_RATE_LIMIT_ADDRESS: '5',
        INVITATION_RATE_LIMIT_WINDOW_SECONDS: '120',
      }).invitationRateLimit,
    ).toEqual({ perAddress: 5, windowSeconds: 120 });
  });

  it('reads the limits of invitation mails per Administrator and per organisation (the team area)', () => {
    expect(teamSettings({}).invitationMailLimit).toEqual({
      perAdministrator: 50,
      perOrganisation: 100,
      windowSeconds: 86_400,
    });
    expect(
      teamSettings({
        INVITATION_MAIL_LIMIT_ADMINISTRATOR: '3',
        INVITATION_MAIL_LIMIT_ORGANISATION: '4',
        INVITATION_MAIL_LIMIT_WINDOW_SECONDS: '600',
      }).invitationMailLimit,
    ).toEqual({ perAdministrator: 3, perOrganisation: 4, windowSeconds: 600 });
  });

  it('reads the limits per account of the account settings (the account area)', () => {
    expect(accountSettings({}).accountRateLimit).toEqual({
      downloads: 5,
      deletions: 5,
      passwordFailures: 5,
      windowSeconds: 3600,
    });
    expect(
      accountSettings({
        ACCOUNT_RATE_LIMIT_DOWNLOADS: '2',
        ACCOUNT_RATE_LIMIT_DELETIONS: '3',
        ACCOUNT_RATE_LIMIT_PASSWORD_FAILURES: '4',
        ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: '60',
      }).accountRateLimit,
    ).toEqual({ downloads: 2, deletions: 3, passwordFailures: 4, windowSeconds: 60 });
  });

  it.each([
    ['SIGNUP_REQUIRES_ACTIVATION', 'maybe'],
    ['SITE_URL', 'not a url'],
    ['SITE_URL', 'ftp://givedrop.example'],
    ['SITE_URL', 'https://givedrop.example/?x=1'],
    ['SMTP_URL', 'http://smtp.example.com'],
    ['IDENTITY_RATE_LIMIT_ADDRESS', '0'],
    ['INVITATION_RATE_LIMIT_ADDRESS', '0'],
    ['INVITATION_RATE_LIMIT_ADDRESS', 'many'],
    ['INVITATION_RATE_LIMIT_WINDOW_SECONDS', '-5'],
    ['CAPTCHA_OPT_OUT', 'maybe'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['JWT_TTL_SECONDS', '0'],
    ['LOGIN_RATE_LIMIT_ACCOUNT', '-1'],
    ['COOKIE_SECURE', 'maybe'],
    ['JWT_SECRET', 'too-short'],
    ['API_BASE_URL', '/'],
    ['LOG_LEVEL', 'loud'],
    ['MEDIA_SERVICE_API_BASE_URL', '/api'],
    ['MEDIA_SERVICE_API_BASE_URL', 'https://bad host/media'],
    ['MEDIA_PENDING_TTL_HOURS', '0'],
    ['FEED_PAGE_MEMORY', '-1'],
    ['FEED_PAGE_MEMORY', 'lots'],
    ['REQUEST_TIMEOUT_SECONDS', '0'],
    ['CONNECTION_TIMEOUT_SECONDS', 'never'],
    ['HEADERS_TIMEOUT_SECONDS', '0'],
    ['MAX_CONNECTIONS', '0'],
    ['MAX_CONNECTIONS', 'lots'],
    ['MAX_CONNECTIONS_PER_ADDRESS', '-1'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });

  it.each([
    ['ACCOUNT_RATE_LIMIT_DOWNLOADS', '0'],
    ['ACCOUNT_RATE_LIMIT_WINDOW_SECONDS', 'hourly'],
    ['INVITATION_MAIL_LIMIT_ADMINISTRATOR', '0'],
    ['INVITATION_MAIL_LIMIT_ORGANISATION', 'unlimited'],
    ['INVITATION_MAIL_LIMIT_WINDOW_SECONDS', '1.5'],
  ])("refuses an area's %s=%s (checked with the areas' settings)", (name, value) => {
    const { env } = loadConfig({ [name]: value });
    expect(() => checkAreaSettings(areas, env)).toThrow(ConfigError);
  });

  it("accepts every area's defaults", () => {
    expect(() => checkAreaSettings(areas, loadConfig({}).env)).not.toThrow();
  });
});
