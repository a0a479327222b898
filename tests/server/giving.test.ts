/**
 * Giving to a Drop through the development stand-in (issue 35 points 3, 5, 6): a gift counts only
 * once the provider confirms it (the giver's return or the provider's event, whichever comes
 * first, and only once); a refund or a dispute takes it back out; the Drop's totals, the giver's
 * list and the charity's list follow; every bad input is refused with its words and records
 * nothing; another organisation's Administrators never see a charity's givers.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardInformation } from '../../contract/dashboard';
import { dashboardEndpoints } from '../../contract/endpoints/dashboard';
import { dropEndpoints } from '../../contract/endpoints/drops';
import { giftEndpoints } from '../../contract/endpoints/gifts';
import { devStandInPaths } from '../../contract/paths';
import type { DropDetails, DropDraft, SaveDropRequest } from '../../contract/drops';
import { giftTexts, type Gift, type GiftCheckout, type ReceivedGift } from '../../contract/gifts';
import type { ListResponse } from '../../contract/lists';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { TEST_CARDS } from '../../server/billing/standIn';
import { drops, gifts, standInPayments, tenants } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

const { handle, test } = useTestApp();
const STEP = 15 * 60_000;
const DAY = 24 * 60 * 60_000;

/** Marcus Reed, in Harbour Hope: he raises money with Drops. */
let fundraiser: srv.LoginResult;
/** Nina Park: she gives. */
let giver: srv.LoginResult;
/** Olivia Harper, Administrator of Harbour Hope (the charity). */
let charityAdmin: srv.LoginResult;
/** Marcus Reed in his own organisation, where he is Administrator: not the charity. */
let otherAdmin: srv.LoginResult;
let charityGuid: string;

const call = (session: srv.LoginResult, endpoint: AnyEndpoint, payload?: object) =>
  srv.callAs(test.app, session, endpoint, payload);

beforeAll(async () => {
  fundraiser = await srv.login(test.app, DEMO_USERS.member.email);
  giver = await srv.login(test.app, DEMO_USERS.newbie.email);
  charityAdmin = await srv.login(test.app, DEMO_USERS.owner.email);
  // A session of its own: switching organisation ends the session it was made from.
  otherAdmin = await srv.switchTenant(
    test.app,
    await srv.login(test.app, DEMO_USERS.member.email),
    'Marcus Reed',
  );
  const [row] = await handle.db
    .select({ guid: tenants.guid })
    .from(tenants)
    .where(eq(tenants.name, 'Harbour Hope'));
  charityGuid = row!.guid;
});

/** A Drop for Harbour Hope by the fundraiser, live from the current step for a week. */
async function liveDrop(overrides: Partial<SaveDropRequest> = {}): Promise<DropDraft> {
  const now = test.clock.now().getTime();
  const next = new Date((Math.floor(now / STEP) + 1) * STEP);
  const response = await call(fundraiser, dropEndpoints.save, {
    content: 'Swim the harbour for the lifeboats',
    charityGuid,
    goal: 50_000,
    startsAt: next.toISOString(),
    endsAt: new Date(next.getTime() + 7 * DAY).toISOString(),
    media: [],
    exclusiveText: 'The route map',
    exclusiveMedia: [],
    publish: true,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  const drop = srv.envelopeOf(response).data as DropDraft;
  // Started: its start moves to the current step, as time passing would make it live.
  await handle.db
    .update(drops)
    .set({ date: new Date(Math.floor(now / STEP) * STEP) })
    .where(eq(drops.guid, drop.guid));
  return drop;
}

function gift(dropGuid: string, overrides: object = {}) {
  return {
    dropGuid,
    amount: 1000,
    currency: 'gbp',
    message: 'For the crews',
    anonymous: false,
    ...overrides,
  };
}

async function start(dropGuid: string, overrides: object = {}, session = giver) {
  const response = await call(session, giftEndpoints.start, gift(dropGuid, overrides));
  expect(response.statusCode, response.body).toBe(200);
  return srv.envelopeOf(response).data as GiftCheckout;
}

function pay(url: string, number: string = TEST_CARDS.succeeds) {
  return test.app.inject({
    method: 'POST',
    url: new URL(url, 'http://localhost').pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      number,
      expiry: '12 / 49',
      cvc: '123',
      name: 'Nina Park',
    }).toString(),
  });
}

