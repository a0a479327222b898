/**
 * The reference lists a host maintains (spec §7.2 "Countries and currencies" and "Topics";
 * issue 19): every write is a host's (403 and nothing changed for anyone else); the rows'
 * Order runs 1..n and every reorder keeps it so; what a form needs cannot be disabled or deleted;
 * and what the admin changes is what the phone picker and onboarding see.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate } from 'superstruct';
import { identityEndpoints } from '../../contract/endpoints/identity';
import {
  countryEndpoints,
  currencyEndpoints,
  topicMaintenanceEndpoints,
} from '../../contract/endpoints/referenceLists';
import { topicEndpoints } from '../../contract/endpoints/topics';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import { ResponseStatus } from '../../contract/enums';
import { Country, CountryList, REFERENCE_LIST_REQUEST } from '../../contract/lists';
import { Currency, CurrencyList, referenceListTexts as t } from '../../contract/referenceLists';
import { MINIMUM_TOPICS, Topic, TopicList } from '../../contract/topics';
import { buildCurrencyList } from '../../server/db/currencies';
import { countries, currencies, topics } from '../../server/db/schema';
import { seedCurrencies } from '../../server/db/seed';
import { DEMO_USERS } from '../../server/db/seedData';
import { HOST_ONLY_CALL } from '../../server/domain/scope';
import { api, bearer, envelopeOf, login, type LoginResult } from './support/testServer';
import { useTestApp } from './support/suite';

/** Olivia: a host (and Administrator of Harbour Hope). */
let host: LoginResult;
/** Nina: the Administrator (owner) of her own organisation, not a host. */
let admin: LoginResult;
/** Marcus: a Standard User of Harbour Hope, not a host. */
let member: LoginResult;

const { handle, test } = useTestApp();
beforeAll(async () => {
  host = await login(test.app, DEMO_USERS.owner.email);
  admin = await login(test.app, DEMO_USERS.newbie.email);
  member = await login(test.app, DEMO_USERS.member.email);
});

async function call(endpoint: AnyEndpoint, payload: object, session: LoginResult | null = host) {
  const query = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const response = await test.app.inject({
    method: endpoint.method,
    url: api(endpoint.path),
    headers: session === null ? {} : bearer(session.jwtToken),
    ...(query
      ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
      : { payload }),
  });
  return { code: response.statusCode, body: envelopeOf(response) };
}

const allRows = {
  countries: () =>
    handle.db.select().from(countries).orderBy(asc(countries.order), asc(countries.id)),
  currencies: () =>
    handle.db.select().from(currencies).orderBy(asc(currencies.order), asc(currencies.id)),
  topics: () => handle.db.select().from(topics).orderBy(asc(topics.order), asc(topics.id)),
};

async function snapshot() {
  return Promise.all([allRows.countries(), allRows.currencies(), allRows.topics()]);
}

const orders = (rows: readonly { order: number }[]) => rows.map((row) => row.order);

describe('the seed', () => {
  it('has common ISO 4217 currencies with their symbols, by name, Order 1..n', async () => {
    const rows = await allRows.currencies();
    expect(rows.length).toBe(buildCurrencyList().length);
    expect(rows.find((row) => row.code === 'GBP')).toMatchObject({ symbol: '£', enabled: true });
    expect(rows.find((row) => row.code === 'EUR')).toMatchObject({ symbol: '€' });
    expect(orders(rows)).toEqual(rows.map((_, index) => index + 1));
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
    // Seeding again adds nothing.
    expect(await seedCurrencies(handle.db)).toBe(false);
  });
});

