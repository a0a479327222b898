/**
 * auth/impersonate and auth/stopImpersonating (spec §1 host users, §7.2): who may impersonate
 * whom, what the impersonated session is (its family, its claims, its audit row, its lifetime),
 * what it may never do, and the way back to the host's own session.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountTexts, type UserEditDetails } from '../../contract/account';
import { accountEndpoints } from '../../contract/endpoints/account';
import { adminEndpoints } from '../../contract/endpoints/admin';
import { authEndpoints } from '../../contract/endpoints/auth';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { identityEndpoints } from '../../contract/endpoints/identity';
import { organisationEndpoints } from '../../contract/endpoints/organisations';
import { recordEndpoints } from '../../contract/endpoints/records';
import { teamEndpoints } from '../../contract/endpoints/team';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { REFERENCE_LIST_REQUEST } from '../../contract/lists';
import { impersonations, refreshTokens, tenants, tenantUsers, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { latestMail, readOutbox, uniquePerson, verifyEmail } from './support/identity';
import { refreshTokenRow } from './support/rows';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

const { owner, member, newbie } = DEMO_USERS;
const NOT_WHILE_IMPERSONATING = 'This is not allowed while impersonating a user.';
const SESSION_EXPIRED = 'Your session has expired, please log in again.';

const { handle, test, reopenApp } = useTestApp({
  appPerTest: true,
  env: { REFRESH_TTL_SECONDS: '86400', JWT_TTL_SECONDS: '300' },
});

async function userIdOf(email: string): Promise<number> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (row === undefined) throw new Error(`no user ${email}`);
  return row.id;
}

const tokenRow = (token: string) => refreshTokenRow(handle.db, token);

const auditRows = () => handle.db.select().from(impersonations);

/** `session` (its bearer and refresh cookie) asks to impersonate `userId`. */
function postImpersonate(
  app: FastifyInstance,
  session: { jwtToken: string; refreshToken: string },
  userId: unknown,
) {
  return app.inject({
    method: 'POST',
    url: srv.api(authEndpoints.impersonate.path),
    headers: srv.bearer(session.jwtToken),
    cookies: { [REFRESH_COOKIE]: session.refreshToken },
    payload: { userId } as Record<string, unknown>,
  });
}

function postStop(app: FastifyInstance, session: { jwtToken: string; refreshToken: string }) {
  return app.inject({
    method: 'POST',
    url: srv.api(authEndpoints.stopImpersonating.path),
    headers: srv.bearer(session.jwtToken),
    cookies: { [REFRESH_COOKIE]: session.refreshToken },
    payload: {},
  });
}

async function impersonateMember(): Promise<{ host: srv.LoginResult; as: srv.LoginResult }> {
  const host = await srv.login(test.app, owner.email);
  const response = await postImpersonate(test.app, host, await userIdOf(member.email));
  expect(response.statusCode).toBe(200);
  return { host, as: srv.sessionOf(response) };
}

