/**
 * Organisations (issue 18): tenants/new (the creator owner and Administrator, a trial, onboarding,
 * the logo a pending upload of the organisation-logo preset), tenants/get (the current
 * organisation's members) and tenants/updateDetails (its Administrators only), with the spec's
 * messages, another organisation's id refused and nothing half-saved.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CurrentTenant, TenantSummary } from '../../contract/auth';
import { organisationEndpoints } from '../../contract/endpoints/organisations';
import { UserRole } from '../../contract/enums';
import { mediaPresetIds, type PendingUpload } from '../../contract/media';
import {
  logoUploadReference,
  organisationTexts,
  type NewOrganisationResponse,
  type Organisation,
} from '../../contract/organisations';
import { tenants, tenantUsers } from '../../server/db/schema';
import { DEMO_TENANTS, DEMO_USERS } from '../../server/db/seedData';
import { NO_TENANT_ACCESS, NOT_AN_ADMINISTRATOR } from '../../server/domain/scope';
import { makeImage, mediaApiKey, upload } from './support/media';
import * as srv from './support/testServer';
import { tenantIdNamed } from './support/rows';
import { useTestApp } from './support/suite';

const { owner, member } = DEMO_USERS;
const paths = {
  new: srv.api(organisationEndpoints.new.path),
  get: srv.api(organisationEndpoints.get.path),
  updateDetails: srv.api(organisationEndpoints.updateDetails.path),
};

let apiKey: string;

const { handle, test } = useTestApp();
beforeAll(async () => {
  apiKey = await mediaApiKey(test.app);
});

const tenantIdOf = (name: string) => tenantIdNamed(handle.db, name);

async function logoUpload(
  userGuid: string,
  options: { presetId?: string; size?: number } = {},
): Promise<PendingUpload> {
  const size = options.size ?? 800;
  const response = await upload(
    test.app,
    apiKey,
    { fileName: 'logo.png', contentType: 'image/png', data: await makeImage('png', size, size) },
    {
      presetId: options.presetId ?? mediaPresetIds.organisationLogo,
      reference: logoUploadReference(userGuid),
    },
  );
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  const [first] = response.json<PendingUpload[]>();
  if (first === undefined) throw new Error('no upload');
  return first;
}

/** Signed in with `email`, acting in the organisation `name` (login goes to the last one used). */
async function loginTo(email: string, name: string): Promise<srv.LoginResult> {
  const session = await srv.login(test.app, email);
  const id = await tenantIdOf(name);
  const current = srv.parseJsonClaim<CurrentTenant>(session.claims.currentTenant as string);
  if (current.id === id) return session;
  const switched = await srv.postSwitchTenant(test.app, session, id);
  if (switched.statusCode !== 200) throw new Error(`switch: ${switched.body}`);
  return srv.sessionOf(switched);
}

const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;

const post = (path: string, session: srv.LoginResult, payload: object) =>
  test.app.inject({ method: 'POST', url: path, headers: srv.bearer(session.jwtToken), payload });
const get = (session: srv.LoginResult, id: number) =>
  test.app.inject({
    method: 'GET',
    url: `${paths.get}?id=${id}`,
    headers: srv.bearer(session.jwtToken),
  });

const newOrganisation = {
  name: 'Tide Table Trust',
  email: 'hello@tidetable.example',
  contactName: 'Marcus Reed',
  contactPhone: '+44 7700 900456',
};

const harbourHopeDetails = (id: number) => ({
  id,
  name: 'Harbour Hope',
  companyNumber: '01234567',
  vatNumber: 'GB999999973',
  email: 'contact@harbourhope.example',
  contactName: 'Olivia Harper',
  contactPhone: '+44 20 7946 0000',
  website: 'https://harbourhope.example/about',
});