/** The checkout session id of a started gift (the return URL carries it to the client). */
async function sessionOf(giftGuid: string): Promise<string> {
  const [row] = await handle.db
    .select({ session: gifts.providerSessionId })
    .from(gifts)
    .where(eq(gifts.guid, giftGuid));
  return row!.session;
}

async function confirm(sessionId: string, session = giver) {
  return call(session, giftEndpoints.confirm, { sessionId });
}

async function shown(dropGuid: string, session = giver): Promise<DropDetails> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/${dropEndpoints.getByGuid.path}?guid=${dropGuid}`,
    headers: srv.bearer(session.jwtToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return srv.envelopeOf(response).data as DropDetails;
}

/** The Profile's Raised (users/getDashboardInformation) of the session's organisation. */
async function raisedOf(session: srv.LoginResult) {
  const data = srv.envelopeOf(await call(session, dashboardEndpoints.getDashboardInformation))
    .data as DashboardInformation;
  return { raised: data.raised, currency: data.currency };
}

async function giftCount(): Promise<number> {
  const [row] = await handle.db.select({ total: count() }).from(gifts);
  return row?.total ?? 0;
}

function postPayments(fields: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: srv.api(devStandInPaths.billingPayments),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function paymentIdOf(sessionId: string): Promise<string> {
  const [row] = await handle.db
    .select({ paymentId: standInPayments.paymentId })
    .from(standInPayments)
    .where(eq(standInPayments.id, sessionId));
  return row!.paymentId!;
}

describe('a gift through the stand-in checkout', () => {
  let drop: DropDraft;
  let checkout: GiftCheckout;
  let sessionId: string;

  beforeAll(async () => {
    drop = await liveDrop();
  });

  it('starts pending, counts nothing, and opens the checkout', async () => {
    checkout = await start(drop.guid);
    expect(checkout.url).toMatch(/\/dev\/billing\/pay\/cs_dev_/);
    sessionId = await sessionOf(checkout.giftGuid);
    expect(checkout.sessionId).toBe(sessionId);
    expect(checkout.url).toContain(sessionId);
    const pending = srv.envelopeOf(await confirm(sessionId)).data as Gift;
    expect(pending).toMatchObject({ status: 'pending', amount: 1000, currency: 'gbp' });
    expect(await shown(drop.guid)).toMatchObject({ raised: 0, givers: 0, exclusive: null });
  });

  it('counts once paid: the Drop’s totals, the exclusive content, the lists', async () => {
    const paid = await pay(checkout.url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`/drops/${drop.guid}?gift_session=${sessionId}`);
    // The stand-in's event confirmed it already; the giver's return reads it as confirmed.
    const confirmed = srv.envelopeOf(await confirm(sessionId)).data as Gift;
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      amount: 1000,
      dropGuid: drop.guid,
      charityName: 'Harbour Hope',
      message: 'For the crews',
    });
    expect(await shown(drop.guid)).toMatchObject({
      raised: 1000,
      givers: 1,
      exclusive: { text: 'The route map', media: [] },
    });
    // Someone who did not give (nor wrote it) still sees it locked.
    expect((await shown(drop.guid, charityAdmin)).exclusive).toBeNull();

    const mine = srv.envelopeOf(await call(giver, giftEndpoints.mine, {}))
      .data as ListResponse<Gift>;
    expect(mine.list[0]).toMatchObject({ guid: checkout.giftGuid, status: 'confirmed' });

    // The charity's Profile: Raised is what it received.
    expect(await raisedOf(charityAdmin)).toEqual({ raised: 1000, currency: 'gbp' });
    expect(await raisedOf(otherAdmin)).toEqual({ raised: 0, currency: 'gbp' });

    const received = srv.envelopeOf(await call(charityAdmin, giftEndpoints.received, {}))
      .data as ListResponse<ReceivedGift>;
    expect(received.list[0]).toMatchObject({
      guid: checkout.giftGuid,
      giver: 'Nina Park',
      amount: 1000,
      message: 'For the crews',
      status: 'confirmed',
    });
  });

  it('confirms again without counting twice (the return after the event, or a replay)', async () => {
    for (let n = 0; n < 3; n += 1) {
      expect((srv.envelopeOf(await confirm(sessionId)).data as Gift).status).toBe('confirmed');
    }
    expect(await shown(drop.guid)).toMatchObject({ raised: 1000, givers: 1 });
  });

  it('is another person’s gift to nobody else', async () => {
    const response = await confirm(sessionId, otherAdmin);
    expect(response.statusCode).toBe(404);
    expect(srv.envelopeOf(response).messages).toEqual([giftTexts.giftNotFound]);
    const theirs = srv.envelopeOf(await call(otherAdmin, giftEndpoints.mine, {}))
      .data as ListResponse<Gift>;
    expect(theirs.list.map((entry) => entry.guid)).not.toContain(checkout.giftGuid);
  });

  it('lists a charity’s gifts to its Administrators only, and no other organisation’s', async () => {
    const other = srv.envelopeOf(await call(otherAdmin, giftEndpoints.received, {}))
      .data as ListResponse<ReceivedGift>;
    expect(other.list).toEqual([]);
    const notAdmin = await call(giver, giftEndpoints.received, {});
    expect(notAdmin.statusCode).toBe(200);
    expect((srv.envelopeOf(notAdmin).data as ListResponse<ReceivedGift>).list).toEqual([]);
  });

  it('takes a refunded gift back out, once', async () => {
    const paymentId = await paymentIdOf(sessionId);
    expect((await postPayments({ action: 'refund', paymentId })).statusCode).toBe(200);
    expect((await postPayments({ action: 'refund', paymentId })).statusCode).toBe(409);
    expect(await shown(drop.guid)).toMatchObject({ raised: 0, givers: 0, exclusive: null });
    expect((srv.envelopeOf(await confirm(sessionId)).data as Gift).status).toBe('refunded');
    expect(await raisedOf(charityAdmin)).toEqual({ raised: 0, currency: 'gbp' });
    const received = srv.envelopeOf(await call(charityAdmin, giftEndpoints.received, {}))
      .data as ListResponse<ReceivedGift>;
    expect(received.list[0]).toMatchObject({ guid: checkout.giftGuid, status: 'refunded' });
  });
});

describe('several gifts', () => {
  it('adds gifts, counts a giver once, hides an anonymous giver, and takes a dispute out', async () => {
    const drop = await liveDrop();
    const first = await start(drop.guid, { amount: 2500 });
    const second = await start(drop.guid, { amount: 1234, anonymous: true, message: '' });
    // Paid at once: the two confirmations race, each counts once.
    const [a, b] = await Promise.all([pay(first.url), pay(second.url)]);
    expect([a.statusCode, b.statusCode]).toEqual([303, 303]);
    await Promise.all([
      confirm(await sessionOf(first.giftGuid)),
      confirm(await sessionOf(second.giftGuid)),
      confirm(await sessionOf(first.giftGuid)),
    ]);
    expect(await shown(drop.guid)).toMatchObject({ raised: 3734, givers: 1 });
    const received = srv.envelopeOf(
      await call(charityAdmin, giftEndpoints.received, { pageSize: 100 }),
    ).data as ListResponse<ReceivedGift>;
    const anonymous = received.list.find((entry) => entry.guid === second.giftGuid);
    expect(anonymous).toMatchObject({ giver: 'Anonymous', amount: 1234 });
    expect(JSON.stringify(anonymous)).not.toContain('Nina');

    const paymentId = await paymentIdOf(await sessionOf(first.giftGuid));
    expect((await postPayments({ action: 'dispute', paymentId })).statusCode).toBe(200);
    expect(await shown(drop.guid)).toMatchObject({ raised: 1234, givers: 1 });
  });

  it('leaves a declined card’s gift pending and uncounted', async () => {
    const drop = await liveDrop();
    const checkout = await start(drop.guid);
    const declined = await pay(checkout.url, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(422);
    const state = srv.envelopeOf(await confirm(await sessionOf(checkout.giftGuid))).data as Gift;
    expect(state.status).toBe('pending');
    expect(await shown(drop.guid)).toMatchObject({ raised: 0, givers: 0 });
  });
});

describe('bad input', () => {
  let drop: DropDraft;
  beforeEach(async () => {
    drop = await liveDrop();
  });

  it.each([
    ['an amount under £1', { amount: 99 }, giftTexts.amountTooSmall('gbp')],
    ['an amount over £10,000', { amount: 1_000_001 }, giftTexts.amountTooLarge('gbp')],
    ['another currency', { currency: 'eur' }, giftTexts.wrongCurrency],
  ])('refuses %s with its words, recording nothing', async (_name, change, words) => {
    const before = await giftCount();
    const response = await call(giver, giftEndpoints.start, gift(drop.guid, change));
    expect(response.statusCode).toBe(400);
    expect(srv.envelopeOf(response).messages).toEqual([words]);
    expect(await giftCount()).toBe(before);
  });

  it.each([
    ['a fraction of a penny', { amount: 10.5 }],
    ['a negative amount', { amount: -1000 }],
    ['an unknown currency code', { currency: 'GBP' }],
    ['a message too long', { message: 'x'.repeat(501) }],
    ['no amount', { amount: undefined }],
  ])('refuses %s, recording nothing', async (_name, change) => {
    const before = await giftCount();
    const response = await call(giver, giftEndpoints.start, { ...gift(drop.guid), ...change });
    expect(response.statusCode).toBe(400);
    expect(await giftCount()).toBe(before);
  });

  it('refuses a Drop that ended, was cancelled, is not live yet, or is someone’s draft', async () => {
    const before = await giftCount();
    await handle.db
      .update(drops)
      .set({ endsAt: new Date(test.clock.now().getTime() - 1000) })
      .where(eq(drops.guid, drop.guid));
    const ended = await call(giver, giftEndpoints.start, gift(drop.guid));
    expect(ended.statusCode).toBe(409);
    expect(srv.envelopeOf(ended).messages).toEqual([giftTexts.dropEnded]);

    const cancelled = await liveDrop();
    await call(fundraiser, dropEndpoints.cancel, { guid: cancelled.guid });
    const toCancelled = await call(giver, giftEndpoints.start, gift(cancelled.guid));
    expect(toCancelled.statusCode).toBe(409);
    expect(srv.envelopeOf(toCancelled).messages).toEqual([giftTexts.dropCancelled]);

    const draft = await liveDrop({ publish: false });
    const toDraft = await call(giver, giftEndpoints.start, gift(draft.guid));
    expect(toDraft.statusCode).toBe(404);

    const own = await call(fundraiser, giftEndpoints.start, gift((await liveDrop()).guid));
    expect(own.statusCode).toBe(409);
    expect(srv.envelopeOf(own).messages).toEqual([giftTexts.ownDrop]);
    expect(await giftCount()).toBe(before);
  });

  it('refuses a Drop whose charity is gone, and a guid that is no Drop', async () => {
    const before = await giftCount();
    await handle.db.update(drops).set({ charityTenantId: null }).where(eq(drops.guid, drop.guid));
    const noCharity = await call(giver, giftEndpoints.start, gift(drop.guid));
    expect(noCharity.statusCode).toBe(409);
    expect(srv.envelopeOf(noCharity).messages).toEqual([giftTexts.noCharity]);
    const unknown = await call(
      giver,
      giftEndpoints.start,
      gift('00000000-0000-4000-8000-000000000000'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await giftCount()).toBe(before);
  });
});
