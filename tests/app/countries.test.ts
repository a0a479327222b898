import { describe, expect, it, vi } from 'vitest';
import type { Country } from '../../contract/lists';
import { createCountriesLoader, FALLBACK_COUNTRIES } from '../../src/shared/countries';

const country = (code: string, name: string, callingCode: string, enabled = true): Country => ({
  id: code.charCodeAt(0),
  code,
  name,
  callingCode,
  enabled,
  order: 0,
});

describe('the countries loader', () => {
  it('answers the enabled countries, in the order the server sorted them', async () => {
    const list = vi.fn(async () => [
      country('FR', 'France', '33'),
      country('XK', 'Kosovo', '383', false),
      country('GB', 'United Kingdom', '44'),
    ]);
    const load = createCountriesLoader(list, vi.fn());
    expect(await load()).toEqual([
      { code: 'FR', name: 'France', callingCode: '33' },
      { code: 'GB', name: 'United Kingdom', callingCode: '44' },
    ]);
  });

  it('loads once for every screen that asks', async () => {
    const list = vi.fn(async () => [country('GB', 'United Kingdom', '44')]);
    const load = createCountriesLoader(list, vi.fn());
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("logs 'Failed to fetch countries' and answers GB only; the next screen tries again", async () => {
    const error = new Error('offline');
    const list = vi
      .fn<() => Promise<Country[]>>()
      .mockRejectedValueOnce(error)
      .mockResolvedValueOnce([country('FR', 'France', '33')]);
    const logError = vi.fn();
    const load = createCountriesLoader(list, logError);
    expect(await load()).toEqual([{ code: 'GB', name: 'United Kingdom', callingCode: '44' }]);
    expect(await load()).toEqual([{ code: 'FR', name: 'France', callingCode: '33' }]);
    expect(logError).toHaveBeenCalledExactlyOnceWith('Failed to fetch countries', error);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('answers GB when no country is enabled', async () => {
    const load = createCountriesLoader(async () => [country('FR', 'France', '33', false)], vi.fn());
    expect(await load()).toBe(FALLBACK_COUNTRIES);
  });
});
