import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connectOriginsOf, securityHeaders } from '../../server/http/securityHeaders';

const directive = (headers: Record<string, string>, name: string) =>
  (headers['content-security-policy'] ?? '')
    .split('; ')
    .find((part) => part.startsWith(`${name} `)) ?? '';

/** A bare `ws:` / `wss:` scheme source: any websocket anywhere. */
const BARE_WEBSOCKET = /(^|\s)wss?:(\s|;|$)/;

describe('the Content-Security-Policy connect-src', () => {
  it('is the site itself in production: no websocket, no inspector', () => {
    const headers = securityHeaders({ devMode: false, https: true });
    expect(directive(headers, 'connect-src')).toBe("connect-src 'self'");
    expect(headers['content-security-policy']).not.toMatch(BARE_WEBSOCKET);
    expect(headers['content-security-policy']).not.toContain('stately.ai');
  });

  it('allows websockets (Vite HMR) and the Stately inspector in dev mode only', () => {
    const headers = securityHeaders({ devMode: true, https: false });
    expect(directive(headers, 'connect-src')).toBe(
      "connect-src 'self' ws: wss: https://stately.ai",
    );
  });

  it('adds the origins of absolute API and media service bases', () => {
    const headers = securityHeaders({
      devMode: false,
      https: true,
      googleSignIn: true,
      connectOrigins: ['https://api.givedrop.example', 'https://media.givedrop.example'],
    });
    expect(directive(headers, 'connect-src')).toBe(
      "connect-src 'self' https://api.givedrop.example https://media.givedrop.example https://accounts.google.com/gsi/",
    );
    expect(headers['content-security-policy']).not.toMatch(BARE_WEBSOCKET);
  });
});

describe('connectOriginsOf', () => {
  it('answers the origins of absolute bases once each, and nothing for relative ones', () => {
    expect(connectOriginsOf('/api', '/media')).toEqual([]);
    expect(
      connectOriginsOf('https://api.givedrop.example/api', 'https://api.givedrop.example/media'),
    ).toEqual(['https://api.givedrop.example']);
    expect(connectOriginsOf('/api', 'http://localhost:3560/media')).toEqual([
      'http://localhost:3560',
    ]);
  });

  it('reads the configuration announced to the SPA', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      API_BASE_URL: 'https://api.givedrop.example/api',
      MEDIA_SERVICE_API_BASE_URL: 'https://media.givedrop.example',
    });
    expect(connectOriginsOf(config.apiBaseUrl, config.thirdParty.mediaServiceApiBaseUrl)).toEqual([
      'https://api.givedrop.example',
      'https://media.givedrop.example',
    ]);
  });
});
