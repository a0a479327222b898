/**
 * Interest topics (spec §3 Topic, §5 Topics, §7.2 Topics and Users; issue 14 item 4): the seeded
 * list, and each person's own choice: at least three distinct enabled topics, only their own,
 * saved whole or not at all.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { topicEndpoints } from '../../contract/endpoints/topics';
import { ResponseStatus } from '../../contract/enums';
import type { ListResponse } from '../../contract/lists';
import { MINIMUM_TOPICS, topicTexts, type Topic } from '../../contract/topics';
import { topics, userInterestedTopics } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { TOPIC_NAMES } from '../../server/db/topics';
import { api, bearer, envelopeOf, login, type LoginResult } from './support/testServer';
import { useTestApp } from './support/suite';

let newbie: LoginResult;
let member: LoginResult;
let topicIds: number[];

const userIdOf = (session: LoginResult) => session.claims.id;

const { handle, test } = useTestApp();
beforeAll(async () => {
  newbie = await login(test.app, DEMO_USERS.newbie.email);
  member = await login(test.app, DEMO_USERS.member.email);
  topicIds = (await handle.db.select({ id: topics.id }).from(topics).orderBy(topics.order)).map(
    (row) => row.id,
  );
});

function list(session: LoginResult | undefined, payload: Record<string, unknown> = {}) {
  return test.app.inject({
    method: 'POST',
    url: api(topicEndpoints.list.path),
    headers: session === undefined ? {} : bearer(session.jwtToken),
    payload,
  });
}

function chosen(session: LoginResult, id: number) {
  return test.app.inject({
    method: 'GET',
    url: api(topicEndpoints.userTopicIds.path),
    headers: bearer(session.jwtToken),
    query: { id: String(id) },
  });
}

function save(session: LoginResult, payload: Record<string, unknown>) {
  return test.app.inject({
    method: 'POST',
    url: api(topicEndpoints.updateUserTopics.path),
    headers: bearer(session.jwtToken),
    payload,
  });
}

async function storedTopicsOf(userId: number) {
  const rows = await handle.db
    .select({ id: userInterestedTopics.topicId })
    .from(userInterestedTopics)
    .where(eq(userInterestedTopics.userId, userId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('the topics list', () => {
  it('answers the seeded topics in their order, as the client asks (page 1, 999, Order)', async () => {
    const response = await list(newbie, {
      page: 1,
      pageSize: 999,
      sortBy: 'Order',
      sortByDescending: false,
      getTotalCount: false,
    });
    expect(response.statusCode).toBe(200);
    const data = envelopeOf(response).data as ListResponse<Topic>;
    expect(data.list.map((topic) => topic.name)).toEqual([...TOPIC_NAMES]);
    expect(data.list.length).toBeGreaterThanOrEqual(12);
    expect(data.totalCount).toBeNull();
  });

  it('leaves out disabled topics, and needs a signed-in user', async () => {
    const [last] = topicIds.slice(-1);
    await handle.db.update(topics).set({ enabled: false }).where(eq(topics.id, last!));
    try {
      const data = envelopeOf(await list(newbie)).data as ListResponse<Topic>;
      expect(data.list.map((topic) => topic.id)).not.toContain(last);
      expect(data.list).toHaveLength(TOPIC_NAMES.length - 1);
    } finally {
      await handle.db.update(topics).set({ enabled: true }).where(eq(topics.id, last!));
    }
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it("takes the spec's showFirstGuid (the client sends it empty) and refuses an over-long one", async () => {
    const asked = { page: 1, pageSize: 999, sortBy: 'Order', sortByDescending: false };
    const response = await list(newbie, { ...asked, getTotalCount: false, showFirstGuid: '' });
    expect(response.statusCode).toBe(200);
    const data = envelopeOf(response).data as ListResponse<Topic>;
    expect(data.list.map((topic) => topic.name)).toEqual([...TOPIC_NAMES]);
    expect((await list(newbie, { ...asked, showFirstGuid: 'x'.repeat(65) })).statusCode).toBe(400);
  });

  it('refuses an unknown sort with a 400', async () => {
    const response = await list(newbie, { sortBy: 'Colour' });
    expect(response.statusCode).toBe(400);
  });
});

describe("a person's topics", () => {
  it('saves at least three distinct topics and answers them, then lists them', async () => {
    const id = userIdOf(newbie);
    const pick = [topicIds[4]!, topicIds[0]!, topicIds[2]!, topicIds[0]!];
    const response = await save(newbie, { userId: id, topicIds: pick });
    expect(response.statusCode).toBe(200);
    const expected = { list: [topicIds[0]!, topicIds[2]!, topicIds[4]!].map((t) => ({ id: t })) };
    expect(envelopeOf(response).data).toEqual(expected);
    expect(envelopeOf(await chosen(newbie, id)).data).toEqual(expected);
    // A new choice replaces the old one.
    const again = await save(newbie, { userId: id, topicIds: topicIds.slice(5, 8) });
    expect(again.statusCode).toBe(200);
    expect(await storedTopicsOf(id)).toEqual(topicIds.slice(5, 8));
  });

  it.each([
    ['fewer than three', () => topicIds.slice(0, MINIMUM_TOPICS - 1), topicTexts.tooFew],
    ['three with a repeat', () => [topicIds[0]!, topicIds[0]!, topicIds[1]!], topicTexts.tooFew],
    ['none', () => [], topicTexts.tooFew],
    ['a tampered id', () => [...topicIds.slice(0, 3), 987_654], topicTexts.unknown],
  ])('refuses %s with the message and keeps the earlier choice', async (_name, ids, message) => {
    const id = userIdOf(newbie);
    const before = await storedTopicsOf(id);
    const response = await save(newbie, { userId: id, topicIds: ids() });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).status).toBe(ResponseStatus.Error);
    expect(envelopeOf(response).messages).toContain(message);
    expect(await storedTopicsOf(id)).toEqual(before);
  });

  it.each([
    ['a non-id', 'x'],
    ['a zero id', 0],
  ])('refuses %s with a 400 naming the field, and keeps the earlier choice', async (_name, bad) => {
    const id = userIdOf(newbie);
    const before = await storedTopicsOf(id);
    const response = await save(newbie, { userId: id, topicIds: [...topicIds.slice(0, 3), bad] });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).messages.join(' ')).toMatch(/topicIds/);
    expect(await storedTopicsOf(id)).toEqual(before);
  });

  it('asks for the topics when none are sent', async () => {
    const response = await save(newbie, { userId: userIdOf(newbie) });
    expect(response.statusCode).toBe(400);
    expect(envelopeOf(response).messages).toEqual([topicTexts.tooFew]);
  });

  it('refuses a disabled topic and keeps the earlier choice', async () => {
    const id = userIdOf(newbie);
    const before = await storedTopicsOf(id);
    const disabled = topicIds[9]!;
    await handle.db.update(topics).set({ enabled: false }).where(eq(topics.id, disabled));
    try {
      const response = await save(newbie, {
        userId: id,
        topicIds: [...topicIds.slice(0, 2), disabled],
      });
      expect(response.statusCode).toBe(400);
      expect(envelopeOf(response).messages).toContain(topicTexts.unknown);
      expect(await storedTopicsOf(id)).toEqual(before);
    } finally {
      await handle.db.update(topics).set({ enabled: true }).where(eq(topics.id, disabled));
    }
  });

  it("neither shows nor changes another user's topics (403)", async () => {
    const other = userIdOf(newbie);
    const before = await storedTopicsOf(other);
    const read = await chosen(member, other);
    expect(read.statusCode).toBe(403);
    expect(envelopeOf(read).messages).toEqual([topicTexts.notYours]);
    const write = await save(member, { userId: other, topicIds: topicIds.slice(0, 3) });
    expect(write.statusCode).toBe(403);
    expect(await storedTopicsOf(other)).toEqual(before);
  });
});
