/**
 * Drops made real (issue 35 point 1, 2): saving, publishing, scheduling, cancelling and deleting
 * a Drop, who sees it, the charity picker, and every bad input refused with the form's words and
 * nothing recorded. The lifecycle's rules are contract/dropStatusMachine.ts's.
 */
import { count, eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { beforeEach, describe, expect, it } from 'vitest';
import { DropDetails, DropDraft, dropTexts, type SaveDropRequest } from '../../contract/drops';
import { dropEndpoints } from '../../contract/endpoints/drops';
import type { ListResponse } from '../../contract/lists';
import type { DropItem } from '../../contract/posts';
import { drops, tenants } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { mediaApiKey, uploadPostImage } from './support/media';
import { useTestApp } from './support/suite';
import { callAs, envelopeOf, feedRequest, login, type LoginResult } from './support/testServer';

const { handle, test } = useTestApp({ appPerTest: true });
const STEP = 15 * 60_000;
const DAY = 24 * 60 * 60_000;

let author: LoginResult;
let reader: LoginResult;
let charityGuid: string;
let notACharityGuid: string;

async function tenantGuid(name: string): Promise<string> {
  const [row] = await handle.db
    .select({ guid: tenants.guid })
    .from(tenants)
    .where(eq(tenants.name, name));
  if (row === undefined) throw new Error(`no tenant ${name}`);
  return row.guid;
}

beforeEach(async () => {
  author = await login(test.app, DEMO_USERS.member.email);
  reader = await login(test.app, DEMO_USERS.newbie.email);
  charityGuid = await tenantGuid('Harbour Hope');
  notACharityGuid = await tenantGuid('Marcus Reed');
});

/** The next 15-minute step after the app's clock, plus `steps` more. */
function step(steps = 0): Date {
  const now = test.clock.now().getTime();
  return new Date((Math.floor(now / STEP) + 1 + steps) * STEP);
}

function request(overrides: Partial<SaveDropRequest> = {}): SaveDropRequest {
  const start = step();
  return {
    content: 'Swim the harbour for the lifeboats',
    charityGuid,
    goal: 50_000,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 7 * DAY).toISOString(),
    media: [],
    exclusiveText: 'The route map and the crew’s thank-you video',
    exclusiveMedia: [],
    publish: true,
    ...overrides,
  };
}

/** A Drop's start and end as its author saved them. */
const times = (drop: DropDraft) => ({ startsAt: drop.startsAt, endsAt: drop.endsAt });

async function save(session: LoginResult, payload: unknown) {
  return callAs(test.app, session, dropEndpoints.save, payload);
}

async function saved(payload: SaveDropRequest, session = author): Promise<DropDraft> {
  const response = await save(session, payload);
  expect(response.statusCode, response.body).toBe(200);
  const data = envelopeOf(response).data;
  expect(is(data, DropDraft)).toBe(true);
  return data as DropDraft;
}

