/**
 * The host's admin calls (issue 19): tenants/list, tenants/get of any organisation,
 * tenants/setEnabled, tenants/setSendingEmailsEnabled and users/listAll; who may call them, and
 * what a disabled organisation or one without mail means for everyone else.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AdminOrganisation, AdminOrganisationList, AdminUserList } from '../../contract/admin';
import { accountEndpoints } from '../../contract/endpoints/account';
import { adminEndpoints } from '../../contract/endpoints/admin';
import { authEndpoints } from '../../contract/endpoints/auth';
import { organisationEndpoints } from '../../contract/endpoints/organisations';
import { teamEndpoints } from '../../contract/endpoints/team';
import { UserRole } from '../../contract/enums';
import { devOutboxMails, tenants, userInvitations, users } from '../../server/db/schema';
import { DEMO_TENANTS, DEMO_USERS } from '../../server/db/seedData';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import * as srv from './support/testServer';
import { tenantIdNamed } from './support/rows';
import { useTestApp } from './support/suite';

const { owner, member, newbie } = DEMO_USERS;
const HOST_ONLY = 'Only host users may do this.';
const NOT_WHILE_IMPERSONATING = 'This is not allowed while impersonating a user.';

const { handle, test } = useTestApp({ appPerTest: true });

async function userIdOf(email: string): Promise<number> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (row === undefined) throw new Error(`no user ${email}`);
  return row.id;
}

const dataOf = <T>(response: Awaited<ReturnType<typeof srv.callAs>>) =>
  srv.envelopeOf(response).data as T;

async function impersonated(app: FastifyInstance): Promise<srv.LoginResult> {
  const host = await srv.login(app, owner.email);
  const response = await app.inject({
    method: 'POST',
    url: srv.api(authEndpoints.impersonate.path),
    headers: srv.bearer(host.jwtToken),
    cookies: { [REFRESH_COOKIE]: host.refreshToken },
    payload: { userId: await userIdOf(member.email) },
  });
  return srv.sessionOf(response);
}

async function setTenantEnabled(id: number, value: boolean) {
  await handle.db.update(tenants).set({ enabled: value }).where(eq(tenants.id, id));
}

describe('who may call the host admin calls', () => {
  const calls = [
    { endpoint: adminEndpoints.listTenants, payload: {} },
    { endpoint: adminEndpoints.listAllUsers, payload: {} },
    { endpoint: adminEndpoints.setTenantEnabled, payload: { id: 1, value: false } },
    { endpoint: adminEndpoints.setTenantSendingEmailsEnabled, payload: { id: 1, value: false } },
  ];

  it.each(calls)('refuses $endpoint.path to a non-host (403), changing nothing', async (call) => {
    const before = await handle.db.select().from(tenants).orderBy(tenants.id);
    const caller = await srv.login(test.app, member.email);
    const response = await srv.callAs(test.app, caller, call.endpoint, call.payload);
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response).messages).toEqual([HOST_ONLY]);
    expect(await handle.db.select().from(tenants).orderBy(tenants.id)).toEqual(before);
  });

  it.each(calls)('refuses $endpoint.path to an impersonated session (403)', async (call) => {
    const before = await handle.db.select().from(tenants).orderBy(tenants.id);
    const as = await impersonated(test.app);
    const response = await srv.callAs(test.app, as, call.endpoint, call.payload);
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response).messages).toEqual([NOT_WHILE_IMPERSONATING]);
    expect(await handle.db.select().from(tenants).orderBy(tenants.id)).toEqual(before);
  });
});

describe('POST /api/tenants/list', () => {
  it('lists every organisation with its owner, member count and switches, newest first', async () => {
    const host = await srv.login(test.app, owner.email);
    const response = await srv.callAs(test.app, host, adminEndpoints.listTenants, {
      getTotalCount: true,
    });
    expect(response.statusCode).toBe(200);
    const { list, totalCount } = dataOf<AdminOrganisationList>(response);
    expect(totalCount).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(3);
    const harbour = list.find((item) => item.name === DEMO_TENANTS.harbourHope.name);
    expect(harbour).toMatchObject({
      accountType: 'Charity',
      ownerName: 'Olivia Harper',
      ownerEmail: owner.email,
      memberCount: 2,
      enabled: true,
      sendingEmailsEnabled: true,
    });
    const created = list.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('searches by organisation name or owner, pages and sorts', async () => {
    const host = await srv.login(test.app, owner.email);
    const byOwner = dataOf<AdminOrganisationList>(
      await srv.callAs(test.app, host, adminEndpoints.listTenants, {
        searchString: 'nina',
        getTotalCount: true,
      }),
    );
    expect(byOwner.list.map((item) => item.ownerEmail)).toEqual([newbie.email]);
    expect(byOwner.totalCount).toBe(1);

    const byName = dataOf<AdminOrganisationList>(
      await srv.callAs(test.app, host, adminEndpoints.listTenants, { searchString: 'HARBOUR' }),
    );
    expect(byName.list.map((item) => item.name)).toEqual([DEMO_TENANTS.harbourHope.name]);
    expect(byName.totalCount).toBeNull();

    const sorted = dataOf<AdminOrganisationList>(
      await srv.callAs(test.app, host, adminEndpoints.listTenants, { sortBy: 'Name' }),
    ).list.map((item) => item.name.toLowerCase());
    expect(sorted).toEqual([...sorted].sort());

    const second = dataOf<AdminOrganisationList>(
      await srv.callAs(test.app, host, adminEndpoints.listTenants, {
        sortBy: 'Name',
        page: 2,
        pageSize: 1,
        getTotalCount: true,
      }),
    );
    expect(second.list.map((item) => item.name.toLowerCase())).toEqual([sorted[1]]);
    expect(second.totalCount).toBe(sorted.length);
  });
});

describe('GET /api/tenants/get', () => {
  it('gives a host any organisation, and a member only their own', async () => {
    const marcusOrg = await tenantIdNamed(handle.db, DEMO_TENANTS.marcusReed.name);
    const host = await srv.login(test.app, owner.email);
    const read = await test.app.inject({
      method: 'GET',
      url: srv.api(`${organisationEndpoints.get.path}?id=${marcusOrg}`),
      headers: srv.bearer(host.jwtToken),
    });
    expect(read.statusCode).toBe(200);
    expect((srv.envelopeOf(read).data as { name: string }).name).toBe(DEMO_TENANTS.marcusReed.name);

    const missing = await test.app.inject({
      method: 'GET',
      url: srv.api(`${organisationEndpoints.get.path}?id=999999`),
      headers: srv.bearer(host.jwtToken),
    });
    expect(missing.statusCode).toBe(404);

    const nina = await srv.login(test.app, newbie.email);
    const other = await test.app.inject({
      method: 'GET',
      url: srv.api(`${organisationEndpoints.get.path}?id=${marcusOrg}`),
      headers: srv.bearer(nina.jwtToken),
    });
    expect(other.statusCode).toBe(403);

    const as = await impersonated(test.app);
    const ninaOrg = await tenantIdNamed(handle.db, DEMO_TENANTS.ninaPark.name);
    const byImpersonation = await test.app.inject({
      method: 'GET',
      url: srv.api(`${organisationEndpoints.get.path}?id=${ninaOrg}`),
      headers: srv.bearer(as.jwtToken),
    });
    expect(byImpersonation.statusCode).toBe(403);
  });
});

describe('POST /api/tenants/setEnabled', () => {
  it('ends the sessions in a disabled organisation; nobody signs into it until it is enabled', async () => {
    const marcusOrg = await tenantIdNamed(handle.db, DEMO_TENANTS.marcusReed.name);
    const marcus = await srv.login(test.app, member.email);
    const inOwn = srv.sessionOf(await srv.postSwitchTenant(test.app, marcus, marcusOrg));
    const host = await srv.login(test.app, owner.email);
    try {
      const response = await srv.callAs(test.app, host, adminEndpoints.setTenantEnabled, {
        id: marcusOrg,
        value: false,
      });
      expect(response.statusCode).toBe(200);
      expect(dataOf<AdminOrganisation>(response)).toMatchObject({ id: marcusOrg, enabled: false });

      // The live session in it ended: its access token and its refresh cookie.
      expect(
        (await srv.callAs(test.app, inOwn, accountEndpoints.getUserEditDetails)).statusCode,
      ).toBe(401);
      expect((await srv.postRefresh(test.app, inOwn.refreshToken)).statusCode).toBe(401);

      // A new login lands in his other (enabled) organisation; the disabled one is not offered.
      const again = await srv.login(test.app, member.email);
      const current = srv.parseJsonClaim<{ id: number }>(again.claims.currentTenant);
      expect(current.id).not.toBe(marcusOrg);
      const offered = srv.parseJsonClaim<Array<{ id: number }>>(again.claims.tenants);
      expect(offered.map((tenant) => tenant.id)).not.toContain(marcusOrg);
      const refused = await srv.postSwitchTenant(test.app, again, marcusOrg);
      expect(refused.statusCode).toBe(403);
      expect(srv.envelopeOf(refused).messages).toEqual(['This organisation is disabled.']);

      const enabled = await srv.callAs(test.app, host, adminEndpoints.setTenantEnabled, {
        id: marcusOrg,
        value: true,
      });
      expect(dataOf<AdminOrganisation>(enabled).enabled).toBe(true);
      expect((await srv.postSwitchTenant(test.app, again, marcusOrg)).statusCode).toBe(200);
    } finally {
      await setTenantEnabled(marcusOrg, true);
    }
  });

  it('refuses a login whose only organisation is disabled', async () => {
    const ninaOrg = await tenantIdNamed(handle.db, DEMO_TENANTS.ninaPark.name);
    await setTenantEnabled(ninaOrg, false);
    try {
      const response = await srv.postLogin(test.app, newbie.email);
      expect(response.statusCode).toBe(403);
    } finally {
      await setTenantEnabled(ninaOrg, true);
    }
  });

  it("refuses to disable the host's own current organisation (400) and an unknown one (404)", async () => {
    const host = await srv.login(test.app, owner.email);
    const own = srv.parseJsonClaim<{ id: number }>(host.claims.currentTenant).id;
    const refused = await srv.callAs(test.app, host, adminEndpoints.setTenantEnabled, {
      id: own,
      value: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(srv.envelopeOf(refused).messages).toEqual([
      'You cannot disable the organisation you are signed into.',
    ]);
    const unknown = await srv.callAs(test.app, host, adminEndpoints.setTenantEnabled, {
      id: 999_999,
      value: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(srv.envelopeOf(unknown).messages).toEqual(['Organisation not found.']);
  });
});

describe('POST /api/tenants/setSendingEmailsEnabled', () => {
  it('stops the invitations of an organisation with a message, sending and saving nothing', async () => {
    const harbour = await tenantIdNamed(handle.db, DEMO_TENANTS.harbourHope.name);
    const host = await srv.login(test.app, owner.email);
    const off = await srv.callAs(test.app, host, adminEndpoints.setTenantSendingEmailsEnabled, {
      id: harbour,
      value: false,
    });
    expect(off.statusCode).toBe(200);
    expect(dataOf<AdminOrganisation>(off).sendingEmailsEnabled).toBe(false);
    try {
      const [mailsBefore] = await handle.db.select({ n: count() }).from(devOutboxMails);
      const [invitationsBefore] = await handle.db.select({ n: count() }).from(userInvitations);
      const invite = await srv.callAs(test.app, host, teamEndpoints.createInvitation, {
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: 'ivy@example.com',
        userRole: UserRole.User,
        canChangeEmailAddress: false,
      });
      expect(invite.statusCode).toBe(403);
      expect(srv.envelopeOf(invite).messages).toEqual([
        'Sending emails is disabled for this organisation, so the invitation was not sent.',
      ]);
      expect(await handle.db.select({ n: count() }).from(devOutboxMails)).toEqual([mailsBefore]);
      expect(await handle.db.select({ n: count() }).from(userInvitations)).toEqual([
        invitationsBefore,
      ]);
    } finally {
      await handle.db
        .update(tenants)
        .set({ sendingEmailsEnabled: true })
        .where(eq(tenants.id, harbour));
    }
  });
});

describe('POST /api/users/listAll', () => {
  it('lists every user with their organisations, host flag and last login; searchable and paged', async () => {
    await srv.login(test.app, member.email);
    const host = await srv.login(test.app, owner.email);
    const all = dataOf<AdminUserList>(
      await srv.callAs(test.app, host, adminEndpoints.listAllUsers, { getTotalCount: true }),
    );
    expect(all.totalCount).toBe(all.list.length);
    expect(all.list.length).toBeGreaterThanOrEqual(3);

    const found = dataOf<AdminUserList>(
      await srv.callAs(test.app, host, adminEndpoints.listAllUsers, {
        searchString: 'marcus',
        getTotalCount: true,
      }),
    );
    expect(found.totalCount).toBe(1);
    const [marcus] = found.list;
    expect(marcus).toMatchObject({
      email: member.email,
      firstName: 'Marcus',
      lastName: 'Reed',
      isHost: false,
    });
    expect(marcus?.lastLoginDate).not.toBeNull();
    expect(marcus?.organisations.map((organisation) => organisation.name).sort()).toEqual(
      [DEMO_TENANTS.harbourHope.name, DEMO_TENANTS.marcusReed.name].sort(),
    );

    const olivia = dataOf<AdminUserList>(
      await srv.callAs(test.app, host, adminEndpoints.listAllUsers, { searchString: 'OWNER@' }),
    ).list;
    expect(olivia.map((user) => [user.email, user.isHost])).toEqual([[owner.email, true]]);

    const page = dataOf<AdminUserList>(
      await srv.callAs(test.app, host, adminEndpoints.listAllUsers, {
        sortBy: 'Email',
        page: 1,
        pageSize: 2,
      }),
    ).list.map((user) => user.email);
    expect(page).toHaveLength(2);
    expect(page).toEqual([...page].sort());
  });
});