describe('POST tenants/new', () => {
  it('creates the organisation with its logo; the creator is its owner and Administrator, it trials and onboards, and the creator can switch to it', async () => {
    const session = await srv.login(test.app, member.email);
    const logo = await logoUpload(session.claims.guid as string);
    const response = await post(paths.new, session, { ...newOrganisation, logoId: logo.fileId });
    expect(response.statusCode).toBe(200);
    const created = srv.envelopeOf(response).data as NewOrganisationResponse;
    expect(created.guid).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await handle.db.select().from(tenants).where(eq(tenants.id, created.id));
    expect(row).toMatchObject({
      guid: created.guid,
      name: newOrganisation.name,
      accountType: 'Charity',
      email: newOrganisation.email,
      contactName: newOrganisation.contactName,
      contactPhone: newOrganisation.contactPhone,
      logoFileId: logo.fileId,
      isOnboarding: true,
      isTrialing: true,
    });
    expect(row?.trialEndDate?.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
    expect(row?.logoUrl).toContain(logo.fileId);
    const logoFile = await test.app.inject({ method: 'GET', url: pathOf(row?.logoUrl ?? '') });
    expect(logoFile.statusCode).toBe(200);

    const [membership] = await handle.db
      .select()
      .from(tenantUsers)
      .where(
        and(
          eq(tenantUsers.tenantId, created.id),
          eq(tenantUsers.userId, Number(session.claims.id)),
        ),
      );
    expect(membership).toMatchObject({
      userRole: UserRole.Administrator,
      owner: true,
      loginEnabled: true,
    });

    const switched = await srv.postSwitchTenant(test.app, session, created.id);
    expect(switched.statusCode).toBe(200);
    const claims = srv.sessionOf(switched).claims;
    const current = srv.parseJsonClaim<CurrentTenant>(claims.currentTenant as string);
    expect(current).toMatchObject({ id: created.id, name: newOrganisation.name, owner: true });
    expect(current.userRole).toBe(UserRole.Administrator);
    const list = srv.parseJsonClaim<TenantSummary[]>(claims.tenants as string);
    expect(list.map((t) => t.name)).toContain(newOrganisation.name);
  });

  it('creates one without a logo', async () => {
    const session = await srv.login(test.app, owner.email);
    const response = await post(paths.new, session, { ...newOrganisation, name: 'No Logo Ltd' });
    expect(response.statusCode).toBe(200);
    const { id } = srv.envelopeOf(response).data as NewOrganisationResponse;
    const [row] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
    expect(row).toMatchObject({ logoFileId: null, logoUrl: '' });
  });

  it.each([
    [{ name: '' }, 'name', organisationTexts.nameRequired],
    [{ name: '   ' }, 'name', organisationTexts.nameRequired],
    [{ email: '' }, 'email', organisationTexts.emailRequired],
    [{ email: 'not-an-address' }, 'email', organisationTexts.emailInvalid],
    [{ contactName: '' }, 'contactName', organisationTexts.contactNameRequired],
    [{ contactPhone: '' }, 'contactPhone', organisationTexts.contactPhoneRequired],
  ])('refuses %o with the spec message and creates nothing', async (change, _field, message) => {
    const session = await srv.login(test.app, member.email);
    const before = await handle.db.select({ id: tenants.id }).from(tenants);
    const response = await post(paths.new, session, { ...newOrganisation, ...change });
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response).messages).toContain(message);
    expect(await handle.db.select({ id: tenants.id }).from(tenants)).toHaveLength(before.length);
  });

  it("refuses someone else's logo upload, an avatar upload and an unknown id, and creates nothing", async () => {
    const session = await srv.login(test.app, member.email);
    const ownerSession = await srv.login(test.app, owner.email);
    const othersLogo = await logoUpload(ownerSession.claims.guid as string);
    const avatar = await logoUpload(session.claims.guid as string, {
      presetId: mediaPresetIds.avatar,
      size: 400,
    });
    const before = await handle.db.select({ id: tenants.id }).from(tenants);
    for (const logoId of [othersLogo.fileId, avatar.fileId, 'no-such-upload']) {
      const response = await post(paths.new, session, { ...newOrganisation, logoId });
      expect(response.statusCode).toBe(400);
      expect(srv.envelopeOf(response).messages).toEqual([organisationTexts.logoNotUsable]);
    }
    expect(await handle.db.select({ id: tenants.id }).from(tenants)).toHaveLength(before.length);
    // The owner's upload is still theirs to use.
    const own = await post(paths.new, ownerSession, {
      ...newOrganisation,
      name: 'Owner Logo Ltd',
      logoId: othersLogo.fileId,
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a visitor', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: paths.new,
      payload: newOrganisation,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET tenants/get', () => {
  it("answers the current organisation's details to an Administrator and a Standard User", async () => {
    const id = await tenantIdOf(DEMO_TENANTS.harbourHope.name);
    for (const email of [owner.email, member.email]) {
      const response = await get(await loginTo(email, DEMO_TENANTS.harbourHope.name), id);
      expect(response.statusCode).toBe(200);
      const organisation = srv.envelopeOf(response).data as Organisation;
      expect(organisation).toMatchObject({
        id,
        name: DEMO_TENANTS.harbourHope.name,
        accountType: 'Charity',
        companyNumber: DEMO_TENANTS.harbourHope.details.companyNumber,
        email: DEMO_TENANTS.harbourHope.details.email,
      });
    }
  });

  it("refuses another organisation's id, one the caller belongs to included", async () => {
    const session = await loginTo(member.email, DEMO_TENANTS.harbourHope.name);
    const own = await tenantIdOf(DEMO_TENANTS.marcusReed.name);
    const other = await tenantIdOf(DEMO_TENANTS.ninaPark.name);
    for (const id of [own, other, 999_999]) {
      const response = await get(session, id);
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([NO_TENANT_ACCESS]);
    }
  });
});

describe('POST tenants/updateDetails', () => {
  it('saves the details and a new logo for an Administrator; a Standard User then reads them', async () => {
    const session = await loginTo(owner.email, DEMO_TENANTS.harbourHope.name);
    const id = await tenantIdOf(DEMO_TENANTS.harbourHope.name);
    const logo = await logoUpload(session.claims.guid as string);
    const response = await post(paths.updateDetails, session, {
      ...harbourHopeDetails(id),
      logoId: logo.fileId,
    });
    expect(response.statusCode).toBe(200);
    const saved = srv.envelopeOf(response).data as Organisation;
    expect(saved).toMatchObject({ ...harbourHopeDetails(id), logoId: logo.fileId });

    const read = await get(await loginTo(member.email, DEMO_TENANTS.harbourHope.name), id);
    expect(srv.envelopeOf(read).data).toEqual(saved);

    // A second logo replaces the first, whose file goes.
    const second = await logoUpload(session.claims.guid as string);
    const replaced = await post(paths.updateDetails, session, {
      ...harbourHopeDetails(id),
      logoId: second.fileId,
    });
    expect((srv.envelopeOf(replaced).data as Organisation).logoId).toBe(second.fileId);
    const gone = await test.app.inject({ method: 'GET', url: pathOf(saved.logoUrl) });
    expect(gone.statusCode).toBe(404);

    // Without a logoId the logo stays; removeLogo takes it away.
    const kept = await post(paths.updateDetails, session, harbourHopeDetails(id));
    expect((srv.envelopeOf(kept).data as Organisation).logoId).toBe(second.fileId);
    const removed = await post(paths.updateDetails, session, {
      ...harbourHopeDetails(id),
      removeLogo: true,
    });
    expect(srv.envelopeOf(removed).data).toMatchObject({ logoId: null, logoUrl: '' });
  });

  it('refuses a Standard User, and nothing is saved', async () => {
    const session = await loginTo(member.email, DEMO_TENANTS.harbourHope.name);
    const id = await tenantIdOf(DEMO_TENANTS.harbourHope.name);
    const [before] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
    const response = await post(paths.updateDetails, session, {
      ...harbourHopeDetails(id),
      name: 'Taken Over',
    });
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response).messages).toEqual([NOT_AN_ADMINISTRATOR]);
    const [after] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
    expect(after).toEqual(before);
  });

  it("refuses another organisation's id (one the Administrator also administers included), and nothing is saved", async () => {
    const session = await loginTo(owner.email, DEMO_TENANTS.harbourHope.name);
    const others = [
      await tenantIdOf(DEMO_TENANTS.marcusReed.name),
      await tenantIdOf(DEMO_TENANTS.ninaPark.name),
      await tenantIdOf('No Logo Ltd'),
    ];
    for (const id of others) {
      const [before] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
      const response = await post(paths.updateDetails, session, {
        ...harbourHopeDetails(id),
        name: 'Taken Over',
      });
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([NO_TENANT_ACCESS]);
      const [after] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
      expect(after).toEqual(before);
    }
  });

  it('refuses bad fields with the spec messages and a foreign logo, and nothing is saved', async () => {
    const session = await loginTo(owner.email, DEMO_TENANTS.harbourHope.name);
    const id = await tenantIdOf(DEMO_TENANTS.harbourHope.name);
    const [before] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
    const memberLogo = await logoUpload(
      (await srv.login(test.app, member.email)).claims.guid as string,
    );
    const cases: Array<[object, string]> = [
      [{ name: '' }, organisationTexts.nameRequired],
      [{ email: '' }, organisationTexts.emailRequired],
      [{ email: 'nope' }, organisationTexts.emailInvalid],
      [{ contactName: ' ' }, organisationTexts.contactNameRequired],
      [{ contactPhone: '' }, organisationTexts.contactPhoneRequired],
      [{ website: 'not a url' }, organisationTexts.websiteInvalid],
      [{ companyNumber: 'x'.repeat(65) }, organisationTexts.numberTooLong],
      [{ logoId: memberLogo.fileId }, organisationTexts.logoNotUsable],
    ];
    for (const [change, message] of cases) {
      const response = await post(paths.updateDetails, session, {
        ...harbourHopeDetails(id),
        name: 'Changed',
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(srv.envelopeOf(response).messages).toContain(message);
    }
    const [after] = await handle.db.select().from(tenants).where(eq(tenants.id, id));
    expect(after).toEqual(before);
  });
});
