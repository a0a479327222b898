import { HOST_ONLY_CALL, NO_TENANT_ACCESS } from '../../server/domain/scope';
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentTenant, TenantSummary } from '../../contract/auth';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { apiPaths } from './support/apiPaths';
import { onboardingTexts, type TenantStatus } from '../../contract/tenants';
import { tenantEndpoints } from '../../contract/endpoints/tenants';
import { tenants, tenantUsers, users } from '../../server/db/schema';
import { DEMO_TENANTS, DEMO_USERS } from '../../server/db/seedData';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

const { owner, member, newbie } = DEMO_USERS;
const notAuthenticated = {
  status: ResponseStatus.Unauthorized,
  messages: ['User is not authenticated'],
  data: null,
};

let tenantIds: Record<string, number>;

const { handle, test } = useTestApp({ appPerTest: true });
beforeAll(async () => {
  const rows = await handle.db.select({ id: tenants.id, name: tenants.name }).from(tenants);
  tenantIds = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});

const tenantId = (name: string) => {
  const id = tenantIds[name];
  if (id === undefined) throw new Error(`no tenant ${name}`);
  return id;
};

function switchTenant(session: srv.LoginResult, id: unknown) {
  return test.app.inject({
    method: 'POST',
    url: srv.api(apiPaths.switchTenant),
    headers: srv.bearer(session.jwtToken),
    cookies: { [REFRESH_COOKIE]: session.refreshToken },
    payload: { id },
  });
}

function getStatus(jwtToken: string) {
  return test.app.inject({
    method: 'GET',
    url: srv.api(apiPaths.getCurrentTenantStatus),
    headers: srv.bearer(jwtToken),
  });
}

function postHost(path: string, jwtToken: string, payload: object) {
  return test.app.inject({
    method: 'POST',
    url: srv.api(path),
    headers: srv.bearer(jwtToken),
    payload,
  });
}

async function statusOf(jwtToken: string): Promise<TenantStatus> {
  const response = await getStatus(jwtToken);
  expect(response.statusCode).toBe(200);
  return srv.envelopeOf(response).data as TenantStatus;
}

describe('POST /api/auth/switchTenant', () => {
  it('moves the member to his Individual tenant as Administrator and rotates into a new family', async () => {
    const session = await srv.login(test.app, member.email);
    const response = await switchTenant(session, tenantId(DEMO_TENANTS.marcusReed.name));
    expect(response.statusCode).toBe(200);
    const switched = srv.sessionOf(response);
    expect(srv.parseJsonClaim<CurrentTenant>(switched.claims.currentTenant)).toMatchObject({
      id: tenantId('Marcus Reed'),
      name: 'Marcus Reed',
      userRole: UserRole.Administrator,
      owner: true,
      tenantAccountType: 'Individual',
    });
    expect(srv.parseJsonClaim<TenantSummary[]>(switched.claims.tenants)).toHaveLength(2);
    expect((await statusOf(switched.jwtToken)).isTrialing).toBe(true);

    expect((await srv.postRefresh(test.app, session.refreshToken)).statusCode).toBe(401);
    const refreshed = srv.sessionOf(await srv.postRefresh(test.app, switched.refreshToken));
    expect(srv.parseJsonClaim<CurrentTenant>(refreshed.claims.currentTenant).name).toBe(
      'Marcus Reed',
    );

    const nextLogin = await srv.login(test.app, member.email);
    expect(srv.parseJsonClaim<CurrentTenant>(nextLogin.claims.currentTenant).name).toBe(
      'Marcus Reed',
    );
    const back = srv.sessionOf(await switchTenant(nextLogin, tenantId('Harbour Hope')));
    expect(srv.parseJsonClaim<CurrentTenant>(back.claims.currentTenant)).toMatchObject({
      name: 'Harbour Hope',
      userRole: UserRole.User,
    });
  });

  it('keeps the family absolute expiry', async () => {
    const session = await srv.login(test.app, member.email);
    test.clock.advanceSeconds(120);
    const response = await switchTenant(session, tenantId('Harbour Hope'));
    const expiresAt = (data: unknown) =>
      (data as { refreshTokenExpiresAt: string }).refreshTokenExpiresAt;
    expect(expiresAt(srv.envelopeOf(response).data)).toBe(
      expiresAt(srv.envelopeOf(session.response).data),
    );
  });

  it('refuses a tenant the user does not belong to, or one that does not exist, with 404', async () => {
    const session = await srv.login(test.app, member.email);
    for (const id of [tenantId('Nina Park'), 987_654]) {
      const response = await switchTenant(session, id);
      expect(response.statusCode).toBe(404);
      expect(srv.envelopeOf(response)).toEqual({
        status: ResponseStatus.Error,
        messages: ['Organisation not found.'],
        data: null,
      });
    }
    expect((await srv.postRefresh(test.app, session.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a tenant whose login is disabled for the user with 403', async () => {
    const session = await srv.login(test.app, member.email);
    const target = and(
      eq(tenantUsers.userId, session.claims.id),
      eq(tenantUsers.tenantId, tenantId('Marcus Reed')),
    );
    await handle.db.update(tenantUsers).set({ loginEnabled: false }).where(target);
    try {
      const response = await switchTenant(session, tenantId('Marcus Reed'));
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([
        'Your login to this organisation is disabled.',
      ]);
    } finally {
      await handle.db.update(tenantUsers).set({ loginEnabled: true }).where(target);
    }
  });

  it('needs a valid bearer token and the refresh cookie', async () => {
    const session = await srv.login(test.app, member.email);
    const noBearer = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.switchTenant),
      payload: { id: tenantId('Marcus Reed') },
    });
    expect(noBearer.statusCode).toBe(401);
    expect(srv.envelopeOf(noBearer)).toEqual(notAuthenticated);

    const noCookie = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.switchTenant),
      headers: srv.bearer(session.jwtToken),
      payload: { id: tenantId('Marcus Reed') },
    });
    expect(noCookie.statusCode).toBe(401);
    expect(srv.envelopeOf(noCookie).status).toBe(ResponseStatus.Unauthorized);

    const other = await srv.login(test.app, owner.email);
    const foreignCookie = await switchTenant(
      { ...session, refreshToken: other.refreshToken },
      tenantId('Marcus Reed'),
    );
    expect(foreignCookie.statusCode).toBe(401);
  });
});

