/**
 * The generic record calls of spec §7.2 (issue 19): users create, update, upsert, getByGuid,
 * getUserSignupData, delete, deletebyguid, and tenants create, update, upsert, getByGuid, delete,
 * deletebyguid. Each host call refuses a non-host Administrator and a Standard User (403, nothing
 * changed); the member-level calls answer a member their own records only.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentTenant } from '../../contract/auth';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { recordEndpoints as endpoints } from '../../contract/endpoints/records';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { organisationTexts } from '../../contract/organisations';
import {
  recordTexts,
  type TenantRecord,
  type UserRecord,
  type UserSignupData,
} from '../../contract/records';
import {
  posts,
  refreshTokens,
  standInCustomers,
  tenants,
  tenantUsers,
  users,
} from '../../server/db/schema';
import { DEMO_TENANTS, DEMO_USERS } from '../../server/db/seedData';
import { HOST_ONLY_CALL } from '../../server/domain/scope';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

/** Olivia: host, owner and Administrator of Harbour Hope (signed into it). */
let host: srv.LoginResult;
/** Nina: Administrator (owner) of her own organisation, not a host. */
let admin: srv.LoginResult;
/** Marcus signed into Harbour Hope, where he is a Standard User. */
let standard: srv.LoginResult;
let harbourHopeId: number;

const { handle, test } = useTestApp();
beforeAll(async () => {
  host = await srv.login(test.app, DEMO_USERS.owner.email);
  admin = await srv.login(test.app, DEMO_USERS.newbie.email);
  const marcus = await srv.login(test.app, DEMO_USERS.member.email);
  standard = await srv.switchTenant(test.app, marcus, DEMO_TENANTS.harbourHope.name);
  harbourHopeId = srv.tenantIdOf(host, DEMO_TENANTS.harbourHope.name);
});

const roleOf = (session: srv.LoginResult) =>
  srv.parseJsonClaim<CurrentTenant>(session.claims.currentTenant).userRole;

/** Calls `endpoint` as `session` (GET and DELETE with the payload as the query string). */
function call(
  endpoint: AnyEndpoint,
  session: srv.LoginResult,
  payload: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  const usesQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return test.app.inject({
    method: endpoint.method,
    url: srv.api(endpoint.path),
    headers: srv.bearer(session.jwtToken),
    ...(usesQuery
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload }),
  });
}

async function ok<T>(response: LightMyRequestResponse): Promise<T> {
  expect(response.statusCode, response.body).toBe(200);
  return Promise.resolve(srv.envelopeOf(response).data as T);
}

function refused(response: LightMyRequestResponse, code: number, messages: string[]): void {
  expect(response.statusCode, response.body).toBe(code);
  const body = srv.envelopeOf(response);
  expect(body.status).toBe(ResponseStatus.Error);
  expect(body.data).toBeNull();
  expect(body.messages).toEqual(messages);
}

let serial = 0;
/** A fresh person's create payload in `tenantId`. */
function person(tenantId: number, userRole: UserRole = UserRole.User) {
  serial += 1;
  return {
    firstName: 'Rhea',
    lastName: `Record${serial}`,
    email: `rhea.record${serial}@example.org`,
    handle: `rhea_record${serial}`,
    tenantId,
    userRole,
  };
}

async function createUser(tenantId = harbourHopeId, userRole: UserRole = UserRole.User) {
  return ok<UserRecord>(await call(endpoints.createUser, host, person(tenantId, userRole)));
}

