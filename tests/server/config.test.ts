import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

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
    expect(Object.values(config.thirdParty).every((value) => value === '')).toBe(true);
  });

  it('turns the Secure cookie flag on in production unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '1' }).cookieSecure).toBe(true);
  });

  it('mounts the API under the path of an absolute API_BASE_URL', () => {
    const config = loadConfig({ API_BASE_URL: 'https://givedrop.example/api/v2/' });
    expect(config.apiBaseUrl).toBe('https://givedrop.example/api/v2');
    expect(config.apiBasePath).toBe('/api/v2');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['JWT_TTL_SECONDS', '0'],
    ['LOGIN_RATE_LIMIT_ACCOUNT', '-1'],
    ['COOKIE_SECURE', 'maybe'],
    ['JWT_SECRET', 'too-short'],
    ['API_BASE_URL', '/'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