describe('GET /api/tenants/getCurrentTenantStatus', () => {
  it('answers the status of the token tenant', async () => {
    const ownerStatus = await statusOf((await srv.login(test.app, owner.email)).jwtToken);
    expect(ownerStatus).toMatchObject({
      isTrialing: false,
      trialEndDate: null,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
      isOnboarding: false,
      // The seed's paid subscription at the development billing stand-in (server/db/seedBilling.ts).
      paymentProviderCustomerId: expect.stringMatching(/^cus_dev_/),
    });
    const periodEnd = new Date(ownerStatus.currentPeriodEndDate ?? '').getTime();
    expect(periodEnd - Date.now()).toBeGreaterThan(25 * 86_400_000);

    const newbieStatus = await statusOf((await srv.login(test.app, newbie.email)).jwtToken);
    expect(newbieStatus).toMatchObject({
      isOnboarding: true,
      isTrialing: true,
      subscriptionStatus: 'trialing',
    });
    expect(new Date(newbieStatus.trialEndDate ?? '').toISOString()).toBe(newbieStatus.trialEndDate);
  });

  it('refuses a still-valid token once the membership is disabled', async () => {
    const session = await srv.login(test.app, newbie.email);
    const target = eq(tenantUsers.userId, session.claims.id);
    await handle.db.update(tenantUsers).set({ loginEnabled: false }).where(target);
    try {
      const response = await getStatus(session.jwtToken);
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([
        'You do not have access to this organisation.',
      ]);
    } finally {
      await handle.db.update(tenantUsers).set({ loginEnabled: true }).where(target);
    }
  });

  it('refuses a missing, malformed, forged or expired bearer token with 401', async () => {
    const session = await srv.login(test.app, owner.email);
    const attempts = [
      undefined,
      'Bearer',
      'Bearer not.a.jwt',
      `Basic ${session.jwtToken}`,
      `Bearer ${session.jwtToken.slice(0, -4)}AAAA`,
      `Bearer ${await new SignJWT({ ...session.claims }).setProtectedHeader({ alg: 'HS256' }).sign(new Uint8Array(32))}`,
    ];
    for (const authorization of attempts) {
      const response = await test.app.inject({
        method: 'GET',
        url: srv.api(apiPaths.getCurrentTenantStatus),
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(srv.envelopeOf(response)).toEqual(notAuthenticated);
    }
    test.clock.advanceSeconds(test.config.jwtTtlSeconds);
    const expired = await getStatus(session.jwtToken);
    expect(expired.statusCode).toBe(401);
    expect(srv.envelopeOf(expired)).toEqual(notAuthenticated);
  });
});

describe('host-only subscription switches', () => {
  it('setIsTrialing and setCancelAtPeriodEnd change the status a member then sees', async () => {
    const host = await srv.login(test.app, owner.email);
    const marcus = await srv.login(test.app, member.email);
    const harbourHope = tenantId('Harbour Hope');
    const trialEnd = '2026-01-02T03:04:05.000Z';
    const trialing = await postHost(apiPaths.setIsTrialing, host.jwtToken, {
      id: harbourHope,
      value: true,
      trialEndDate: trialEnd,
    });
    expect(trialing.statusCode).toBe(200);
    expect(srv.envelopeOf(trialing).data).toMatchObject({
      isTrialing: true,
      trialEndDate: trialEnd,
    });
    expect(await statusOf(marcus.jwtToken)).toMatchObject({
      isTrialing: true,
      trialEndDate: trialEnd,
    });

    const cancel = await postHost(apiPaths.setCancelAtPeriodEnd, host.jwtToken, {
      id: harbourHope,
      value: true,
      currentPeriodEndDate: '2026-02-01',
    });
    expect(cancel.statusCode).toBe(200);
    expect(await statusOf(marcus.jwtToken)).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEndDate: '2026-02-01T00:00:00.000Z',
      isTrialing: true,
    });

    await postHost(apiPaths.setIsTrialing, host.jwtToken, {
      id: harbourHope,
      value: false,
      trialEndDate: null,
    });
    await postHost(apiPaths.setCancelAtPeriodEnd, host.jwtToken, { id: harbourHope, value: false });
    expect(await statusOf(marcus.jwtToken)).toMatchObject({
      isTrialing: false,
      trialEndDate: null,
      cancelAtPeriodEnd: false,
      currentPeriodEndDate: '2026-02-01T00:00:00.000Z',
    });
  });

  it('refuses a non-host with 403 and changes nothing', async () => {
    const marcus = await srv.login(test.app, member.email);
    const before = await statusOf(marcus.jwtToken);
    for (const path of [apiPaths.setIsTrialing, apiPaths.setCancelAtPeriodEnd]) {
      const response = await postHost(path, marcus.jwtToken, {
        id: tenantId('Harbour Hope'),
        value: true,
      });
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response)).toEqual({
        status: ResponseStatus.Error,
        messages: [HOST_ONLY_CALL],
        data: null,
      });
    }
    expect(await statusOf(marcus.jwtToken)).toEqual(before);
  });

  it('checks the host flag in the database, not only in the token', async () => {
    const host = await srv.login(test.app, owner.email);
    await handle.db.update(users).set({ isHost: false }).where(eq(users.email, owner.email));
    try {
      const response = await postHost(apiPaths.setIsTrialing, host.jwtToken, {
        id: tenantId('Harbour Hope'),
        value: true,
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await handle.db.update(users).set({ isHost: true }).where(eq(users.email, owner.email));
    }
  });

  it('answers 404 for an unknown tenant id and 401 without a token', async () => {
    const host = await srv.login(test.app, owner.email);
    const unknown = await postHost(apiPaths.setIsTrialing, host.jwtToken, {
      id: 424_242,
      value: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(srv.envelopeOf(unknown).messages).toEqual(['Organisation not found.']);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: srv.api(apiPaths.setCancelAtPeriodEnd),
      payload: { id: tenantId('Harbour Hope'), value: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/tenants/setIsOnboarding', () => {
  const setIsOnboarding = (jwtToken: string, payload: object) =>
    postHost(tenantEndpoints.setIsOnboarding.path, jwtToken, payload);

  async function isOnboardingOf(name: string): Promise<boolean | undefined> {
    const [row] = await handle.db
      .select({ isOnboarding: tenants.isOnboarding })
      .from(tenants)
      .where(eq(tenants.id, tenantId(name)));
    return row?.isOnboarding;
  }

  async function withStanding(
    userEmail: string,
    name: string,
    standing: { userRole: UserRole; owner: boolean },
    work: () => Promise<void>,
  ) {
    const [user] = await handle.db.select().from(users).where(eq(users.email, userEmail));
    const target = and(eq(tenantUsers.userId, user!.id), eq(tenantUsers.tenantId, tenantId(name)));
    const [before] = await handle.db.select().from(tenantUsers).where(target);
    await handle.db.update(tenantUsers).set(standing).where(target);
    try {
      await work();
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ userRole: before!.userRole, owner: before!.owner })
        .where(target);
    }
  }

  it("lets the owner finish the current tenant's onboarding, answering its status", async () => {
    const nina = await srv.login(test.app, newbie.email);
    expect((await statusOf(nina.jwtToken)).isOnboarding).toBe(true);
    const response = await setIsOnboarding(nina.jwtToken, {
      id: tenantId('Nina Park'),
      value: false,
    });
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).status).toBe(ResponseStatus.Ok);
    const answered = srv.envelopeOf(response).data as TenantStatus;
    expect(answered.isOnboarding).toBe(false);
    expect(await statusOf(nina.jwtToken)).toEqual(answered);
    expect(await isOnboardingOf('Nina Park')).toBe(false);
    expect(await isOnboardingOf('Harbour Hope')).toBe(false);
    expect(await isOnboardingOf('Marcus Reed')).toBe(false);

    const again = await setIsOnboarding(nina.jwtToken, { id: tenantId('Nina Park'), value: true });
    expect((srv.envelopeOf(again).data as TenantStatus).isOnboarding).toBe(true);
    expect(await isOnboardingOf('Nina Park')).toBe(true);
  });

  it('refuses a Standard User who is not the owner with 403, and changes nothing', async () => {
    const marcus = await srv.login(test.app, member.email);
    const response = await setIsOnboarding(marcus.jwtToken, {
      id: tenantId('Harbour Hope'),
      value: true,
    });
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Error,
      messages: [onboardingTexts.notAllowed],
      data: null,
    });
    expect(await isOnboardingOf('Harbour Hope')).toBe(false);
  });

  it('reads the role and the owner flag from the database, not from the token', async () => {
    const marcus = await srv.login(test.app, member.email);
    // An Administrator who is not the owner may.
    await withStanding(
      member.email,
      'Harbour Hope',
      { userRole: UserRole.Administrator, owner: false },
      async () => {
        const response = await setIsOnboarding(marcus.jwtToken, {
          id: tenantId('Harbour Hope'),
          value: true,
        });
        expect(response.statusCode).toBe(200);
        expect(await isOnboardingOf('Harbour Hope')).toBe(true);
      },
    );
    // An owner who is a Standard User may.
    await withStanding(
      member.email,
      'Harbour Hope',
      { userRole: UserRole.User, owner: true },
      async () => {
        const response = await setIsOnboarding(marcus.jwtToken, {
          id: tenantId('Harbour Hope'),
          value: false,
        });
        expect(response.statusCode).toBe(200);
        expect(await isOnboardingOf('Harbour Hope')).toBe(false);
      },
    );
    // Nina's token says owner and Administrator; once she is neither, she may not.
    const nina = await srv.login(test.app, newbie.email);
    await withStanding(
      newbie.email,
      'Nina Park',
      { userRole: UserRole.User, owner: false },
      async () => {
        const response = await setIsOnboarding(nina.jwtToken, {
          id: tenantId('Nina Park'),
          value: false,
        });
        expect(response.statusCode).toBe(403);
        expect(srv.envelopeOf(response).messages).toEqual([onboardingTexts.notAllowed]);
        expect(await isOnboardingOf('Nina Park')).toBe(true);
      },
    );
  });

  it('refuses any tenant but the current one with 403, even one the caller owns', async () => {
    const marcus = await srv.login(test.app, member.email);
    const nina = await srv.login(test.app, newbie.email);
    const attempts: [srv.LoginResult, number][] = [
      [marcus, tenantId('Marcus Reed')],
      [marcus, tenantId('Nina Park')],
      [marcus, 424_242],
      [nina, tenantId('Harbour Hope')],
    ];
    for (const [session, id] of attempts) {
      const response = await setIsOnboarding(session.jwtToken, { id, value: true });
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([NO_TENANT_ACCESS]);
    }
    expect(await isOnboardingOf('Marcus Reed')).toBe(false);
    expect(await isOnboardingOf('Harbour Hope')).toBe(false);
    const ninaBefore = await statusOf(nina.jwtToken);
    expect(
      (await setIsOnboarding(nina.jwtToken, { id: tenantId('Marcus Reed'), value: false }))
        .statusCode,
    ).toBe(403);
    expect(await statusOf(nina.jwtToken)).toEqual(ninaBefore);
  });

  it('refuses a caller whose login to the tenant is disabled, and one without a token', async () => {
    const nina = await srv.login(test.app, newbie.email);
    const target = eq(tenantUsers.userId, nina.claims.id);
    await handle.db.update(tenantUsers).set({ loginEnabled: false }).where(target);
    try {
      const response = await setIsOnboarding(nina.jwtToken, {
        id: tenantId('Nina Park'),
        value: false,
      });
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([NO_TENANT_ACCESS]);
    } finally {
      await handle.db.update(tenantUsers).set({ loginEnabled: true }).where(target);
    }
    const anonymous = await test.app.inject({
      method: 'POST',
      url: srv.api(tenantEndpoints.setIsOnboarding.path),
      payload: { id: tenantId('Nina Park'), value: false },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await isOnboardingOf('Nina Park')).toBe(true);
  });
});