async function userRow(id: number) {
  const [row] = await handle.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function tenantRow(id: number) {
  const [row] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

/** Every user, organisation and membership as stored (a refused call changes none). */
async function everything() {
  return Promise.all([
    handle.db.select().from(users).orderBy(users.id),
    handle.db.select().from(tenants).orderBy(tenants.id),
    handle.db.select().from(tenantUsers).orderBy(tenantUsers.id),
  ]);
}

describe('the host calls', () => {
  const hostCalls: [AnyEndpoint, () => Promise<Record<string, unknown>>][] = [
    [endpoints.createUser, async () => person(harbourHopeId)],
    [
      endpoints.updateUser,
      async () => ({
        id: standard.claims.id,
        firstName: 'Taken',
        lastName: 'Over',
        phone: '',
        dateOfBirth: '1990-01-01',
        handle: 'taken_over',
      }),
    ],
    [endpoints.upsertUser, async () => ({ ...person(harbourHopeId) })],
    [endpoints.deleteUser, async () => ({ id: (await createUser()).id })],
    [endpoints.deleteUserByGuid, async () => ({ guid: (await createUser()).guid })],
    [
      endpoints.createTenant,
      async () => ({ name: 'Taken Over', accountType: 'Charity', ownerUserId: standard.claims.id }),
    ],
    [
      endpoints.updateTenant,
      async () => ({
        id: harbourHopeId,
        name: 'Taken Over',
        companyNumber: '',
        vatNumber: '',
        email: 'taken@example.org',
        contactName: 'Taken Over',
        contactPhone: '+44 7700 900999',
        website: '',
      }),
    ],
    [
      endpoints.upsertTenant,
      async () => ({ name: 'Taken Over', accountType: 'Charity', ownerUserId: standard.claims.id }),
    ],
    [endpoints.deleteTenant, async () => ({ id: harbourHopeId })],
    [endpoints.deleteTenantByGuid, async () => ({ guid: (await tenantRow(harbourHopeId))!.guid })],
  ];
  const callers = [
    ['a non-host Administrator', () => admin, UserRole.Administrator],
    ['a Standard User', () => standard, UserRole.User],
  ] as const;

  it.each(
    hostCalls.flatMap(([endpoint, payload]) =>
      callers.map(
        ([who, session, role]) => [endpoint.path, who, endpoint, payload, session, role] as const,
      ),
    ),
  )(
    '%s refuses %s with 403 and changes nothing',
    async (_path, _who, endpoint, payload, session, role) => {
      expect(roleOf(session())).toBe(role);
      const input = await payload();
      const before = await everything();
      refused(await call(endpoint, session(), input), 403, [HOST_ONLY_CALL]);
      expect(await everything()).toEqual(before);
    },
  );
});

describe('users/create', () => {
  it('creates an account without a password in the organisation with the role', async () => {
    const input = person(harbourHopeId, UserRole.Administrator);
    const created = await ok<UserRecord>(
      await call(endpoints.createUser, host, { ...input, email: ` ${input.email.toUpperCase()} ` }),
    );
    expect(created).toMatchObject({
      firstName: 'Rhea',
      email: input.email,
      handle: input.handle,
      accountStatus: 'Active',
      isHost: false,
    });
    expect(created.tenantUsers).toEqual([
      expect.objectContaining({
        tenantId: harbourHopeId,
        userRole: UserRole.Administrator,
        owner: false,
        loginEnabled: true,
      }),
    ]);
    const row = await userRow(created.id);
    expect(row?.passwordHash).toBeNull();
    expect(row?.lastTenantId).toBe(harbourHopeId);
  });

  it('refuses a taken email and a taken handle with the spec texts, writing nothing', async () => {
    const before = await everything();
    const taken = {
      ...person(harbourHopeId),
      email: DEMO_USERS.member.email,
      handle: DEMO_USERS.member.handle.toUpperCase(),
    };
    refused(await call(endpoints.createUser, host, taken), 400, [
      recordTexts.handleNotAvailable,
      recordTexts.emailTaken,
    ]);
    expect(await everything()).toEqual(before);
  });

  it('refuses blank names, a bad handle and a bad role with the field texts', async () => {
    const input = person(harbourHopeId);
    refused(await call(endpoints.createUser, host, { ...input, firstName: '' }), 400, [
      recordTexts.firstNameRequired,
    ]);
    refused(await call(endpoints.createUser, host, { ...input, handle: 'a__b' }), 400, [
      recordTexts.handleRule,
    ]);
    refused(await call(endpoints.createUser, host, { ...input, userRole: 7 }), 400, [
      recordTexts.userRoleRequired,
    ]);
    refused(await call(endpoints.createUser, host, { ...input, email: 'nobody' }), 400, [
      recordTexts.emailInvalid,
    ]);
    refused(await call(endpoints.createUser, host, { ...input, firstName: '  ' }), 400, [
      recordTexts.firstNameRequired,
    ]);
  });

  it('refuses an organisation that does not exist (404)', async () => {
    const before = await everything();
    for (const tenantId of [999_999, 2 ** 31]) {
      refused(await call(endpoints.createUser, host, person(tenantId)), 404, [
        recordTexts.organisationNotFound,
      ]);
    }
    expect(await everything()).toEqual(before);
  });
});

describe('users/update', () => {
  const details = { phone: '+44 7911 123456', dateOfBirth: '1985-04-02' };

  it('changes the names, phone, date of birth and handle, never the email', async () => {
    const created = await createUser();
    const updated = await ok<UserRecord>(
      await call(endpoints.updateUser, host, {
        id: created.id,
        firstName: ' Rhia ',
        lastName: 'Changed',
        handle: `${created.handle}_x`,
        ...details,
      }),
    );
    expect(updated).toMatchObject({
      firstName: 'Rhia',
      lastName: 'Changed',
      handle: `${created.handle}_x`,
      phone: '+447911123456',
      dateOfBirth: '1985-04-02',
      email: created.email,
    });
    refused(
      await call(endpoints.updateUser, host, {
        id: created.id,
        firstName: 'A',
        lastName: 'B',
        handle: created.handle,
        email: 'new@example.org',
        ...details,
      }),
      400,
      ['email is not an expected field.'],
    );
    expect((await userRow(created.id))?.email).toBe(created.email);
  });

  it('answers every personal-details refusal together and writes nothing', async () => {
    const created = await createUser();
    const before = await everything();
    refused(
      await call(endpoints.updateUser, host, {
        id: created.id,
        firstName: ' ',
        lastName: 'Changed',
        handle: DEMO_USERS.owner.handle,
        phone: '12',
        dateOfBirth: '2020-01-01',
      }),
      400,
      [
        recordTexts.firstNameRequired,
        recordTexts.handleNotAvailable,
        recordTexts.phoneInvalid,
        'You must be at least 18 years old',
      ],
    );
    expect(await everything()).toEqual(before);
  });

  it('refuses an unknown user (404)', async () => {
    for (const id of [999_999, 2 ** 31]) {
      refused(
        await call(endpoints.updateUser, host, {
          id,
          firstName: 'A',
          lastName: 'B',
          handle: 'nobody_here',
          ...details,
        }),
        404,
        [recordTexts.userNotFound],
      );
    }
  });
});

describe('users/upsert', () => {
  it('creates without an id and updates with one', async () => {
    const input = person(harbourHopeId);
    const created = await ok<UserRecord>(await call(endpoints.upsertUser, host, input));
    expect(created.email).toBe(input.email);
    const updated = await ok<UserRecord>(
      await call(endpoints.upsertUser, host, {
        id: created.id,
        firstName: 'Upserted',
        lastName: created.lastName,
        handle: created.handle,
        dateOfBirth: '1990-01-01',
      }),
    );
    expect(updated).toMatchObject({ id: created.id, firstName: 'Upserted', phone: '' });
  });

  it('says what is missing for each way', async () => {
    const before = await everything();
    const { firstName, lastName, handle } = person(harbourHopeId);
    refused(await call(endpoints.upsertUser, host, { firstName, lastName, handle }), 400, [
      recordTexts.emailRequired,
      recordTexts.organisationRequired,
      recordTexts.userRoleRequired,
    ]);
    refused(
      await call(endpoints.upsertUser, host, {
        id: standard.claims.id,
        firstName,
        lastName,
        handle,
      }),
      400,
      [recordTexts.dateOfBirthRequired],
    );
    expect(await everything()).toEqual(before);
  });
});

describe('users/getByGuid', () => {
  it('answers a host any user, a member their own, and 404 for another or none alike', async () => {
    const created = await createUser();
    expect(
      (await ok<UserRecord>(await call(endpoints.getUserByGuid, host, { guid: created.guid }))).id,
    ).toBe(created.id);
    const own = await ok<UserRecord>(
      await call(endpoints.getUserByGuid, standard, { guid: standard.claims.guid }),
    );
    expect(own.email).toBe(DEMO_USERS.member.email);
    const another = await call(endpoints.getUserByGuid, standard, { guid: created.guid });
    refused(another, 404, [recordTexts.userNotFound]);
    expect(another.body).not.toContain(created.email);
    const none = await call(endpoints.getUserByGuid, standard, {
      guid: '00000000-0000-0000-0000-000000000000',
    });
    expect(none.body).toBe(another.body);
    refused(await call(endpoints.getUserByGuid, host, { guid: 'not-a-guid' }), 404, [
      recordTexts.userNotFound,
    ]);
  });
});

describe('users/getUserSignupData', () => {
  it("answers the caller's own signup data in the current organisation", async () => {
    const data = await ok<UserSignupData>(await call(endpoints.getUserSignupData, standard));
    expect(data).toMatchObject({
      firstName: DEMO_USERS.member.firstName,
      lastName: DEMO_USERS.member.lastName,
      email: DEMO_USERS.member.email,
      handle: DEMO_USERS.member.handle,
      companyName: DEMO_TENANTS.harbourHope.name,
      tenantAccountType: DEMO_TENANTS.harbourHope.accountType,
    });
    const nina = await ok<UserSignupData>(await call(endpoints.getUserSignupData, admin));
    expect(nina.companyName).toBe(DEMO_TENANTS.ninaPark.name);
    expect(nina.tenantAccountType).toBe('Individual');
  });
});

describe('users/delete and users/deletebyguid', () => {
  it('deletes the account with everything of theirs, by id and by guid', async () => {
    const byId = await createUser();
    await handle.db.insert(posts).values({
      tenantId: harbourHopeId,
      userId: byId.id,
      message: 'Written by a deleted account',
      link: '',
      publishedDate: new Date(),
      isDraft: false,
    });
    expect(await ok(await call(endpoints.deleteUser, host, { id: byId.id }))).toEqual({
      deleted: true,
    });
    expect(await userRow(byId.id)).toBeUndefined();
    expect(await handle.db.select().from(posts).where(eq(posts.userId, byId.id))).toEqual([]);
    const byGuid = await createUser();
    expect(await ok(await call(endpoints.deleteUserByGuid, host, { guid: byGuid.guid }))).toEqual({
      deleted: true,
    });
    expect(await userRow(byGuid.id)).toBeUndefined();
    refused(await call(endpoints.deleteUser, host, { id: byId.id }), 404, [
      recordTexts.userNotFound,
    ]);
    refused(await call(endpoints.deleteUserByGuid, host, { guid: byGuid.guid }), 404, [
      recordTexts.userNotFound,
    ]);
  });

  it("ends the deleted person's sessions at once", async () => {
    const created = await createUser();
    // The person set a password (as Forgotten password would): the demo password's hash.
    const [marcus] = await handle.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, standard.claims.id));
    await handle.db
      .update(users)
      .set({ passwordHash: marcus!.hash })
      .where(eq(users.id, created.id));
    const session = await srv.login(test.app, created.email);
    expect((await call(endpoints.getUserSignupData, session)).statusCode).toBe(200);
    await ok(await call(endpoints.deleteUser, host, { id: created.id }));
    expect((await call(endpoints.getUserSignupData, session)).statusCode).toBe(401);
    expect((await srv.postRefresh(test.app, session.refreshToken)).statusCode).toBe(401);
  });

  it('refuses oneself and an organisation owner, changing nothing', async () => {
    const before = await everything();
    refused(await call(endpoints.deleteUser, host, { id: host.claims.id }), 409, [
      recordTexts.cannotDeleteSelf,
    ]);
    refused(await call(endpoints.deleteUser, host, { id: admin.claims.id }), 409, [
      recordTexts.cannotDeleteOwner,
    ]);
    refused(await call(endpoints.deleteUserByGuid, host, { guid: admin.claims.guid }), 409, [
      recordTexts.cannotDeleteOwner,
    ]);
    expect(await everything()).toEqual(before);
  });
});