async function details(session: LoginResult, guid: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/${dropEndpoints.getByGuid.path}?guid=${guid}`,
    headers: { authorization: `Bearer ${session.jwtToken}` },
  });
  return response;
}

async function feedGuids(session: LoginResult): Promise<string[]> {
  const response = await callAs(test.app, session, dropEndpoints.feedList, {
    ...feedRequest(1),
    pageSize: 100,
  });
  expect(response.statusCode).toBe(200);
  const { list } = envelopeOf(response).data as ListResponse<DropItem>;
  return list.flatMap((drop) => (drop.giving === undefined ? [] : [drop.giving.guid]));
}

async function dropCount(): Promise<number> {
  const [row] = await handle.db.select({ total: count() }).from(drops);
  return row?.total ?? 0;
}

/** Starts the Drop now: its start is moved to the current step (as time passing would). */
async function startNow(guid: string): Promise<void> {
  const now = test.clock.now().getTime();
  await handle.db
    .update(drops)
    .set({ date: new Date(Math.floor(now / STEP) * STEP) })
    .where(eq(drops.guid, guid));
}

describe('saving a Drop', () => {
  it('keeps a draft for its author only', async () => {
    const draft = await saved(request({ publish: false, charityGuid: '' }));
    expect(draft).toMatchObject({ status: 'Draft', charity: null, goal: 50_000 });
    expect(await feedGuids(author)).toContain(draft.guid);
    expect(await feedGuids(reader)).not.toContain(draft.guid);
    expect((await details(reader, draft.guid)).statusCode).toBe(404);
    const own = await details(author, draft.guid);
    expect(own.statusCode).toBe(200);
    expect(envelopeOf(own).data).toMatchObject({ status: 'Draft', isMine: true });
  });

  it('schedules a Drop whose start is to come; it is live for everyone from its start', async () => {
    const scheduled = await saved(request({ startsAt: step(4).toISOString() }));
    expect(scheduled.status).toBe('Scheduled');
    expect(scheduled.charity).toMatchObject({ name: 'Harbour Hope', currency: 'gbp' });
    expect(await feedGuids(reader)).not.toContain(scheduled.guid);
    await startNow(scheduled.guid);
    expect(await feedGuids(reader)).toContain(scheduled.guid);
    const response = await details(reader, scheduled.guid);
    expect(response.statusCode).toBe(200);
    const shown = envelopeOf(response).data as DropDetails;
    expect(is(shown, DropDetails)).toBe(true);
    expect(shown).toMatchObject({
      status: 'Live',
      raised: 0,
      givers: 0,
      goal: 50_000,
      currency: 'gbp',
      hasExclusive: true,
      exclusive: null,
      isMine: false,
      author: { name: 'Marcus Reed', handle: 'marcus_reed' },
    });
    const mine = envelopeOf(await details(author, scheduled.guid)).data as DropDetails;
    expect(mine.exclusive).toEqual({
      text: 'The route map and the crew’s thank-you video',
      media: [],
    });
  });

  it('is edited while a draft or scheduled, and taken back to a draft', async () => {
    const draft = await saved(request({ publish: false }));
    const scheduled = await saved(request({ guid: draft.guid, content: 'Changed', publish: true }));
    expect(scheduled).toMatchObject({ guid: draft.guid, status: 'Scheduled', content: 'Changed' });
    const back = await saved(request({ guid: draft.guid, publish: false }));
    expect(back.status).toBe('Draft');
  });

  it('keeps a draft whose start has passed, but publishes it only with a start to come', async () => {
    const draft = await saved(request({ publish: false }));
    // A day later (signed in again): the draft's start has passed.
    test.clock.advanceSeconds(24 * 60 * 60);
    author = await login(test.app, DEMO_USERS.member.email);
    const kept = await saved(request({ ...times(draft), guid: draft.guid, publish: false }));
    expect(kept.status).toBe('Draft');
    const before = await dropCount();
    const refused = await save(author, request({ ...times(draft), guid: draft.guid }));
    expect(refused.statusCode).toBe(400);
    expect(envelopeOf(refused).messages).toEqual([dropTexts.startInPast]);
    expect(await dropCount()).toBe(before);
    expect(envelopeOf(await details(author, draft.guid)).data).toMatchObject({ status: 'Draft' });
  });

  it('never publishes a Drop already over (an end within the start’s grace)', async () => {
    const start = new Date(step().getTime() - 2 * STEP);
    const response = await save(
      author,
      request({
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + STEP).toISOString(),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).messages).toEqual([dropTexts.endInPast]);
  });

  it('refuses changes once live, a cancelled Drop, and deleting anything but a draft', async () => {
    const drop = await saved(request());
    await startNow(drop.guid);
    const edit = await save(author, request({ guid: drop.guid }));
    expect(edit.statusCode).toBe(409);
    expect(envelopeOf(edit).messages).toEqual([dropTexts.notEditable]);
    const removed = await callAs(test.app, author, dropEndpoints.delete, undefined);
    expect(removed.statusCode).toBe(400);
    const deleteLive = await test.app.inject({
      method: 'DELETE',
      url: `/api/${dropEndpoints.delete.path}?guid=${drop.guid}`,
      headers: { authorization: `Bearer ${author.jwtToken}` },
    });
    expect(deleteLive.statusCode).toBe(409);
    expect(envelopeOf(deleteLive).messages).toEqual([dropTexts.notDeletable]);

    const cancelled = await callAs(test.app, author, dropEndpoints.cancel, { guid: drop.guid });
    expect(cancelled.statusCode).toBe(200);
    expect(envelopeOf(cancelled).data).toMatchObject({ status: 'Cancelled' });
    expect(await feedGuids(reader)).not.toContain(drop.guid);
    const again = await callAs(test.app, author, dropEndpoints.cancel, { guid: drop.guid });
    expect(again.statusCode).toBe(409);
    expect(envelopeOf(again).messages).toEqual([dropTexts.notCancellable]);
  });

  it('deletes its author’s draft', async () => {
    const draft = await saved(request({ publish: false }));
    const before = await dropCount();
    const response = await test.app.inject({
      method: 'DELETE',
      url: `/api/${dropEndpoints.delete.path}?guid=${draft.guid}`,
      headers: { authorization: `Bearer ${author.jwtToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(await dropCount()).toBe(before - 1);
    expect((await details(author, draft.guid)).statusCode).toBe(404);
  });

  it('is another person’s to read when live, never to change, cancel or delete', async () => {
    const drop = await saved(request({ publish: false }));
    const theirs = await save(reader, request({ guid: drop.guid }));
    expect(theirs.statusCode).toBe(404);
    expect(envelopeOf(theirs).messages).toEqual([dropTexts.notFound]);
    const cancel = await callAs(test.app, reader, dropEndpoints.cancel, { guid: drop.guid });
    expect(cancel.statusCode).toBe(404);
    const edit = await test.app.inject({
      method: 'GET',
      url: `/api/${dropEndpoints.getForEdit.path}?guid=${drop.guid}`,
      headers: { authorization: `Bearer ${reader.jwtToken}` },
    });
    expect(edit.statusCode).toBe(404);
    const remove = await test.app.inject({
      method: 'DELETE',
      url: `/api/${dropEndpoints.delete.path}?guid=${drop.guid}`,
      headers: { authorization: `Bearer ${reader.jwtToken}` },
    });
    expect(remove.statusCode).toBe(404);
    expect(envelopeOf(await details(author, drop.guid)).data).toMatchObject({ status: 'Draft' });
  });

  it('shows a Drop’s photos from uploads for Drops, and refuses others', async () => {
    const key = await mediaApiKey(test.app);
    const forDrop = await uploadPostImage(test.app, key, 600, 800, 'drop');
    const drop = await saved(request({ media: [{ fileId: forDrop.fileId }] }));
    expect(drop.media).toHaveLength(1);
    expect(drop.media[0]?.file).toMatchObject({ type: 'image', width: 600, height: 800 });
    // Kept as it is when saved again.
    const again = await saved(
      request({ guid: drop.guid, media: [{ fileId: forDrop.fileId }], content: 'Again' }),
    );
    expect(again.media.map((entry) => entry.fileId)).toEqual([forDrop.fileId]);

    const forPost = await uploadPostImage(test.app, key, 600, 800, 'post');
    const before = await dropCount();
    const wrong = await save(author, request({ media: [{ fileId: forPost.fileId }] }));
    expect(wrong.statusCode).toBe(400);
    expect(envelopeOf(wrong).messages).toEqual([dropTexts.uploadWrongPreset]);
    const unknown = await save(author, request({ media: [{ fileId: 'nope' }] }));
    expect(envelopeOf(unknown).messages).toEqual([dropTexts.uploadNotPending]);
    expect(await dropCount()).toBe(before);
  });
});

