/**
 * The configuration the server puts into index.html (issue 15 item 2): used, validated as the
 * fetched answer is, without a request; GET /api/configuration when the page has none or an
 * invalid one.
 */
import { describe, expect, it, vi } from 'vitest';
import { INLINE_CONFIGURATION_ID } from '../../contract/paths';
import {
  loadConfiguration,
  pageConfiguration,
  type ConfigurationPage,
} from '../../src/services/api/configuration';
import type { HttpClient } from '../../src/services/http';
import { configuration } from '../support/fixtures';

/** A page whose configuration block holds `text` (none when undefined). */
function page(text: string | undefined): ConfigurationPage {
  return {
    getElementById: (id: string) =>
      text !== undefined && id === INLINE_CONFIGURATION_ID
        ? ({ textContent: text } as HTMLElement)
        : null,
  };
}

const envelope = (data: unknown, status = 1) => JSON.stringify({ status, messages: [], data });

function fakeHttp() {
  const fetched = { ...configuration, supportUrl: 'https://fetched.example/support' };
  const getJson = vi.fn(async (..._args: unknown[]) => ({
    status: 1,
    messages: [],
    data: fetched,
  }));
  return { http: { getJson } as unknown as HttpClient, getJson, fetched };
}

describe("the page's configuration", () => {
  it('is read from an Ok envelope or a bare configuration, as the endpoint answers', () => {
    expect(pageConfiguration(page(envelope(configuration)))).toEqual(configuration);
    expect(pageConfiguration(page(JSON.stringify(configuration)))).toEqual(configuration);
    // Escaped as the server writes it (`<` as \u003c): the same string.
    const escaped = envelope({ ...configuration, termsUrl: 'https://x.example/<b>' }).replace(
      /</g,
      '\\u003c',
    );
    expect(pageConfiguration(page(escaped))?.termsUrl).toBe('https://x.example/<b>');
  });

  it('is none without a page, a block or a text, or when it is not a valid answer', () => {
    const { mediaServiceClientApiKey: _dropped, ...incomplete } = configuration;
    const invalid = [
      undefined,
      '',
      '{"status":1,',
      envelope(incomplete),
      envelope(configuration, 3),
      envelope({ ...configuration, minimumPasswordLength: 0 }),
      'null',
    ];
    expect(pageConfiguration(undefined)).toBeNull();
    for (const text of invalid) expect(pageConfiguration(page(text)), text).toBeNull();
  });
});

describe('loadConfiguration', () => {
  it("uses the page's configuration without a request", async () => {
    const { http, getJson } = fakeHttp();
    await expect(loadConfiguration(http, page(envelope(configuration)))).resolves.toEqual(
      configuration,
    );
    expect(getJson).not.toHaveBeenCalled();
  });

  it('requests GET /api/configuration, anonymously, when the page has none or an invalid one', async () => {
    for (const text of [undefined, '{', envelope({ apiBaseUrl: '/api' })]) {
      const { http, getJson, fetched } = fakeHttp();
      await expect(loadConfiguration(http, page(text)), text).resolves.toEqual(fetched);
      expect(getJson).toHaveBeenCalledTimes(1);
      expect(getJson.mock.calls[0]?.[0]).toBe('/api/configuration');
      expect(getJson.mock.calls[0]?.[3]).toMatchObject({ anonymous: true });
    }
  });

  it('fails as the request fails when the page has none', async () => {
    const getJson = vi.fn(async () => {
      throw new Error('network down');
    });
    await expect(
      loadConfiguration({ getJson } as unknown as HttpClient, page(undefined)),
    ).rejects.toThrow('network down');
  });
});