describe('tenants/create', () => {
  it("makes an existing user its owner and Administrator, with tenants/new's defaults", async () => {
    const owner = await createUser();
    const created = await ok<TenantRecord>(
      await call(endpoints.createTenant, host, {
        name: ' Tide Table ',
        accountType: 'Individual',
        ownerUserId: owner.id,
      }),
    );
    expect(created).toMatchObject({
      name: 'Tide Table',
      accountType: 'Individual',
      ownerUserId: owner.id,
      isOnboarding: true,
      isTrialing: true,
      enabled: true,
      email: owner.email,
      contactName: `${owner.firstName} ${owner.lastName}`,
    });
    const [membership] = await handle.db
      .select()
      .from(tenantUsers)
      .where(and(eq(tenantUsers.tenantId, created.id), eq(tenantUsers.userId, owner.id)));
    expect(membership).toMatchObject({ owner: true, userRole: UserRole.Administrator });
    expect((await tenantRow(created.id))?.trialEndDate).not.toBeNull();
  });

  it('refuses an owner who does not exist and a bad account type', async () => {
    const before = await everything();
    refused(
      await call(endpoints.createTenant, host, {
        name: 'X',
        accountType: 'Charity',
        ownerUserId: 999_999,
      }),
      404,
      [recordTexts.ownerNotFound],
    );
    refused(
      await call(endpoints.createTenant, host, {
        name: 'X',
        accountType: 'Company',
        ownerUserId: 1,
      }),
      400,
      [recordTexts.accountTypeRequired],
    );
    refused(
      await call(endpoints.createTenant, host, {
        name: ' ',
        accountType: 'Charity',
        ownerUserId: 1,
      }),
      400,
      [organisationTexts.nameRequired],
    );
    expect(await everything()).toEqual(before);
  });
});

