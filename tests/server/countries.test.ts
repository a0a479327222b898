import { eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { CountryList, REFERENCE_LIST_REQUEST, type Country } from '../../contract/lists';
import { apiPaths } from './support/apiPaths';
import { buildCountryList } from '../../server/db/countries';
import { countries } from '../../server/db/schema';
import { seedCountries } from '../../server/db/seed';
import { messagesOf, post } from './support/identity';
import { envelopeOf } from './support/testServer';
import { useTestApp } from './support/suite';

const { handle, test } = useTestApp({ appPerTest: true });

async function list(payload: object) {
  const response = await post(test.app, apiPaths.countriesList, payload);
  return {
    response,
    data: envelopeOf(response).data as { list: Country[]; totalCount: number | null },
  };
}

describe('POST /api/countries/list', () => {
  it('answers the whole seeded list by Name to a signed-out caller, without a total', async () => {
    const { response, data } = await list(REFERENCE_LIST_REQUEST);
    expect(response.statusCode).toBe(200);
    expect(envelopeOf(response).status).toBe(ResponseStatus.Ok);
    expect(is(data, CountryList)).toBe(true);
    expect(data.totalCount).toBeNull();
    expect(data.list.length).toBeGreaterThan(240);
    const names = data.list.map((country) => country.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect([...names].sort(collator.compare)).toEqual(names);
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
    expect(data.list.find((country) => country.code === 'GB')).toMatchObject({
      name: 'United Kingdom',
      callingCode: '44',
      enabled: true,
    });
    expect(data.list.find((country) => country.code === 'US')?.callingCode).toBe('1');
    expect(new Set(data.list.map((country) => country.code)).size).toBe(data.list.length);
    for (const country of data.list) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.callingCode).toMatch(/^\d{1,4}$/);
    }
  });

  it('sorts descending, by other columns, pages and counts when asked', async () => {
    const descending = await list({ sortBy: 'Name', sortByDescending: true, pageSize: 3 });
    expect(descending.data.list.map((country) => country.name)).toEqual([
      'Zimbabwe',
      'Zambia',
      'Yemen',
    ]);
    const byCode = await list({ sortBy: 'code', page: 2, pageSize: 2, getTotalCount: true });
    const all = (await list({ sortBy: 'Code' })).data.list;
    expect(byCode.data.list.map((country) => country.code)).toEqual(
      all.slice(2, 4).map((country) => country.code),
    );
    expect(byCode.data.totalCount).toBe(all.length);
    const byCalling = (await list({ sortBy: 'CallingCode', pageSize: 1 })).data.list;
    expect(byCalling[0]?.callingCode).toBe('1');
    const beyond = await list({ page: 99, pageSize: 999 });
    expect(beyond.data.list).toEqual([]);
  });

  it('filters by searchString on the name or the exact code', async () => {
    const { data } = await list({ searchString: 'king', getTotalCount: true });
    expect(data.list.map((country) => country.code)).toContain('GB');
    expect(data.totalCount).toBe(data.list.length);
    const code = await list({ searchString: 'de' });
    expect(code.data.list.map((country) => country.code)).toContain('DE');
  });

  it('leaves disabled countries out', async () => {
    await handle.db.update(countries).set({ enabled: false }).where(eq(countries.code, 'AQ'));
    try {
      const { data } = await list({});
      expect(data.list.some((country) => country.code === 'AQ')).toBe(false);
    } finally {
      await handle.db.update(countries).set({ enabled: true }).where(eq(countries.code, 'AQ'));
    }
  });

  it('refuses a page size above 999, bad types and an unknown sort column', async () => {
    const cases: [object, string][] = [
      [{ pageSize: 1000 }, 'pageSize is out of range.'],
      [{ pageSize: 0 }, 'pageSize is out of range.'],
      [{ page: 0 }, 'page is out of range.'],
      [{ page: 1.5 }, 'page must be a whole number.'],
      [
        { sortBy: 'Name; DROP TABLE countries' },
        'sortBy must be one of Name, Code, CallingCode, Order, Id.',
      ],
      [{ getTotalCount: 'yes' }, 'getTotalCount must be true or false.'],
      [
        { searchString: 'x'.repeat(257) },
        'searchString must be between 0 and 256 characters long.',
      ],
    ];
    for (const [payload, message] of cases) {
      const { response } = await list(payload);
      expect(response.statusCode).toBe(400);
      expect(messagesOf(response)).toEqual([message]);
    }
  });
});

describe('the countries seed', () => {
  it('has every libphonenumber-js region with an English name, ordered by name', () => {
    const seed = buildCountryList();
    expect(seed.find((country) => country.code === 'CI')?.name).toBe('Côte d’Ivoire');
    expect(seed.map((country) => country.order)).toEqual(seed.map((_, index) => index + 1));
    expect(seed.every((country) => country.name !== country.code)).toBe(true);
  });

  it('is inserted once', async () => {
    expect(await seedCountries(handle.db)).toBe(false);
    const rows = await handle.db.select().from(countries);
    expect(rows).toHaveLength(buildCountryList().length);
  });
});