describe('POST /api/auth/impersonate', () => {
  it('gives the host a session as the user in their default organisation, audited, with the host in its family and claims', async () => {
    const before = (await auditRows()).length;
    const { host, as } = await impersonateMember();
    const memberId = await userIdOf(member.email);
    const ownerId = await userIdOf(owner.email);

    expect(as.claims).toMatchObject({
      id: memberId,
      email: member.email,
      isHost: 'false',
      impersonatorId: ownerId,
      impersonatorName: 'Olivia Harper',
    });
    expect(srv.refreshCookieOf(as.response)).toMatchObject({ httpOnly: true, path: '/api/auth' });

    const row = await tokenRow(as.refreshToken);
    const hostRow = await tokenRow(host.refreshToken);
    expect(row).toMatchObject({ userId: memberId, impersonatorUserId: ownerId });
    expect(row?.impersonatorFamilyId).toBe(hostRow?.familyId);
    expect(row?.familyId).not.toBe(hostRow?.familyId);
    // The host's cookie is spent (their session waits, still live, for the way back).
    expect(hostRow?.usedAt).not.toBeNull();
    expect(hostRow?.revokedAt).toBeNull();

    const audit = await auditRows();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({
      impersonatorUserId: ownerId,
      impersonatorEmail: owner.email,
      impersonatedUserId: memberId,
      impersonatedEmail: member.email,
      familyId: row?.familyId,
      tenantId: row?.tenantId,
      endedAt: null,
    });

    // The impersonated session works as the user.
    const details = await srv.callAs(test.app, as, accountEndpoints.getUserEditDetails);
    expect(details.statusCode).toBe(200);
    expect((srv.envelopeOf(details).data as { email: string }).email).toBe(member.email);
  });

  it('refuses a non-host with 403 and writes nothing', async () => {
    const caller = await srv.login(test.app, member.email);
    const before = (await auditRows()).length;
    const response = await postImpersonate(test.app, caller, await userIdOf(newbie.email));
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response).messages).toEqual(['Only host users may do this.']);
    expect(await auditRows()).toHaveLength(before);
    expect((await tokenRow(caller.refreshToken))?.usedAt).toBeNull();
  });

  it('refuses oneself, an unknown user and users who cannot sign in, with a message', async () => {
    const host = await srv.login(test.app, owner.email);
    const before = (await auditRows()).length;

    const self = await postImpersonate(test.app, host, await userIdOf(owner.email));
    expect(self.statusCode).toBe(400);
    expect(srv.envelopeOf(self).messages).toEqual(['You cannot impersonate yourself.']);

    const unknown = await postImpersonate(test.app, host, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(srv.envelopeOf(unknown).messages).toEqual(['User not found.']);

    const cannot = ['This user cannot sign in: their login or their organisations are disabled.'];
    const memberId = await userIdOf(member.email);
    await handle.db
      .update(tenantUsers)
      .set({ loginEnabled: false })
      .where(eq(tenantUsers.userId, memberId));
    try {
      const disabled = await postImpersonate(test.app, host, memberId);
      expect(disabled.statusCode).toBe(403);
      expect(srv.envelopeOf(disabled).messages).toEqual(cannot);
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ loginEnabled: true })
        .where(eq(tenantUsers.userId, memberId));
    }

    const newbieId = await userIdOf(newbie.email);
    const [ninaTenant] = await handle.db
      .select({ tenantId: tenantUsers.tenantId })
      .from(tenantUsers)
      .where(eq(tenantUsers.userId, newbieId));
    const tenantId = ninaTenant?.tenantId ?? -1;
    await handle.db.update(tenants).set({ enabled: false }).where(eq(tenants.id, tenantId));
    try {
      const inDisabled = await postImpersonate(test.app, host, newbieId);
      expect(inDisabled.statusCode).toBe(403);
      expect(srv.envelopeOf(inDisabled).messages).toEqual(cannot);
    } finally {
      await handle.db.update(tenants).set({ enabled: true }).where(eq(tenants.id, tenantId));
    }

    expect(await auditRows()).toHaveLength(before);
    // Refusals leave the host's own cookie unspent.
    expect((await tokenRow(host.refreshToken))?.usedAt).toBeNull();
  });

  it('refuses bad input with 400', async () => {
    const host = await srv.login(test.app, owner.email);
    for (const userId of ['1', 1.5, null, undefined]) {
      const response = await postImpersonate(test.app, host, userId);
      expect(response.statusCode).toBe(400);
      expect(srv.envelopeOf(response).status).toBe(ResponseStatus.Error);
    }
  });

  it('refuses a host whose cookie is not the live token of their session (401, nothing written)', async () => {
    const host = await srv.login(test.app, owner.email);
    const other = await srv.login(test.app, owner.email);
    const before = (await auditRows()).length;
    const mixed = await postImpersonate(
      test.app,
      { jwtToken: host.jwtToken, refreshToken: other.refreshToken },
      await userIdOf(member.email),
    );
    expect(mixed.statusCode).toBe(401);
    expect(srv.envelopeOf(mixed).messages).toEqual([SESSION_EXPIRED]);
    expect(await auditRows()).toHaveLength(before);
  });

  it('writes the audit row in the same transaction as the session: a failure after it leaves no row', async () => {
    await handle.db.execute(sql`
      create or replace function refuse_impersonated_token() returns trigger as $$
      begin
        if new.impersonator_user_id is not null then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$ language plpgsql`);
    await handle.db.execute(sql`
      create trigger refuse_impersonated_token before insert on refresh_tokens
      for each row execute function refuse_impersonated_token()`);
    try {
      const host = await srv.login(test.app, owner.email);
      const before = (await auditRows()).length;
      const response = await postImpersonate(test.app, host, await userIdOf(member.email));
      expect(response.statusCode).toBe(500);
      expect(await auditRows()).toHaveLength(before);
      // The host's cookie was not spent either: the whole transaction was rolled back.
      expect((await tokenRow(host.refreshToken))?.usedAt).toBeNull();
    } finally {
      await handle.db.execute(sql`drop trigger refuse_impersonated_token on refresh_tokens`);
      await handle.db.execute(sql`drop function refuse_impersonated_token()`);
    }
  });
});

