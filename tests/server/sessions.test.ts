import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentTenant, TenantSummary } from '../../contract/auth';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { apiPaths } from './support/apiPaths';
import { tenantUsers } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { refreshTokenRow } from './support/rows';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

const { owner, member } = DEMO_USERS;
const sessionExpired = {
  status: ResponseStatus.Unauthorized,
  messages: ['Your session has expired, please log in again.'],
  data: null,
};

const { handle, test, reopenApp } = useTestApp({
  appPerTest: true,
  env: { REFRESH_TTL_SECONDS: '3600', JWT_TTL_SECONDS: '300' },
});

const tokenRow = (token: string) => refreshTokenRow(handle.db, token);

function expectClearedCookie(response: Awaited<ReturnType<typeof srv.postRefresh>>) {
  const cookie = srv.refreshCookieOf(response);
  expect(cookie?.value).toBe('');
  expect(cookie?.path).toBe('/api/auth');
  expect(cookie?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
}

describe('POST /api/auth/refreshToken', () => {
  it('rotates the cookie and answers a new access token for the same tenant and family expiry', async () => {
    const first = await srv.login(test.app, owner.email);
    test.clock.advanceSeconds(60);
    const response = await srv.postRefresh(test.app, first.refreshToken);
    expect(response.statusCode).toBe(200);
    const next = srv.sessionOf(response);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.jwtToken).not.toBe(first.jwtToken);
    expect(next.claims.exp).toBe(first.claims.exp + 60);
    expect(next.claims.currentTenant).toBe(first.claims.currentTenant);
    const data = srv.envelopeOf(response).data as { refreshTokenExpiresAt: string };
    expect(data.refreshTokenExpiresAt).toBe(
      (srv.envelopeOf(first.response).data as { refreshTokenExpiresAt: string })
        .refreshTokenExpiresAt,
    );
    expect(srv.refreshCookieOf(response)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });

    const spent = await tokenRow(first.refreshToken);
    const fresh = await tokenRow(next.refreshToken);
    expect(spent?.usedAt).not.toBeNull();
    expect(fresh?.familyId).toBe(spent?.familyId);
    expect(fresh?.tokenHash).not.toContain(next.refreshToken);
  });

  it('accepts an empty body and switchToCurrent', async () => {
    const first = await srv.login(test.app, owner.email);
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.refreshToken),
      cookies: { [REFRESH_COOKIE]: first.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    const again = await srv.postRefresh(test.app, srv.sessionOf(response).refreshToken, {
      switchToCurrent: true,
    });
    expect(again.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again after the grace period', async () => {
    const first = await srv.login(test.app, member.email);
    const second = srv.sessionOf(await srv.postRefresh(test.app, first.refreshToken));

    test.clock.advanceSeconds(11);
    const replay = await srv.postRefresh(test.app, first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(srv.envelopeOf(replay)).toEqual(sessionExpired);
    expectClearedCookie(replay);

    const newer = await srv.postRefresh(test.app, second.refreshToken);
    expect(newer.statusCode).toBe(401);
    expect((await tokenRow(second.refreshToken))?.revokedAt).not.toBeNull();
  });

  it('refuses a missing or unknown cookie with 401 and clears it', async () => {
    const missing = await srv.postRefresh(test.app, undefined);
    expect(missing.statusCode).toBe(401);
    expect(srv.envelopeOf(missing)).toEqual(sessionExpired);
    const unknown = await srv.postRefresh(test.app, 'not-a-token-we-issued');
    expect(unknown.statusCode).toBe(401);
    expectClearedCookie(unknown);
  });

  it('ends the family at its absolute expiry, which rotation never extends', async () => {
    const first = await srv.login(test.app, owner.email);
    test.clock.advanceSeconds(3000);
    const rotated = srv.sessionOf(await srv.postRefresh(test.app, first.refreshToken));
    test.clock.advanceSeconds(599);
    const lastOne = srv.sessionOf(await srv.postRefresh(test.app, rotated.refreshToken));
    test.clock.advanceSeconds(1);
    const expired = await srv.postRefresh(test.app, lastOne.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(srv.envelopeOf(expired)).toEqual(sessionExpired);
    expectClearedCookie(expired);
  });

  it('re-reads the membership, so a role change applies to the next access token', async () => {
    const first = await srv.login(test.app, member.email);
    const tenantId = srv.parseJsonClaim<CurrentTenant>(first.claims.currentTenant).id;
    const [membership] = await handle.db
      .select()
      .from(tenantUsers)
      .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.userId, first.claims.id)));
    if (membership === undefined) throw new Error('membership missing');
    await handle.db
      .update(tenantUsers)
      .set({ userRole: UserRole.Administrator })
      .where(eq(tenantUsers.id, membership.id));
    try {
      const next = srv.sessionOf(await srv.postRefresh(test.app, first.refreshToken));
      expect(srv.parseJsonClaim<CurrentTenant>(next.claims.currentTenant).userRole).toBe(
        UserRole.Administrator,
      );

      await handle.db
        .update(tenantUsers)
        .set({ loginEnabled: false })
        .where(eq(tenantUsers.id, membership.id));
      const refused = await srv.postRefresh(test.app, next.refreshToken);
      expect(refused.statusCode).toBe(401);
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ userRole: UserRole.User, loginEnabled: true })
        .where(eq(tenantUsers.id, membership.id));
    }
  });
});