describe('bad input', () => {
  const cases: [string, () => Partial<SaveDropRequest>, string][] = [
    ['a blank teaser', () => ({ content: '   ' }), dropTexts.teaserRequired],
    ['a teaser too long', () => ({ content: 'x'.repeat(281) }), dropTexts.teaserTooLong],
    ['no charity to publish', () => ({ charityGuid: '' }), dropTexts.charityRequired],
    [
      'an organisation that is no Charity',
      () => ({ charityGuid: notACharityGuid }),
      dropTexts.notACharity,
    ],
    ['a charity that does not exist', () => ({ charityGuid: 'not-a-guid' }), dropTexts.notACharity],
    [
      'a start in the past',
      () => ({
        startsAt: new Date(step().getTime() - DAY).toISOString(),
        endsAt: step(4).toISOString(),
      }),
      dropTexts.startInPast,
    ],
    [
      'an end before the start',
      () => ({ startsAt: step(4).toISOString(), endsAt: step(2).toISOString() }),
      dropTexts.endBeforeStart,
    ],
    [
      'more than 30 days',
      () => ({
        startsAt: step().toISOString(),
        endsAt: new Date(step().getTime() + 30 * DAY + STEP).toISOString(),
      }),
      dropTexts.tooLong,
    ],
    [
      'a start off the 15-minute steps',
      () => ({ startsAt: new Date(step().getTime() + 60_000).toISOString() }),
      dropTexts.offStep,
    ],
    ['a goal under £1', () => ({ goal: 99 }), dropTexts.goalTooSmall('gbp')],
    ['a goal over £1,000,000', () => ({ goal: 100_000_001 }), dropTexts.goalTooLarge('gbp')],
  ];

  it.each(cases)('refuses %s with its words, recording nothing', async (_name, change, words) => {
    const before = await dropCount();
    const response = await save(author, request(change()));
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).messages).toEqual([words]);
    expect(await dropCount()).toBe(before);
  });

  it.each([
    ['a goal in pounds and pence', { goal: 12.5 }],
    ['a negative goal', { goal: -100 }],
    ['too many files', { media: Array.from({ length: 7 }, () => ({ fileId: 'x' })) }],
    ['no publish flag', { publish: undefined }],
  ])('refuses %s', async (_name, change) => {
    const before = await dropCount();
    const response = await save(author, { ...request(), ...change });
    expect(response.statusCode).toBe(400);
    expect(await dropCount()).toBe(before);
  });
});

describe('the charity picker', () => {
  async function charities(search: string) {
    const response = await callAs(test.app, author, dropEndpoints.charities, { search });
    expect(response.statusCode).toBe(200);
    return (envelopeOf(response).data as { list: { name: string }[] }).list.map((c) => c.name);
  }

  it('finds Charity organisations by part of their name, and nothing else', async () => {
    expect(await charities('harb')).toEqual(['Harbour Hope']);
    expect(await charities('HOPE')).toEqual(['Harbour Hope']);
    expect(await charities('')).toEqual(['Harbour Hope']);
    expect(await charities('Marcus')).toEqual([]);
    expect(await charities('%')).toEqual([]);
    expect(await charities('_')).toEqual([]);
  });
});
