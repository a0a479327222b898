import { describe, expect, it } from 'vitest';
import {
  isUnderApiBase,
  resolveApiBase,
  resolveRequestUrl,
  withQuery,
} from '../../src/services/apiUrl';
import { DEFAULT_RATE_LIMIT_WAIT_MS, retryAfterMs } from '../../src/services/rateLimit';

const origin = 'https://app.givedrop.test';

describe('resolveApiBase', () => {
  it('resolves a relative base against the origin and ends it with a slash', () => {
    expect(resolveApiBase('/api', origin)?.href).toBe('https://app.givedrop.test/api/');
    expect(resolveApiBase('/api/', origin)?.href).toBe('https://app.givedrop.test/api/');
  });
  it('keeps an absolute base and drops query and fragment', () => {
    expect(resolveApiBase('https://api.givedrop.test/v1?x=1#y', origin)?.href).toBe(
      'https://api.givedrop.test/v1/',
    );
  });
  it('is null until configured', () => {
    expect(resolveApiBase('', origin)).toBeNull();
  });
});

describe('resolveRequestUrl', () => {
  const base = resolveApiBase('/api', origin);
  it('puts relative paths under the base, root paths on the origin, absolute URLs as is', () => {
    expect(resolveRequestUrl('auth/login', base, origin).href).toBe(
      'https://app.givedrop.test/api/auth/login',
    );
    expect(resolveRequestUrl('/api/configuration', base, origin).href).toBe(
      'https://app.givedrop.test/api/configuration',
    );
    expect(resolveRequestUrl('https://media.test/x', base, origin).href).toBe(
      'https://media.test/x',
    );
  });
  it('refuses a relative path before the base is configured', () => {
    expect(() => resolveRequestUrl('auth/login', null, origin)).toThrow(/not configured/);
  });
});

describe('isUnderApiBase (bearer only for the API base)', () => {
  const base = resolveApiBase('https://app.givedrop.test/api', undefined);
  it.each([
    ['https://app.givedrop.test/api/auth/login', true],
    ['https://app.givedrop.test/api/', true],
    ['https://app.givedrop.test/api', false],
    ['https://app.givedrop.test/apix/auth', false],
    ['https://app.givedrop.test/other/api/x', false],
    ['https://app.givedrop.test/api/../other', false],
    ['https://app.givedrop.test/api/%2e%2e/other', false],
    ['http://app.givedrop.test/api/auth', false],
    ['https://app.givedrop.test:8443/api/auth', false],
    ['https://app.givedrop.test.evil.test/api/auth', false],
    ['https://app.givedrop.test@evil.test/api/auth', false],
    ['https://evil.test/api/auth', false],
    ['not a url', false],
  ])('%s -> %s', (url, expected) => {
    expect(isUnderApiBase(url, base)).toBe(expected);
  });
  it('is false for everything while no base is configured', () => {
    expect(isUnderApiBase('https://app.givedrop.test/api/x', null)).toBe(false);
  });
});

describe('withQuery', () => {
  it('skips undefined, null and empty strings, keeps 0 and false, repeats lists', () => {
    const url = withQuery(new URL('https://a.test/x?keep=1'), {
      a: 'x y',
      b: undefined,
      c: null,
      d: '',
      e: 0,
      f: false,
      g: ['1', '', null, '2'],
    });
    expect(url.search).toBe('?keep=1&a=x+y&e=0&f=false&g=1&g=2');
  });
});

describe('retryAfterMs (the XHR upload reads Retry-After like fetch calls)', () => {
  it('reads delta seconds', () => {
    expect(retryAfterMs('1')).toBe(1000);
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('2.5')).toBe(2500);
  });
  it('reads an HTTP date', () => {
    const now = Date.parse('2026-11-01T10:00:00Z');
    expect(retryAfterMs('Sun, 01 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 01 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('defaults to 3 s when absent or unreadable', () => {
    expect(DEFAULT_RATE_LIMIT_WAIT_MS).toBe(3000);
    expect(retryAfterMs(null)).toBe(3000);
    expect(retryAfterMs('')).toBe(3000);
    expect(retryAfterMs('soon')).toBe(3000);
  });
});