describe('refreshes with the same cookie within the grace period', () => {
  it('answers two concurrent refreshes with the same new session and keeps the family', async () => {
    const first = await srv.login(test.app, member.email);
    test.clock.advanceSeconds(60);
    const answers = await Promise.all([
      srv.postRefresh(test.app, first.refreshToken),
      srv.postRefresh(test.app, first.refreshToken),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [one, two] = answers.map(srv.sessionOf);
    if (one === undefined || two === undefined) throw new Error('two answers expected');
    expect(two.refreshToken).toBe(one.refreshToken);
    expect(two.claims).toEqual(one.claims);
    expect(one.claims.exp).toBe(first.claims.exp + 60);
    expect(srv.envelopeOf(answers[1]!).data).toEqual(srv.envelopeOf(answers[0]!).data);

    expect((await tokenRow(first.refreshToken))?.revokedAt).toBeNull();
    const next = await srv.postRefresh(test.app, one.refreshToken);
    expect(next.statusCode).toBe(200);
  });

  it('answers a replay within the grace period like the first refresh, with the same expiry', async () => {
    const first = await srv.login(test.app, owner.email);
    const rotated = srv.sessionOf(await srv.postRefresh(test.app, first.refreshToken));
    test.clock.advanceSeconds(9);
    const replay = await srv.postRefresh(test.app, first.refreshToken);
    expect(replay.statusCode).toBe(200);
    const again = srv.sessionOf(replay);
    expect(again.refreshToken).toBe(rotated.refreshToken);
    expect(again.claims).toEqual(rotated.claims);
    // The access token is the one issued 9 s ago: the answer says how long it has left.
    expect((srv.envelopeOf(replay).data as { jwtTokenExpiresIn: number }).jwtTokenExpiresIn).toBe(
      300 - 9,
    );
    expect((await srv.postRefresh(test.app, again.refreshToken)).statusCode).toBe(200);
  });

  it('revokes the family when the spent token comes back after its successor was spent', async () => {
    const first = await srv.login(test.app, owner.email);
    const second = srv.sessionOf(await srv.postRefresh(test.app, first.refreshToken));
    const third = srv.sessionOf(await srv.postRefresh(test.app, second.refreshToken));
    const replay = await srv.postRefresh(test.app, first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect((await srv.postRefresh(test.app, third.refreshToken)).statusCode).toBe(401);
  });

  it('revokes the family when the spent cookie is replayed after the grace period', async () => {
    const first = await srv.login(test.app, member.email);
    const [one] = await Promise.all([
      srv.postRefresh(test.app, first.refreshToken),
      srv.postRefresh(test.app, first.refreshToken),
    ]);
    const newest = srv.sessionOf(one!);
    test.clock.advanceSeconds(11);
    const late = await srv.postRefresh(test.app, first.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(srv.envelopeOf(late)).toEqual(sessionExpired);
    expect((await srv.postRefresh(test.app, newest.refreshToken)).statusCode).toBe(401);
    expect((await getStatus(newest.jwtToken)).statusCode).toBe(401);
  });

  it('takes its length from REFRESH_GRACE_SECONDS', async () => {
    await reopenApp({ REFRESH_GRACE_SECONDS: '30' });
    const first = await srv.login(test.app, member.email);
    const rotated = srv.sessionOf(await srv.postRefresh(test.app, first.refreshToken));
    test.clock.advanceSeconds(25);
    const replay = await srv.postRefresh(test.app, first.refreshToken);
    expect(replay.statusCode).toBe(200);
    expect(srv.sessionOf(replay).refreshToken).toBe(rotated.refreshToken);
  });
});

describe('POST /api/auth/revokeToken', () => {
  it('revokes the family of the cookie and clears it', async () => {
    const session = await srv.login(test.app, owner.email);
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.revokeToken),
      cookies: { [REFRESH_COOKIE]: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Ok,
      messages: [],
      data: { revoked: true },
    });
    expectClearedCookie(response);
    expect((await srv.postRefresh(test.app, session.refreshToken)).statusCode).toBe(401);
  });

  it('answers 200 Ok without a cookie, with an unknown one and when repeated', async () => {
    const session = await srv.login(test.app, owner.email);
    const presented = [undefined, 'unknown', session.refreshToken, session.refreshToken];
    for (const token of presented) {
      const cookies: Record<string, string> =
        token === undefined ? {} : { [REFRESH_COOKIE]: token };
      const response = await test.app.inject({
        method: 'POST',
        url: srv.api(apiPaths.revokeToken),
        cookies,
        payload: {},
      });
      expect(response.statusCode).toBe(200);
      expect(srv.envelopeOf(response).status).toBe(ResponseStatus.Ok);
    }
  });
});

/** The session id an access token carries (the refresh family it was issued with). */
const sidOf = (session: { claims: object }) => (session.claims as { sid?: unknown }).sid;

function getStatus(jwtToken: string) {
  return test.app.inject({
    method: 'GET',
    url: srv.api(apiPaths.getCurrentTenantStatus),
    headers: srv.bearer(jwtToken),
  });
}

function postRevoke(refreshToken: string) {
  return test.app.inject({
    method: 'POST',
    url: srv.api(apiPaths.revokeToken),
    cookies: { [REFRESH_COOKIE]: refreshToken },
  });
}

describe('access tokens end with their session', () => {
  it('carries the refresh family as sid, kept by a refresh and renewed by a tenant switch', async () => {
    const session = await srv.login(test.app, member.email);
    expect(sidOf(session)).toBe((await tokenRow(session.refreshToken))?.familyId);

    const refreshed = srv.sessionOf(await srv.postRefresh(test.app, session.refreshToken));
    expect(sidOf(refreshed)).toBe(sidOf(session));
    expect((await tokenRow(refreshed.refreshToken))?.familyId).toBe(sidOf(session));

    const other = srv
      .parseJsonClaim<TenantSummary[]>(refreshed.claims.tenants)
      .find(
        (tenant) =>
          tenant.id !== srv.parseJsonClaim<CurrentTenant>(refreshed.claims.currentTenant).id,
      );
    if (other === undefined) throw new Error('the member needs a second tenant');
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.switchTenant),
      headers: srv.bearer(refreshed.jwtToken),
      cookies: { [REFRESH_COOKIE]: refreshed.refreshToken },
      payload: { id: other.id },
    });
    expect(response.statusCode).toBe(200);
    const switched = srv.sessionOf(response);
    expect(sidOf(switched)).toBe((await tokenRow(switched.refreshToken))?.familyId);
    expect(sidOf(switched)).not.toBe(sidOf(session));
    expect((await getStatus(switched.jwtToken)).statusCode).toBe(200);
    // The switch ended the old family, and with it the access tokens issued on the old tenant.
    expect((await getStatus(refreshed.jwtToken)).statusCode).toBe(401);
  });

  it('ends the access tokens of a signed-out session at once, and only of that session', async () => {
    const session = await srv.login(test.app, owner.email);
    const refreshed = srv.sessionOf(await srv.postRefresh(test.app, session.refreshToken));
    const other = await srv.login(test.app, owner.email);
    for (const token of [session.jwtToken, refreshed.jwtToken, other.jwtToken]) {
      expect((await getStatus(token)).statusCode).toBe(200);
    }

    expect((await postRevoke(refreshed.refreshToken)).statusCode).toBe(200);

    for (const token of [session.jwtToken, refreshed.jwtToken]) {
      const response = await getStatus(token);
      expect(response.statusCode).toBe(401);
      expect(srv.envelopeOf(response).status).toBe(ResponseStatus.Unauthorized);
    }
    expect((await getStatus(other.jwtToken)).statusCode).toBe(200);
    expect((await srv.postRefresh(test.app, other.refreshToken)).statusCode).toBe(200);
  });

  it('ends the access tokens of a family revoked by reuse detection', async () => {
    const session = await srv.login(test.app, member.email);
    const refreshed = srv.sessionOf(await srv.postRefresh(test.app, session.refreshToken));
    test.clock.advanceSeconds(60);
    expect((await srv.postRefresh(test.app, session.refreshToken)).statusCode).toBe(401);
    expect((await getStatus(refreshed.jwtToken)).statusCode).toBe(401);
  });
});
