import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import {
  connectOriginsOf,
  helmetOptions,
  type SecurityHeaderOptions,
} from '../../server/http/securityHeaders';
import { SESSION_RECORDING_SCRIPT_URL } from '../../src/services/thirdParty/sessionRecording';
import { tagManagerScriptUrl } from '../../src/services/thirdParty/tagManager';

/** The headers @fastify/helmet sends with these options. */
async function securityHeaders(options: SecurityHeaderOptions): Promise<Record<string, string>> {
  const app = Fastify();
  await app.register(fastifyHelmet, helmetOptions(options));
  app.get('/', async () => 'ok');
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return Object.fromEntries(
    Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
  );
}

const directive = (headers: Record<string, string>, name: string) =>
  (headers['content-security-policy'] ?? '')
    .split(/;\s*/)
    .find((part) => part.startsWith(`${name} `)) ?? '';

/** A bare `ws:` / `wss:` scheme source: any websocket anywhere. */
const BARE_WEBSOCKET = /(^|\s)wss?:(\s|;|$)/;

describe('the Content-Security-Policy connect-src', () => {
  it('is the site itself in production: no websocket, no inspector', async () => {
    const headers = await securityHeaders({ devMode: false, https: true });
    expect(directive(headers, 'connect-src')).toBe("connect-src 'self'");
    expect(headers['content-security-policy']).not.toMatch(BARE_WEBSOCKET);
    expect(headers['content-security-policy']).not.toContain('stately.ai');
  });

  it('allows websockets (Vite HMR) and the Stately inspector in dev mode only', async () => {
    const headers = await securityHeaders({ devMode: true, https: false });
    expect(directive(headers, 'connect-src')).toBe(
      "connect-src 'self' ws: wss: https://stately.ai",
    );
  });

  it('adds the origins of absolute API and media service bases', async () => {
    const headers = await securityHeaders({
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
      CAPTCHA_OPT_OUT: '1',
      API_BASE_URL: 'https://api.givedrop.example/api',
      MEDIA_SERVICE_API_BASE_URL: 'https://media.givedrop.example',
    });
    expect(connectOriginsOf(config.apiBaseUrl, config.thirdParty.mediaServiceApiBaseUrl)).toEqual([
      'https://api.givedrop.example',
      'https://media.givedrop.example',
    ]);
  });
});

describe('the headers sent through @fastify/helmet', () => {
  it('are those of the home-made headers they replaced, every third party configured', async () => {
    const headers = await securityHeaders({
      devMode: false,
      https: true,
      recaptcha: true,
      googleSignIn: true,
      connectOrigins: ['https://api.givedrop.example'],
    });
    expect(headers['content-security-policy']?.split(/;\s*/)).toEqual([
      "default-src 'self'",
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://accounts.google.com/gsi/client",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data: blob: https:",
      "media-src 'self' blob: https:",
      "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
      "font-src 'self' data:",
      "connect-src 'self' https://api.givedrop.example https://accounts.google.com/gsi/",
      "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/ https://accounts.google.com/gsi/",
    ]);
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });

  it('are those of the home-made headers in dev mode, without HSTS over HTTP', async () => {
    const headers = await securityHeaders({ devMode: true, https: false });
    expect(headers['content-security-policy']?.split(/;\s*/)).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "img-src 'self' data: blob: https:",
      "media-src 'self' blob: https:",
      "style-src 'self' 'unsafe-inline'",
      "font-src 'self' data:",
      "connect-src 'self' ws: wss: https://stately.ai",
      "frame-src 'self' https://stately.ai",
    ]);
    expect(headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('the tag manager and the session recorder in the CSP', () => {
  it('allows neither when their ids are not configured', async () => {
    const headers = await securityHeaders({ devMode: false, https: true });
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).not.toContain('googletagmanager');
    expect(csp).not.toContain('google-analytics');
    expect(csp).not.toContain('lr-ingest');
    expect(csp).not.toContain('worker-src');
  });

  it('allows Google Tag Manager exactly when TAG_MANAGER_ID is set', async () => {
    const headers = await securityHeaders({ devMode: false, https: true, tagManager: true });
    expect(directive(headers, 'script-src')).toBe(
      "script-src 'self' https://www.googletagmanager.com",
    );
    expect(directive(headers, 'connect-src')).toBe(
      "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com",
    );
    // The loader's script is under the allowed origin.
    expect(tagManagerScriptUrl('GTM-XXXX').startsWith('https://www.googletagmanager.com/')).toBe(
      true,
    );
    expect(headers['content-security-policy']).not.toContain('lr-ingest');
  });

  it('allows LogRocket (script, ingest, blob: worker) exactly when SESSION_RECORDING_APP_ID is set', async () => {
    const headers = await securityHeaders({ devMode: false, https: true, sessionRecording: true });
    expect(directive(headers, 'script-src')).toBe("script-src 'self' https://cdn.lr-ingest.com");
    expect(SESSION_RECORDING_SCRIPT_URL.startsWith('https://cdn.lr-ingest.com/')).toBe(true);
    expect(directive(headers, 'connect-src')).toContain('https://*.lr-ingest.com');
    expect(directive(headers, 'worker-src')).toBe("worker-src 'self' blob:");
    expect(headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('allows both, after the other third parties', async () => {
    const headers = await securityHeaders({
      devMode: false,
      https: true,
      recaptcha: true,
      tagManager: true,
      sessionRecording: true,
    });
    expect(directive(headers, 'script-src')).toBe(
      "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/ https://www.googletagmanager.com https://cdn.lr-ingest.com",
    );
  });
});