describe('an impersonated session', () => {
  it('refreshes within its own lifetime (IMPERSONATION_SESSION_MINUTES, default 60), keeping the impersonator', async () => {
    const started = test.clock.now().getTime();
    const { as } = await impersonateMember();
    const expiresAt = (srv.envelopeOf(as.response).data as { refreshTokenExpiresAt: string })
      .refreshTokenExpiresAt;
    expect(new Date(expiresAt).getTime()).toBe(started + 60 * 60 * 1000);

    test.clock.advanceSeconds(30 * 60);
    const refreshed = await srv.postRefresh(test.app, as.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const next = srv.sessionOf(refreshed);
    expect(next.claims.impersonatorId).toBe(as.claims.impersonatorId);
    expect(next.claims.impersonatorName).toBe('Olivia Harper');
    expect((await tokenRow(next.refreshToken))?.impersonatorFamilyId).toBe(
      (await tokenRow(as.refreshToken))?.impersonatorFamilyId,
    );

    test.clock.advanceSeconds(31 * 60);
    const late = await srv.postRefresh(test.app, next.refreshToken);
    expect(late.statusCode).toBe(401);
  });

  it('takes a shorter lifetime from the configuration', async () => {
    await reopenApp({ IMPERSONATION_SESSION_MINUTES: '5' });
    const { as } = await impersonateMember();
    test.clock.advanceSeconds(5 * 60 + 1);
    expect((await srv.postRefresh(test.app, as.refreshToken)).statusCode).toBe(401);
  });

  it('ends when the host is no longer a host', async () => {
    const { as } = await impersonateMember();
    const ownerId = await userIdOf(owner.email);
    await handle.db.update(users).set({ isHost: false }).where(eq(users.id, ownerId));
    try {
      expect((await srv.postRefresh(test.app, as.refreshToken)).statusCode).toBe(401);
    } finally {
      await handle.db.update(users).set({ isHost: true }).where(eq(users.id, ownerId));
    }
  });

  it('never impersonates, changes a password, deletes the account or passes a host call (403)', async () => {
    const { as } = await impersonateMember();
    const again = await postImpersonate(test.app, as, await userIdOf(newbie.email));
    expect(again.statusCode).toBe(403);
    expect(srv.envelopeOf(again).messages).toEqual([NOT_WHILE_IMPERSONATING]);

    const password = await srv.callAs(test.app, as, accountEndpoints.updatePassword, {
      currentPassword: 'Giving!2026',
      newPassword: 'Another!2027',
    });
    expect(password.statusCode).toBe(403);
    expect(srv.envelopeOf(password).messages).toEqual([NOT_WHILE_IMPERSONATING]);

    const deletion = await srv.callAs(test.app, as, accountEndpoints.deleteMyAccount);
    expect(deletion.statusCode).toBe(403);
    expect(srv.envelopeOf(deletion).messages).toEqual([NOT_WHILE_IMPERSONATING]);

    // Nothing changed: Marcus still signs in with his password.
    expect((await srv.login(test.app, member.email)).claims.email).toBe(member.email);
  });

  it('switches organisation as the same impersonation (same host, same audit row)', async () => {
    const { as } = await impersonateMember();
    const before = await tokenRow(as.refreshToken);
    const response = await srv.postSwitchTenant(test.app, as, srv.tenantIdOf(as, 'Marcus Reed'));
    expect(response.statusCode).toBe(200);
    const switched = srv.sessionOf(response);
    expect(switched.claims.impersonatorId).toBe(as.claims.impersonatorId);
    const after = await tokenRow(switched.refreshToken);
    expect(after?.impersonatorFamilyId).toBe(before?.impersonatorFamilyId);
    const [audit] = await handle.db
      .select()
      .from(impersonations)
      .where(eq(impersonations.familyId, after?.familyId ?? ''));
    expect(audit?.endedAt).toBeNull();
  });
});

/** `session` calls `endpoint` with `payload` (in the query string of a GET). */
function callWith(session: { jwtToken: string }, endpoint: AnyEndpoint, payload: object) {
  const query = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return test.app.inject({
    method: endpoint.method,
    url: srv.api(endpoint.path),
    headers: srv.bearer(session.jwtToken),
    ...(query
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload: payload as Record<string, unknown> }),
  });
}