describe('who may write', () => {
  const id = async () => (await allRows.currencies())[0]!.id;
  const writes = async (): Promise<[AnyEndpoint, object][]> => [
    [currencyEndpoints.create, { name: 'Moon Dollar', code: 'MND', symbol: 'M' }],
    [currencyEndpoints.update, { id: await id(), name: 'Renamed', code: 'ZZZ', symbol: '' }],
    [currencyEndpoints.upsert, { name: 'Moon Dollar', code: 'MND', symbol: 'M' }],
    [currencyEndpoints.setEnabled, { id: await id(), value: false }],
    [currencyEndpoints.changeOrder, { id: await id(), moveUp: false }],
    [currencyEndpoints.moveOrderToIndex, { id: await id(), index: 3 }],
    [currencyEndpoints.deleteAndReorder, { id: await id() }],
    [currencyEndpoints.delete, { id: await id() }],
    [currencyEndpoints.get, { id: await id() }],
    [countryEndpoints.setEnabled, { id: (await allRows.countries())[5]!.id, value: false }],
    [topicMaintenanceEndpoints.moveOrderToIndex, { id: (await allRows.topics())[0]!.id, index: 2 }],
  ];

  it.each([
    ['a non-host Administrator', () => admin],
    ['a Standard User', () => member],
  ])('refuses %s every write with 403, and changes nothing', async (_, who) => {
    const before = await snapshot();
    for (const [endpoint, payload] of await writes()) {
      const { code, body } = await call(endpoint, payload, who());
      expect(code, endpoint.path).toBe(403);
      expect(body.status).toBe(ResponseStatus.Error);
      expect(body.messages).toEqual([HOST_ONLY_CALL]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a visitor with 401', async () => {
    const { code } = await call(
      currencyEndpoints.create,
      { name: 'X', code: 'XXX', symbol: '' },
      null,
    );
    expect(code).toBe(401);
  });

  it('lets only a host ask for the disabled rows (includeDisabled)', async () => {
    const request = { ...REFERENCE_LIST_REQUEST, includeDisabled: true };
    for (const endpoint of [
      identityEndpoints.countriesList,
      topicEndpoints.list,
      currencyEndpoints.list,
    ]) {
      expect((await call(endpoint, request, member)).code, endpoint.path).toBe(403);
      expect((await call(endpoint, request, admin)).code, endpoint.path).toBe(403);
      expect((await call(endpoint, request, host)).code, endpoint.path).toBe(200);
      // Without the flag, the callers they have always had.
      expect((await call(endpoint, REFERENCE_LIST_REQUEST, member)).code, endpoint.path).toBe(200);
    }
    expect((await call(identityEndpoints.countriesList, request, null)).code).toBe(401);
    expect((await call(identityEndpoints.countriesList, REFERENCE_LIST_REQUEST, null)).code).toBe(
      200,
    );
  });
});

describe('a host maintains the currencies', () => {
  it('creates last in Order, reads, updates, upserts, and refuses duplicates', async () => {
    const before = await allRows.currencies();
    const created = await call(currencyEndpoints.create, {
      name: '  Moon Dollar ',
      code: 'MND',
      symbol: 'M$',
    });
    expect(created.code).toBe(200);
    const moon = created.body.data as Currency;
    expect(validate(moon, Currency)[0]).toBeUndefined();
    expect(moon).toMatchObject({ name: 'Moon Dollar', order: before.length + 1, enabled: true });
    expect((await call(currencyEndpoints.get, { id: moon.id })).body.data).toEqual(moon);

    const dup = await call(currencyEndpoints.create, {
      name: 'moon dollar',
      code: 'MNE',
      symbol: '',
    });
    expect(dup.code).toBe(409);
    expect(dup.body.messages).toEqual([t.currencies.nameTaken('moon dollar')]);

    const updated = await call(currencyEndpoints.update, {
      id: moon.id,
      name: 'Moon Dollar',
      code: 'MNX',
      symbol: '',
    });
    expect(updated.body.data).toMatchObject({ id: moon.id, code: 'MNX', order: moon.order });

    const upserted = await call(currencyEndpoints.upsert, {
      id: moon.id,
      name: 'Lunar Dollar',
      code: 'MNX',
      symbol: 'L',
      enabled: false,
    });
    expect(upserted.body.data).toMatchObject({ id: moon.id, name: 'Lunar Dollar', enabled: false });
    const createdByUpsert = await call(currencyEndpoints.upsert, {
      id: 0,
      name: 'Mars Mark',
      code: 'MRM',
      symbol: '',
    });
    expect(createdByUpsert.body.data).toMatchObject({ order: before.length + 2 });

    // The list: enabled by Name for anyone signed in; every row for a host.
    const list = await call(currencyEndpoints.list, REFERENCE_LIST_REQUEST, member);
    const names = (list.body.data as { list: Currency[] }).list.map((c) => c.name);
    expect(validate(list.body.data, CurrencyList)[0]).toBeUndefined();
    expect(names).not.toContain('Lunar Dollar');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const all = await call(currencyEndpoints.list, {
      ...REFERENCE_LIST_REQUEST,
      includeDisabled: true,
    });
    expect((all.body.data as { list: Currency[] }).list.map((c) => c.name)).toContain(
      'Lunar Dollar',
    );

    // deleteAndReorder: gone, and the Order is whole again.
    const removed = await call(currencyEndpoints.deleteAndReorder, { id: moon.id });
    expect(removed.code).toBe(200);
    const after = (removed.body.data as { list: Currency[] }).list;
    expect(orders(after)).toEqual(after.map((_, index) => index + 1));
    expect(after.some((c) => c.id === moon.id)).toBe(false);
    // delete: gone, the others keep their Order.
    const mars = after.find((c) => c.code === 'MRM')!;
    expect((await call(currencyEndpoints.delete, { id: mars.id })).body.data).toEqual({
      deleted: true,
    });
    expect(orders(await allRows.currencies())).toEqual(orders(before));
  });

  it('never disables or deletes the last enabled currency', async () => {
    const rows = await allRows.currencies();
    const [keep, ...rest] = rows;
    await handle.db.update(currencies).set({ enabled: false }).where(eq(currencies.enabled, true));
    await handle.db.update(currencies).set({ enabled: true }).where(eq(currencies.id, keep!.id));
    try {
      const before = await allRows.currencies();
      for (const [endpoint, payload] of [
        [currencyEndpoints.setEnabled, { id: keep!.id, value: false }],
        [currencyEndpoints.delete, { id: keep!.id }],
        [currencyEndpoints.deleteAndReorder, { id: keep!.id }],
      ] as const) {
        const { code, body } = await call(endpoint, payload);
        expect(code, endpoint.path).toBe(409);
        expect(body.messages).toEqual([t.currencies.lastEnabled]);
      }
      expect(await allRows.currencies()).toEqual(before);
      // A disabled one may go.
      expect(
        (await call(currencyEndpoints.setEnabled, { id: rest[0]!.id, value: false })).code,
      ).toBe(200);
    } finally {
      await handle.db.update(currencies).set({ enabled: true });
    }
  });
});

describe('a host reorders', () => {
  it('one place up or down (changeorder), refusing past either end', async () => {
    const rows = await allRows.topics();
    const [first, second] = rows;
    const down = await call(topicMaintenanceEndpoints.changeOrder, {
      id: first!.id,
      moveUp: false,
    });
    expect(down.code).toBe(200);
    const list = (down.body.data as { list: Topic[] }).list;
    expect(validate(down.body.data, TopicList)[0]).toBeUndefined();
    expect(list.slice(0, 2).map((topic) => topic.id)).toEqual([second!.id, first!.id]);
    expect(orders(list)).toEqual(list.map((_, index) => index + 1));
    const up = await call(topicMaintenanceEndpoints.changeOrder, { id: first!.id, moveUp: true });
    expect((up.body.data as { list: Topic[] }).list[0]!.id).toBe(first!.id);

    const before = await allRows.topics();
    const top = await call(topicMaintenanceEndpoints.changeOrder, { id: first!.id, moveUp: true });
    expect(top.code).toBe(400);
    expect(top.body.messages).toEqual([t.alreadyFirst]);
    const last = rows.at(-1)!;
    const bottom = await call(topicMaintenanceEndpoints.changeOrder, {
      id: last.id,
      moveUp: false,
    });
    expect(bottom.body.messages).toEqual([t.alreadyLast]);
    expect(await allRows.topics()).toEqual(before);
  });

  it('to a place (moveOrderToIndex), refusing a place out of range', async () => {
    const rows = await allRows.topics();
    const moved = await call(topicMaintenanceEndpoints.moveOrderToIndex, {
      id: rows[0]!.id,
      index: 2,
    });
    const list = (moved.body.data as { list: Topic[] }).list;
    expect(list.map((topic) => topic.id).slice(0, 3)).toEqual([
      rows[1]!.id,
      rows[2]!.id,
      rows[0]!.id,
    ]);
    const before = await allRows.topics();
    const out = await call(topicMaintenanceEndpoints.moveOrderToIndex, {
      id: rows[0]!.id,
      index: rows.length,
    });
    expect(out.code).toBe(400);
    expect(out.body.messages).toEqual([t.indexOutOfRange(rows.length)]);
    expect(await allRows.topics()).toEqual(before);
    // Back as it was.
    await call(topicMaintenanceEndpoints.moveOrderToIndex, { id: rows[0]!.id, index: 0 });
    expect((await allRows.topics()).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });

  it('shows the new order at onboarding, and hides a disabled topic there', async () => {
    const rows = await allRows.topics();
    const onboarding = async () =>
      (
        (await call(topicEndpoints.list, { ...REFERENCE_LIST_REQUEST, sortBy: 'Order' }, admin))
          .body.data as { list: Topic[] }
      ).list.map((topic) => topic.id);
    await call(topicMaintenanceEndpoints.moveOrderToIndex, { id: rows[3]!.id, index: 0 });
    expect((await onboarding())[0]).toBe(rows[3]!.id);
    await call(topicMaintenanceEndpoints.setEnabled, { id: rows[5]!.id, value: false });
    expect(await onboarding()).not.toContain(rows[5]!.id);
    // The host still sees it, disabled.
    const all = await call(topicEndpoints.list, {
      ...REFERENCE_LIST_REQUEST,
      includeDisabled: true,
    });
    expect(
      (all.body.data as { list: Topic[] }).list.find((x) => x.id === rows[5]!.id),
    ).toMatchObject({ enabled: false });
    await call(topicMaintenanceEndpoints.setEnabled, { id: rows[5]!.id, value: true });
    await call(topicMaintenanceEndpoints.moveOrderToIndex, { id: rows[3]!.id, index: 3 });
    expect((await allRows.topics()).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });
});

describe('what a form needs stays', () => {
  it(`keeps at least ${MINIMUM_TOPICS} topics enabled for onboarding`, async () => {
    const rows = await allRows.topics();
    const keep = rows.slice(0, MINIMUM_TOPICS);
    for (const row of rows.slice(MINIMUM_TOPICS)) {
      expect(
        (await call(topicMaintenanceEndpoints.setEnabled, { id: row.id, value: false })).code,
      ).toBe(200);
    }
    try {
      const before = await allRows.topics();
      for (const [endpoint, payload] of [
        [topicMaintenanceEndpoints.setEnabled, { id: keep[0]!.id, value: false }],
        [topicMaintenanceEndpoints.delete, { id: keep[1]!.id }],
        [topicMaintenanceEndpoints.deleteAndReorder, { id: keep[2]!.id }],
      ] as const) {
        const { code, body } = await call(endpoint, payload);
        expect(code, endpoint.path).toBe(409);
        expect(body.messages).toEqual([t.topics.minimumEnabled]);
      }
      expect(await allRows.topics()).toEqual(before);
    } finally {
      await handle.db.update(topics).set({ enabled: true });
    }
  });

  it('keeps the default phone country GB: not disabled, deleted or recoded', async () => {
    const gb = (await allRows.countries()).find((row) => row.code === 'GB')!;
    const before = await allRows.countries();
    for (const [endpoint, payload] of [
      [countryEndpoints.setEnabled, { id: gb.id, value: false }],
      [countryEndpoints.delete, { id: gb.id }],
      [countryEndpoints.deleteAndReorder, { id: gb.id }],
      [countryEndpoints.update, { id: gb.id, name: gb.name, code: 'GX', callingCode: '44' }],
    ] as const) {
      const { code, body } = await call(endpoint, payload);
      expect(code, endpoint.path).toBe(409);
      expect(body.messages).toEqual([t.countries.defaultCountry('GB')]);
    }
    expect(await allRows.countries()).toEqual(before);
  });

  it('takes a disabled country out of the phone picker, and back when enabled', async () => {
    const fr = (await allRows.countries()).find((row) => row.code === 'FR')!;
    const picker = async () =>
      (
        (await call(identityEndpoints.countriesList, REFERENCE_LIST_REQUEST, null)).body.data as {
          list: Country[];
        }
      ).list;
    expect((await picker()).map((c) => c.code)).toContain('FR');
    const disabled = await call(countryEndpoints.setEnabled, { id: fr.id, value: false });
    expect(disabled.body.data).toMatchObject({ code: 'FR', enabled: false });
    expect(validate(disabled.body.data, Country)[0]).toBeUndefined();
    const list = await picker();
    expect(list.map((c) => c.code)).not.toContain('FR');
    const names = list.map((c) => c.name);
    expect(names.slice(0, 3)).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en')).slice(0, 3),
    );
    const all = await call(identityEndpoints.countriesList, {
      ...REFERENCE_LIST_REQUEST,
      includeDisabled: true,
    });
    expect(validate(all.body.data, CountryList)[0]).toBeUndefined();
    expect((all.body.data as { list: Country[] }).list.map((c) => c.code)).toContain('FR');
    await call(countryEndpoints.setEnabled, { id: fr.id, value: true });
    expect((await picker()).map((c) => c.code)).toContain('FR');
  });
});

/** A row of any of the three lists, as their calls answer it. */
interface Row {
  id: number;
  name: string;
  order: number;
  enabled: boolean;
}
type MaintenanceCall = keyof typeof countryEndpoints;

/**
 * The three lists share one handler; each runs the whole life of two new rows (A and B) as the
 * host. New rows only, so no refusal (GB, the last enabled currency, 3 enabled topics) applies.
 */
const lifeCases: {
  list: string;
  calls: Record<MaintenanceCall, AnyEndpoint>;
  rows: () => Promise<Row[]>;
  /** A valid row's fields; `slot` 0 or 1 gives the row's own code. */
  fields: (name: string, slot: 0 | 1) => Record<string, string>;
  itemError: (data: unknown) => unknown;
  listError: (data: unknown) => unknown;
  notFound: string;
  /** The list without includeDisabled, as its everyday callers read it. */
  publicList: AnyEndpoint;
  reader: () => LoginResult | null;
}[] = [
  {
    list: 'countries',
    calls: countryEndpoints,
    rows: async () => allRows.countries(),
    fields: (name, slot) => ({ name, code: slot === 0 ? 'QM' : 'QN', callingCode: '999' }),
    itemError: (data) => validate(data, Country)[0],
    listError: (data) => validate(data, CountryList)[0],
    notFound: t.countries.notFound,
    publicList: identityEndpoints.countriesList,
    reader: () => null,
  },
  {
    list: 'currencies',
    calls: currencyEndpoints,
    rows: async () => allRows.currencies(),
    fields: (name, slot) => ({ name, code: slot === 0 ? 'QQA' : 'QQB', symbol: 'Q$' }),
    itemError: (data) => validate(data, Currency)[0],
    listError: (data) => validate(data, CurrencyList)[0],
    notFound: t.currencies.notFound,
    publicList: currencyEndpoints.list,
    reader: () => member,
  },
  {
    list: 'topics',
    calls: topicMaintenanceEndpoints,
    rows: async () => allRows.topics(),
    fields: (name) => ({ name }),
    itemError: (data) => validate(data, Topic)[0],
    listError: (data) => validate(data, TopicList)[0],
    notFound: t.topics.notFound,
    publicList: topicEndpoints.list,
    reader: () => member,
  },
];

describe.each(lifeCases)('the life of a new row of $list', (lc) => {
  const get = (id: number) => call(lc.calls.get, { id });
  const publicIds = async () =>
    (
      (await call(lc.publicList, REFERENCE_LIST_REQUEST, lc.reader())).body.data as { list: Row[] }
    ).list.map((row) => row.id);
  const idsAndOrders = (rows: readonly Row[]) => rows.map(({ id, order }) => ({ id, order }));
  /** A reorder's answer: every row in its new Order, as stored, numbered 1..n. */
  async function reordered(answer: { code: number; body: { data?: unknown } }) {
    expect(answer.code).toBe(200);
    expect(lc.listError(answer.body.data)).toBeUndefined();
    const { list } = answer.body.data as { list: Row[] };
    expect(orders(list)).toEqual(list.map((_, index) => index + 1));
    expect(idsAndOrders(await lc.rows())).toEqual(idsAndOrders(list));
    return list;
  }

  it('is created, read, updated, upserted, disabled and enabled, reordered and deleted', async () => {
    const before = await lc.rows();
    const n = before.length;
    const ids = before.map((row) => row.id);
    expect(orders(before)).toEqual(before.map((_, index) => index + 1));

    // create: last in Order, enabled.
    const fieldsA = lc.fields('Quillon A', 0);
    const created = await call(lc.calls.create, { ...fieldsA, name: '  Quillon A ' });
    expect(created.code).toBe(200);
    expect(lc.itemError(created.body.data)).toBeUndefined();
    const a = created.body.data as Row;
    expect(a).toEqual({ id: expect.any(Number), ...fieldsA, order: n + 1, enabled: true });
    expect((await lc.rows()).at(-1)).toEqual(a);

    // get: the row's fields.
    const got = await get(a.id);
    expect(got.code).toBe(200);
    expect(got.body.data).toEqual(a);

    // update: the new name read back; its Order and enabled flag stay.
    const renamed = lc.fields('Quillon A renamed', 0);
    const updated = await call(lc.calls.update, { id: a.id, ...renamed });
    expect(updated.code).toBe(200);
    expect(updated.body.data).toEqual({ ...a, ...renamed });
    expect((await get(a.id)).body.data).toEqual({ ...a, ...renamed });

    // upsert with the id: updates that row.
    const upsertedFields = lc.fields('Quillon A upserted', 0);
    const upserted = await call(lc.calls.upsert, { id: a.id, ...upsertedFields });
    expect(upserted.code).toBe(200);
    expect(upserted.body.data).toEqual({ ...a, ...upsertedFields });
    expect((await get(a.id)).body.data).toEqual({ ...a, ...upsertedFields });
    expect((await lc.rows()).length).toBe(n + 1);

    // upsert without an id: a new row, last in Order.
    const fieldsB = lc.fields('Quillon B', 1);
    const createdByUpsert = await call(lc.calls.upsert, fieldsB);
    expect(createdByUpsert.code).toBe(200);
    expect(lc.itemError(createdByUpsert.body.data)).toBeUndefined();
    const b = createdByUpsert.body.data as Row;
    expect(b).toEqual({ id: expect.any(Number), ...fieldsB, order: n + 2, enabled: true });
    expect(b.id).not.toBe(a.id);
    expect((await get(b.id)).body.data).toEqual(b);

    // setEnabled: the everyday list hides the disabled row and shows it again once enabled.
    expect(await publicIds()).toContain(a.id);
    const off = await call(lc.calls.setEnabled, { id: a.id, value: false });
    expect(off.code).toBe(200);
    expect(off.body.data).toEqual({ ...a, ...upsertedFields, enabled: false });
    const whileOff = await publicIds();
    expect(whileOff).not.toContain(a.id);
    expect(whileOff).toContain(b.id);
    const on = await call(lc.calls.setEnabled, { id: a.id, value: true });
    expect(on.body.data).toEqual({ ...a, ...upsertedFields, enabled: true });
    expect(await publicIds()).toContain(a.id);

    // changeorder down then up: one place each time, swapping with the neighbour.
    const down = await reordered(await call(lc.calls.changeOrder, { id: a.id, moveUp: false }));
    expect(down.map((row) => row.id)).toEqual([...ids, b.id, a.id]);
    expect(down.find((row) => row.id === a.id)!.order).toBe(a.order + 1);
    expect(down.find((row) => row.id === b.id)!.order).toBe(b.order - 1);
    const up = await reordered(await call(lc.calls.changeOrder, { id: a.id, moveUp: true }));
    expect(up.map((row) => row.id)).toEqual([...ids, a.id, b.id]);
    expect(up.find((row) => row.id === a.id)!.order).toBe(a.order);
    expect(up.find((row) => row.id === b.id)!.order).toBe(b.order);

    // moveOrderToIndex: lands at the 0-based place; the others renumber 1..n around it.
    const index = n - 2;
    const moved = await reordered(await call(lc.calls.moveOrderToIndex, { id: a.id, index }));
    expect(moved.map((row) => row.id)).toEqual([
      ...ids.slice(0, index),
      a.id,
      ...ids.slice(index),
      b.id,
    ]);
    expect(moved[index]).toMatchObject({ id: a.id, order: index + 1 });

    // deleteAndReorder: gone, and the others are numbered 1..n again.
    const removed = await reordered(await call(lc.calls.deleteAndReorder, { id: a.id }));
    expect(removed.map((row) => row.id)).toEqual([...ids, b.id]);
    const gone = await get(a.id);
    expect(gone.code).toBe(404);
    expect(gone.body.messages).toEqual([lc.notFound]);

    // delete (the other new row): gone, get answers 404, the list is as it was.
    const deleted = await call(lc.calls.delete, { id: b.id });
    expect(deleted.code).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true });
    const goneToo = await get(b.id);
    expect(goneToo.code).toBe(404);
    expect(goneToo.body.messages).toEqual([lc.notFound]);
    expect(await publicIds()).not.toContain(b.id);
    expect(await lc.rows()).toEqual(before);
  });
});