/** A new organisation owned by a new user of Harbour Hope (so the owner belongs elsewhere). */
async function newTenant(): Promise<{ tenant: TenantRecord; owner: UserRecord }> {
  const owner = await createUser();
  const tenant = await ok<TenantRecord>(
    await call(endpoints.createTenant, host, {
      name: `Short Lived ${owner.id}`,
      accountType: 'Charity',
      ownerUserId: owner.id,
    }),
  );
  return { tenant, owner };
}

const DETAILS = {
  name: 'Renamed Trust',
  companyNumber: ' 0123 ',
  vatNumber: 'GB123',
  email: 'hello@renamed.example',
  contactName: 'Ren Amed',
  contactPhone: '+44 7700 900321',
  website: 'https://renamed.example',
};

describe('tenants/update and tenants/upsert', () => {
  it("changes an organisation's details", async () => {
    const { tenant } = await newTenant();
    const updated = await ok<TenantRecord>(
      await call(endpoints.updateTenant, host, { id: tenant.id, ...DETAILS }),
    );
    expect(updated).toMatchObject({ ...DETAILS, companyNumber: '0123', id: tenant.id });
  });

  it('refuses bad details with the organisation texts, and an unknown id', async () => {
    const { tenant } = await newTenant();
    const before = await everything();
    refused(
      await call(endpoints.updateTenant, host, { id: tenant.id, ...DETAILS, email: 'x' }),
      400,
      [organisationTexts.emailInvalid],
    );
    refused(
      await call(endpoints.updateTenant, host, { id: tenant.id, ...DETAILS, contactName: '' }),
      400,
      [organisationTexts.contactNameRequired],
    );
    refused(
      await call(endpoints.updateTenant, host, { id: tenant.id, ...DETAILS, website: 'nope' }),
      400,
      [organisationTexts.websiteInvalid],
    );
    for (const id of [999_999, 2 ** 31]) {
      refused(await call(endpoints.updateTenant, host, { id, ...DETAILS }), 404, [
        recordTexts.organisationNotFound,
      ]);
    }
    expect(await everything()).toEqual(before);
  });

  it('creates without an id and updates with one, saying what is missing', async () => {
    const owner = await createUser();
    const created = await ok<TenantRecord>(
      await call(endpoints.upsertTenant, host, {
        name: 'Upserted',
        accountType: 'Charity',
        ownerUserId: owner.id,
      }),
    );
    expect(created).toMatchObject({ name: 'Upserted', ownerUserId: owner.id });
    const updated = await ok<TenantRecord>(
      await call(endpoints.upsertTenant, host, {
        id: created.id,
        name: 'Upserted Again',
        email: 'a@b.example',
        contactName: 'A B',
        contactPhone: '+44 7700 900111',
      }),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Upserted Again', website: '' });
    const before = await everything();
    refused(await call(endpoints.upsertTenant, host, { name: 'No Owner' }), 400, [
      recordTexts.accountTypeRequired,
      recordTexts.ownerRequired,
    ]);
    refused(await call(endpoints.upsertTenant, host, { id: created.id, name: 'No Contact' }), 400, [
      organisationTexts.emailRequired,
      organisationTexts.contactNameRequired,
      organisationTexts.contactPhoneRequired,
    ]);
    expect(await everything()).toEqual(before);
  });
});

describe('tenants/getByGuid', () => {
  it('answers a host any organisation, a member their own, and 404 otherwise', async () => {
    const { tenant } = await newTenant();
    expect(
      (await ok<TenantRecord>(await call(endpoints.getTenantByGuid, host, { guid: tenant.guid })))
        .id,
    ).toBe(tenant.id);
    const own = await tenantRow(harbourHopeId);
    expect(
      (await ok<TenantRecord>(await call(endpoints.getTenantByGuid, standard, { guid: own!.guid })))
        .name,
    ).toBe(DEMO_TENANTS.harbourHope.name);
    const another = await call(endpoints.getTenantByGuid, standard, { guid: tenant.guid });
    refused(another, 404, [recordTexts.organisationNotFound]);
    const none = await call(endpoints.getTenantByGuid, standard, {
      guid: '00000000-0000-0000-0000-000000000000',
    });
    expect(none.body).toBe(another.body);
  });
});

describe('tenants/getByGuid for a member whose login is disabled', () => {
  it('answers 404 as for any organisation not theirs', async () => {
    const { tenant } = await newTenant();
    await handle.db
      .insert(tenantUsers)
      .values({ tenantId: tenant.id, userId: standard.claims.id, loginEnabled: false });
    refused(await call(endpoints.getTenantByGuid, standard, { guid: tenant.guid }), 404, [
      recordTexts.organisationNotFound,
    ]);
    await handle.db
      .update(tenantUsers)
      .set({ loginEnabled: true })
      .where(and(eq(tenantUsers.tenantId, tenant.id), eq(tenantUsers.userId, standard.claims.id)));
    expect(
      (
        await ok<TenantRecord>(
          await call(endpoints.getTenantByGuid, standard, { guid: tenant.guid }),
        )
      ).id,
    ).toBe(tenant.id);
  });
});

describe('tenants/delete and tenants/deletebyguid', () => {
  it("deletes it as an owner's deletion does: members elsewhere stay, its sessions end", async () => {
    const { tenant, owner } = await newTenant();
    const onlyHere = await createUser(tenant.id);
    // Marcus joins it and signs into it; his session there ends, his account stays.
    await handle.db
      .insert(tenantUsers)
      .values({ tenantId: tenant.id, userId: standard.claims.id, userRole: UserRole.User });
    const marcus = await srv.login(test.app, DEMO_USERS.member.email);
    const there = await srv.switchTenant(test.app, marcus, tenant.name);
    // Its customer at the payment provider (the development stand-in in tests).
    await handle.db.insert(standInCustomers).values({
      id: 'cus_records_deleted',
      name: tenant.name,
      email: owner.email,
      invoicePrefix: 'RECDEL',
      reference: String(tenant.id),
      createdAt: new Date(),
    });
    await handle.db
      .update(tenants)
      .set({ paymentProviderCustomerId: 'cus_records_deleted' })
      .where(eq(tenants.id, tenant.id));

    expect(await ok(await call(endpoints.deleteTenant, host, { id: tenant.id }))).toEqual({
      deleted: true,
    });
    expect(await tenantRow(tenant.id)).toBeUndefined();
    expect(await userRow(onlyHere.id)).toBeUndefined();
    expect(await userRow(owner.id)).toBeDefined();
    expect(await userRow(standard.claims.id)).toBeDefined();
    expect((await srv.postRefresh(test.app, there.refreshToken)).statusCode).toBe(401);
    // The payment customer went after the commit.
    expect(
      await handle.db
        .select()
        .from(standInCustomers)
        .where(eq(standInCustomers.id, 'cus_records_deleted')),
    ).toEqual([]);
    const [live] = await handle.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tenantId, tenant.id));
    expect(live).toBeUndefined();
    refused(await call(endpoints.deleteTenant, host, { id: tenant.id }), 404, [
      recordTexts.organisationNotFound,
    ]);
  });

  it('deletes by guid', async () => {
    const { tenant } = await newTenant();
    expect(await ok(await call(endpoints.deleteTenantByGuid, host, { guid: tenant.guid }))).toEqual(
      {
        deleted: true,
      },
    );
    expect(await tenantRow(tenant.id)).toBeUndefined();
    refused(await call(endpoints.deleteTenantByGuid, host, { guid: tenant.guid }), 404, [
      recordTexts.organisationNotFound,
    ]);
  });

  it('refuses the organisation the host is signed into, changing nothing', async () => {
    const before = await everything();
    refused(await call(endpoints.deleteTenant, host, { id: harbourHopeId }), 409, [
      recordTexts.cannotDeleteCurrentOrganisation,
    ]);
    const guid = (await tenantRow(harbourHopeId))!.guid;
    refused(await call(endpoints.deleteTenantByGuid, host, { guid }), 409, [
      recordTexts.cannotDeleteCurrentOrganisation,
    ]);
    expect(await everything()).toEqual(before);
  });
});
