/**
 * Every API call is registered through the route helper (design §6), from its definition in
 * contract/endpoints/: a route under the API base without an endpoint would have no declared auth
 * level, so forgetting `authenticate` on it would silently open it.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../contract/endpoints';
import type { AnyEndpoint } from '../../contract/endpoints/define';
import {
  allMediaServiceCalls,
  mediaServiceCalls,
  type MediaServiceCall,
} from '../../contract/endpoints/media';
import type { DatabaseHandle } from '../../server/db/database';
import { mediaServiceMessages } from '../../server/media/service';
import { openTestDatabase } from './support/testDatabase';
import { api, createTestApp } from './support/testServer';

let handle: DatabaseHandle;
let app: FastifyInstance;
const routes: RouteOptions[] = [];

/**
 * Routes under the API base that are not calls of the API: the development stand-ins' pages and
 * script (never registered in production), which answer HTML and JavaScript, not envelopes.
 */
const NOT_CALLS = [
  'GET /api/dev/mail/page',
  'GET /api/dev/oauth/consent',
  'GET /api/dev/oauth/consent.js',
  'GET /api/dev/billing/checkout/:sessionId',
  'POST /api/dev/billing/checkout/:sessionId',
  'GET /api/dev/billing/portal/:portalId',
  'POST /api/dev/billing/portal/:portalId',
  'GET /api/dev/billing/invoices/:invoiceId/pdf',
  'GET /api/dev/billing/pay/:sessionId',
  'POST /api/dev/billing/pay/:sessionId',
  'GET /api/dev/billing/payments',
  'POST /api/dev/billing/payments',
];

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');

beforeAll(async () => {
  handle = await openTestDatabase();
  ({ app } = await createTestApp(handle.db, {}, {}, (app) => {
    app.addHook('onRoute', (options) => {
      // Fastify adds a HEAD route beside each GET one.
      if (methodsOf(options).length > 0) routes.push(options);
    });
  }));
});

afterAll(async () => {
  await app.close();
  await handle.close();
});

const mediaCallOf = (route: RouteOptions) =>
  (route.config as { mediaCall?: MediaServiceCall } | undefined)?.mediaCall;

const endpointOf = (route: RouteOptions) =>
  (route.config as { endpoint?: AnyEndpoint } | undefined)?.endpoint;

describe('route registration', () => {
  it('registers every route under the API base through the route helper', () => {
    const apiRoutes = routes.filter(
      (route) =>
        route.url.startsWith('/api/') &&
        !NOT_CALLS.includes(`${methodsOf(route).join(',')} ${route.url}`),
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    const withoutHelper = apiRoutes
      .filter((route) => endpointOf(route) === undefined)
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`);
    // The configuration (outside the API base, plain JSON before sign-in) is not a call either.
    expect(withoutHelper).toEqual(['GET /api/configuration']);
  });

  it("registers nothing else without a helper but the media service's OPTIONS answer", () => {
    // The media service is a service of its own (spec §7.1: its own base URL and client API
    // key; plain JSON and files, not the API's envelopes): its calls come through its own helper
    // from contract/endpoints/media.ts. Its OPTIONS answer (204 with Allow) carries no data. No
    // static site in this build.
    const others = routes
      .filter(
        (route) =>
          !route.url.startsWith('/api/') &&
          endpointOf(route) === undefined &&
          mediaCallOf(route) === undefined,
      )
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`)
      .sort();
    expect(others).toEqual(['OPTIONS /media/*']);
  });

  it('registers every call of the media service from its table, once', () => {
    const registered = routes
      .filter((route) => mediaCallOf(route) !== undefined)
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`)
      .sort();
    const defined = allMediaServiceCalls.map((call) => `${call.method} /media/${call.path}`).sort();
    expect(registered).toEqual(defined);
    expect(new Set(defined).size).toBe(defined.length);
    // Only the files are public (an <img> loads them); everything else needs the client key.
    expect(allMediaServiceCalls.filter((call) => call.access === 'public')).toEqual([
      mediaServiceCalls.file,
    ]);
  });

  it.each(allMediaServiceCalls.filter((call) => call.access === 'mediaKey'))(
    'refuses $method $path without the client API key (401), before reading anything',
    async (call) => {
      const url = `/media/${call.path.replace(/:\w+/g, 'x')}`;
      const response = await app.inject({ method: call.method, url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ messages: [mediaServiceMessages.apiKey] });
    },
  );

  it('registers every endpoint of the contract, once, with its method and path', () => {
    const registered = routes
      .filter((route) => endpointOf(route) !== undefined)
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`)
      .sort();
    const defined = allEndpoints.map((e) => `${e.method} ${api(e.path)}`).sort();
    expect(registered).toEqual(defined);
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('declares an auth level on every endpoint; only sign-in, identity, health, the invitation key lookup and the development stand-ins are public', () => {
    const publicPaths = allEndpoints.filter((e) => e.auth === 'public').map((e) => e.path);
    // The invitee's lookup by key (spec §7.2) is the one public call under userInvitations/.
    expect(
      publicPaths.filter(
        (path) =>
          !/^(auth|users|countries|dev)\/|^health$/.test(path) &&
          path !== 'userInvitations/getUserByInvitationKey',
      ),
    ).toEqual([]);
    expect(
      allEndpoints.filter((e) => /^userinvitations\//.test(e.path)).map((e) => e.auth),
    ).toEqual(Array(9).fill('tenantAdmin'));
    expect(allEndpoints.find((e) => e.path === 'auth/switchTenant')?.auth).toBe('user');
    expect(
      allEndpoints.filter((e) => /^(posts|drops|tenants)\//.test(e.path)).map((e) => e.auth),
    ).not.toContain('public');
  });
});