async function userRow(userId: number) {
  const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function auditOf(familyId: string) {
  const [row] = await handle.db
    .select()
    .from(impersonations)
    .where(eq(impersonations.familyId, familyId));
  return row;
}

describe('an impersonated session and the account', () => {
  it('never changes the email address (403, nothing saved or mailed), but saves the other personal details', async () => {
    const { as } = await impersonateMember();
    const memberId = await userIdOf(member.email);
    const details = srv.envelopeOf(
      await srv.callAs(test.app, as, accountEndpoints.getUserEditDetails),
    ).data as UserEditDetails;
    const form = {
      firstName: details.firstName,
      lastName: details.lastName,
      phone: details.phone,
      dateOfBirth: details.dateOfBirth ?? '1990-01-01',
      handle: details.handle,
      email: details.email,
    };
    const before = await userRow(memberId);
    // An address the host controls, verified with its code as the widget does.
    const { email: hostsAddress } = uniquePerson('takeover');
    await verifyEmail(test.app, hostsAddress);
    const mails = (await readOutbox(test.app, hostsAddress)).length;

    const moved = await srv.callAs(test.app, as, accountEndpoints.updatePersonalDetails, {
      ...form,
      email: hostsAddress,
    });
    expect(moved.statusCode).toBe(403);
    expect(srv.envelopeOf(moved).messages).toEqual([accountTexts.emailNotWhileImpersonating]);
    expect(await userRow(memberId)).toEqual(before);
    expect(await readOutbox(test.app, hostsAddress)).toHaveLength(mails);
    expect((await latestMail(test.app, hostsAddress)).subject).not.toContain('Confirm');

    try {
      const saved = await srv.callAs(test.app, as, accountEndpoints.updatePersonalDetails, {
        ...form,
        phone: '+447911123456',
      });
      expect(saved.statusCode).toBe(200);
      expect(srv.envelopeOf(saved).data).toMatchObject({
        email: member.email,
        pendingEmail: null,
        phone: '+447911123456',
      });
    } finally {
      await handle.db
        .update(users)
        .set({ phone: before?.phone ?? '', dateOfBirth: before?.dateOfBirth ?? null })
        .where(eq(users.id, memberId));
    }
  });
});

describe('an impersonated session of a host', () => {
  it('never passes a host check: no other user or organisation, no disabled reference rows', async () => {
    const memberId = await userIdOf(member.email);
    const newbieId = await userIdOf(newbie.email);
    const [ownerRow] = await handle.db
      .select({ guid: users.guid })
      .from(users)
      .where(eq(users.email, owner.email));
    const [ninaTenant] = await handle.db
      .select({ id: tenants.id, guid: tenants.guid })
      .from(tenants)
      .innerJoin(tenantUsers, eq(tenantUsers.tenantId, tenants.id))
      .where(eq(tenantUsers.userId, newbieId));
    const ownerGuid = ownerRow?.guid ?? '';
    const tenant = { id: ninaTenant?.id ?? -1, guid: ninaTenant?.guid ?? '' };
    const disabledRows = { ...REFERENCE_LIST_REQUEST, includeDisabled: true };
    await handle.db.update(users).set({ isHost: true }).where(eq(users.id, memberId));
    try {
      // Marcus, a host now, passes each of them in a session of his own...
      const own = await srv.login(test.app, member.email);
      expect(
        (await callWith(own, recordEndpoints.getUserByGuid, { guid: ownerGuid })).statusCode,
      ).toBe(200);
      expect(
        (await callWith(own, recordEndpoints.getTenantByGuid, { guid: tenant.guid })).statusCode,
      ).toBe(200);
      expect((await callWith(own, identityEndpoints.countriesList, disabledRows)).statusCode).toBe(
        200,
      );
      expect((await callWith(own, organisationEndpoints.get, { id: tenant.id })).statusCode).toBe(
        200,
      );

      // ...but not while a host views Givedrop as him.
      const { as } = await impersonateMember();
      expect(as.claims.isHost).toBe('false');
      const user = await callWith(as, recordEndpoints.getUserByGuid, { guid: ownerGuid });
      expect(user.statusCode).toBe(404);
      expect(user.body).not.toContain(owner.email);
      const organisation = await callWith(as, recordEndpoints.getTenantByGuid, {
        guid: tenant.guid,
      });
      expect(organisation.statusCode).toBe(404);
      const countries = await callWith(as, identityEndpoints.countriesList, disabledRows);
      expect(countries.statusCode).toBe(403);
      expect(srv.envelopeOf(countries).messages).toEqual([NOT_WHILE_IMPERSONATING]);
      expect((await callWith(as, organisationEndpoints.get, { id: tenant.id })).statusCode).toBe(
        403,
      );
      // His own records stay his.
      expect(
        (await callWith(as, recordEndpoints.getUserByGuid, { guid: as.claims.guid })).statusCode,
      ).toBe(200);
    } finally {
      await handle.db.update(users).set({ isHost: false }).where(eq(users.id, memberId));
    }
  });
});

describe('the lifetime of an impersonation', () => {
  it('ends its access tokens too: none works past IMPERSONATION_SESSION_MINUTES', async () => {
    await reopenApp({
      IMPERSONATION_SESSION_MINUTES: '5',
      JWT_TTL_SECONDS: '900',
    });
    const end = Math.floor(test.clock.now().getTime() / 1000) + 5 * 60;
    const { as } = await impersonateMember();
    expect(as.claims.exp).toBeLessThanOrEqual(end);

    test.clock.advanceSeconds(4 * 60);
    const refreshed = await srv.postRefresh(test.app, as.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    const next = srv.sessionOf(refreshed);
    expect(next.claims.exp).toBeLessThanOrEqual(end);
    expect((await srv.callAs(test.app, next, accountEndpoints.getUserEditDetails)).statusCode).toBe(
      200,
    );

    test.clock.advanceSeconds(60);
    for (const session of [as, next]) {
      expect(
        (await srv.callAs(test.app, session, accountEndpoints.getUserEditDetails)).statusCode,
      ).toBe(401);
    }
  });

  it('is closed in its audit row when its organisation is disabled', async () => {
    const { as } = await impersonateMember();
    const switched = srv.sessionOf(
      await srv.postSwitchTenant(test.app, as, srv.tenantIdOf(as, 'Marcus Reed')),
    );
    const family = (await tokenRow(switched.refreshToken))?.familyId ?? '';
    const tenantId = srv.tenantIdOf(switched, 'Marcus Reed');
    const host = await srv.login(test.app, owner.email);
    test.clock.advanceSeconds(60);
    try {
      const disabled = await srv.callAs(test.app, host, adminEndpoints.setTenantEnabled, {
        id: tenantId,
        value: false,
      });
      expect(disabled.statusCode).toBe(200);
      expect((await auditOf(family))?.endedAt?.getTime()).toBe(test.clock.now().getTime());
      expect(
        (await srv.callAs(test.app, switched, accountEndpoints.getUserEditDetails)).statusCode,
      ).toBe(401);
    } finally {
      await handle.db.update(tenants).set({ enabled: true }).where(eq(tenants.id, tenantId));
    }
  });

  it("is closed in its audit row when the user's login to the organisation is switched off", async () => {
    const { as } = await impersonateMember();
    const family = (await tokenRow(as.refreshToken))?.familyId ?? '';
    const memberId = await userIdOf(member.email);
    const host = await srv.login(test.app, owner.email);
    test.clock.advanceSeconds(60);
    try {
      const off = await srv.callAs(test.app, host, teamEndpoints.updateUser, {
        id: memberId,
        userRole: UserRole.User,
        loginEnabled: false,
      });
      expect(off.statusCode).toBe(200);
      expect((await auditOf(family))?.endedAt?.getTime()).toBe(test.clock.now().getTime());
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ loginEnabled: true })
        .where(eq(tenantUsers.userId, memberId));
    }
  });
});

