import { describe, expect, it } from 'vitest';
import type { DashboardInformation, UserSelectList } from '../../contract/dashboard';
import { dashboardEndpoints } from '../../contract/endpoints/dashboard';
import { ResponseStatus } from '../../contract/enums';
import { drops } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { NOT_AN_ADMINISTRATOR } from '../../server/domain/scope';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

const { handle, test } = useTestApp({ appPerTest: true });

const dashboardPath = dashboardEndpoints.getDashboardInformation.path;
const selectListPath = dashboardEndpoints.getSelectList.path;

async function dashboardOf(email: string, query = '') {
  const session = await srv.login(test.app, email);
  const response = await test.app.inject({
    method: 'GET',
    url: srv.api(dashboardPath) + query,
    headers: srv.bearer(session.jwtToken),
  });
  expect(response.statusCode).toBe(200);
  return srv.envelopeOf(response).data as DashboardInformation;
}

// The seed deals its 30 drops in turn to Olivia (Harbour Hope), Marcus (his own Marcus Reed),
// Nina (Nina Park) and Marcus (Harbour Hope): 8, 8, 7 and 7.
describe('GET users/getDashboardInformation', () => {
  it("answers the caller's first name, organisation and counts in the current organisation", async () => {
    expect(await dashboardOf(DEMO_USERS.owner.email)).toEqual({
      firstName: 'Olivia',
      organisationName: 'Harbour Hope',
      drops: 8,
      raised: 0,
      currency: 'gbp',
      followers: 0,
    });
    // Marcus's organisation at his first login is Harbour Hope: only his drops there count.
    expect(await dashboardOf(DEMO_USERS.member.email)).toMatchObject({
      firstName: 'Marcus',
      organisationName: 'Harbour Hope',
      drops: 7,
    });
  });

  it('counts in the organisation switched to', async () => {
    const session = await srv.switchTenant(
      test.app,
      await srv.login(test.app, DEMO_USERS.member.email),
      'Marcus Reed',
    );
    const response = await srv.callAs(
      test.app,
      session,
      dashboardEndpoints.getDashboardInformation,
    );
    expect(srv.envelopeOf(response).data).toMatchObject({
      organisationName: 'Marcus Reed',
      drops: 8,
    });
  });

  it('counts afresh on every call (refresh=true and a new drop)', async () => {
    const before = await dashboardOf(DEMO_USERS.newbie.email, '?refresh=true');
    expect(before.drops).toBe(7);
    const session = await srv.login(test.app, DEMO_USERS.newbie.email);
    await handle.db.insert(drops).values({
      tenantId: srv.tenantIdOf(session, 'Nina Park'),
      userId: Number(session.claims.id),
      content: 'One more',
      date: new Date(),
      endsAt: new Date(Date.now() + 86_400_000),
    });
    expect((await dashboardOf(DEMO_USERS.newbie.email, '?refresh=false')).drops).toBe(8);
  });

  it('refuses a caller without a token, and a refresh flag that is not true or false', async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: srv.api(dashboardPath) });
    expect(anonymous.statusCode).toBe(401);
    const session = await srv.login(test.app, DEMO_USERS.owner.email);
    const bad = await test.app.inject({
      method: 'GET',
      url: `${srv.api(dashboardPath)}?refresh=maybe`,
      headers: srv.bearer(session.jwtToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(srv.envelopeOf(bad).status).toBe(ResponseStatus.Error);
  });
});

describe('GET users/getSelectList', () => {
  it("lists the current organisation's users as {id, name} for its Administrator", async () => {
    const session = await srv.login(test.app, DEMO_USERS.owner.email);
    const response = await srv.callAs(test.app, session, dashboardEndpoints.getSelectList);
    expect(response.statusCode).toBe(200);
    const list = srv.envelopeOf(response).data as UserSelectList;
    expect(list.map((item) => item.name)).toEqual(['Marcus Reed', 'Olivia Harper']);
    expect(list.find((item) => item.name === 'Olivia Harper')?.id).toBe(Number(session.claims.id));
    // Another organisation's users are never listed.
    expect(list.map((item) => item.name)).not.toContain('Nina Park');
  });

  it('refuses a Standard User of the organisation', async () => {
    // Marcus is a Standard User of Harbour Hope (and an Administrator of his own organisation).
    const session = await srv.switchTenant(
      test.app,
      await srv.login(test.app, DEMO_USERS.member.email),
      'Harbour Hope',
    );
    const response = await srv.callAs(test.app, session, dashboardEndpoints.getSelectList);
    expect(response.statusCode).toBe(403);
    expect(srv.envelopeOf(response).messages).toEqual([NOT_AN_ADMINISTRATOR]);
  });

  it('refuses a caller without a token', async () => {
    const response = await test.app.inject({ method: 'GET', url: srv.api(selectListPath) });
    expect(response.statusCode).toBe(401);
  });
});
