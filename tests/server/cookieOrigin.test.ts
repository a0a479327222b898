/**
 * The calls that read the refresh cookie refuse a request from another site (issue 31): SameSite
 * alone protected them. A foreign Origin or `Sec-Fetch-Site: cross-site` is a 403 in the envelope
 * and the session goes on untouched; the site's own origins (SITE_URL's, the server's own) pass,
 * and so does a request with neither header (curl, server-to-server), as before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { DEMO_USERS } from '../../server/db/seedData';
import { FOREIGN_ORIGIN } from '../../server/http/refreshCookie';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { apiPaths } from './support/apiPaths';
import { api, bearer, envelopeOf, login, type LoginResult } from './support/testServer';
import { useTestApp } from './support/suite';

const SITE = 'https://givedrop.example';

let session: LoginResult;

const { test } = useTestApp({ appPerTest: true, env: { SITE_URL: `${SITE}/app` } });
beforeEach(async () => {
  session = await login(test.app, DEMO_USERS.member.email);
});

function send(path: string, headers: Record<string, string>, payload: object = {}) {
  return test.app.inject({
    method: 'POST',
    url: api(path),
    headers: { ...bearer(session.jwtToken), ...headers },
    cookies: { [REFRESH_COOKIE]: session.refreshToken },
    payload,
  });
}

/** Every call that reads the refresh cookie, with a payload it would accept. */
const cookieCalls: [string, () => object][] = [
  [apiPaths.refreshToken, () => ({})],
  [apiPaths.revokeToken, () => ({})],
  [apiPaths.switchTenant, () => ({ id: 1 })],
  [apiPaths.impersonate, () => ({ userId: 1 })],
  [apiPaths.stopImpersonating, () => ({})],
];

describe.each(cookieCalls)('POST /api/%s from another site', (path, payload) => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Origin that only starts like the site', { origin: `${SITE}.evil.example` }],
    ["the site's host on another scheme", { origin: 'http://givedrop.example' }],
    ['Origin null (a sandboxed or privacy-redirected page)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    [
      'Sec-Fetch-Site: cross-site beside a site Origin',
      { origin: SITE, 'sec-fetch-site': 'cross-site' },
    ],
  ])('refuses %s with a 403 and leaves the session alone', async (_name, headers) => {
    const response = await send(path, headers, payload());
    expect(response.statusCode, response.body).toBe(403);
    expect(envelopeOf(response)).toEqual({
      status: ResponseStatus.Error,
      messages: [FOREIGN_ORIGIN],
      data: null,
    });
    expect(response.cookies).toEqual([]);
    // The cookie was neither spent nor revoked: the session still refreshes.
    expect((await send(apiPaths.refreshToken, {})).statusCode).toBe(200);
  });
});

describe.each([apiPaths.refreshToken, apiPaths.revokeToken])('POST /api/%s', (path) => {
  it.each([
    ["SITE_URL's origin", { origin: SITE, 'sec-fetch-site': 'same-origin' }],
    ["the server's own origin", { origin: 'http://localhost:80', host: 'localhost:80' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site', origin: SITE }],
    ['Sec-Fetch-Site: none (typed or bookmarked)', { 'sec-fetch-site': 'none' }],
    ['neither header (curl, another server)', {}],
  ])('accepts %s', async (_name, headers) => {
    const response = await send(path, headers);
    expect(response.statusCode, response.body).toBe(200);
  });
});