describe('signing out of an impersonation', () => {
  it("ends it (its audit row too) and the host's own session", async () => {
    const { host, as } = await impersonateMember();
    const family = (await tokenRow(as.refreshToken))?.familyId ?? '';
    const response = await test.app.inject({
      method: 'POST',
      url: srv.api(authEndpoints.revokeToken.path),
      cookies: { [REFRESH_COOKIE]: as.refreshToken },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    const [audit] = await handle.db
      .select()
      .from(impersonations)
      .where(eq(impersonations.familyId, family));
    expect(audit?.endedAt).not.toBeNull();
    expect((await srv.callAs(test.app, as, accountEndpoints.getUserEditDetails)).statusCode).toBe(
      401,
    );
    expect((await srv.callAs(test.app, host, accountEndpoints.getUserEditDetails)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/auth/stopImpersonating', () => {
  it("ends the impersonation and answers the host's own session again", async () => {
    const { host, as } = await impersonateMember();
    const impersonatedFamily = (await tokenRow(as.refreshToken))?.familyId ?? '';
    test.clock.advanceSeconds(60);
    const response = await postStop(test.app, as);
    expect(response.statusCode).toBe(200);
    const back = srv.sessionOf(response);
    expect(back.claims.email).toBe(owner.email);
    expect(back.claims.isHost).toBe('true');
    expect(back.claims.impersonatorId).toBeUndefined();
    expect((await tokenRow(back.refreshToken))?.familyId).toBe(
      (await tokenRow(host.refreshToken))?.familyId,
    );

    const [audit] = await handle.db
      .select()
      .from(impersonations)
      .where(eq(impersonations.familyId, impersonatedFamily));
    expect(audit?.endedAt?.getTime()).toBe(test.clock.now().getTime());

    // The impersonated session is over, its access token too; the host's refreshes.
    expect((await srv.callAs(test.app, as, accountEndpoints.getUserEditDetails)).statusCode).toBe(
      401,
    );
    expect((await srv.postRefresh(test.app, as.refreshToken)).statusCode).toBe(401);
    expect((await srv.postRefresh(test.app, back.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a session of one’s own with 400', async () => {
    const own = await srv.login(test.app, owner.email);
    const response = await postStop(test.app, own);
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response).messages).toEqual(['You are not impersonating a user.']);
  });

  it("answers 401 and clears the cookie when the host's own session has ended meanwhile", async () => {
    const { host, as } = await impersonateMember();
    const hostFamily = (await tokenRow(host.refreshToken))?.familyId ?? '';
    await handle.db
      .update(refreshTokens)
      .set({ revokedAt: test.clock.now() })
      .where(eq(refreshTokens.familyId, hostFamily));
    const response = await postStop(test.app, as);
    expect(response.statusCode).toBe(401);
    expect(srv.envelopeOf(response).messages).toEqual([SESSION_EXPIRED]);
    expect(srv.refreshCookieOf(response)?.value).toBe('');
  });
});
