/**
 * Builds the app against a test database with a movable clock, plus request helpers.
 */
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { inject } from 'vitest';
import type { JwtPayload } from '../../../contract/auth';
import type { HttpMethod } from '../../../contract/endpoints/define';
import type { Envelope } from '../../../contract/envelope';
import type { FeedListRequest } from '../../../contract/posts';
import { apiPaths } from './apiPaths';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { loadConfig, type Env, type ServerConfig } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { rateLimitWindows } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../../server/db/seedData';
import { REFRESH_COOKIE } from '../../../server/http/refreshCookie';

export class TestClock {
  private current: number;

  constructor(start = new Date()) {
    this.current = start.getTime();
  }

  now = (): Date => new Date(this.current);

  advanceSeconds(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  clock: TestClock;
  /** The media service's directory: a fresh temporary one unless given. */
  mediaDir: string;
}

/** Environment for tests: no static site unless asked for. */
const TEST_ENV: Env = { STATIC_DIR: '/nonexistent/givedrop-dist' };

/**
 * The app on `db`, ready. `beforeReady` may add hooks and plugins first (probe routes, a route
 * listener). It starts with no attempts counted: the rate-limit counters live in the database,
 * shared by every app on it, so one test's attempts would otherwise count in the next test's app.
 */
export async function createTestApp(
  db: Database,
  env: Env = {},
  options: Partial<BuildAppOptions> = {},
  beforeReady?: (app: FastifyInstance, config: ServerConfig) => void,
): Promise<TestApp> {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const clock = new TestClock();
  const mediaDir = options.mediaDir ?? (await mkdtemp(join(inject('tempRoot'), 'media-')));
  await db.delete(rateLimitWindows);
  const app = buildApp({ config, db, now: clock.now, ...options, mediaDir });
  beforeReady?.(app, config);
  await app.ready();
  return { app, config, clock, mediaDir };
}

export const api = (path: string) => `/api/${path}`;

/**
 * A page of a feed as the client asks for it (spec §7.2 posts/feedList and drops/feedList): 20 a
 * page, newest first, no total count; `extra` changes or adds fields (showFirstGuid, sortBy).
 */
export const feedRequest = (
  page: number,
  extra: Partial<FeedListRequest> = {},
): FeedListRequest => ({
  page,
  pageSize: 20,
  sortBy: 'CreatedDate',
  sortByDescending: true,
  getTotalCount: false,
  ...extra,
});

export function envelopeOf(response: LightMyRequestResponse): Envelope {
  return response.json<Envelope>();
}

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

export interface LoginResult {
  response: LightMyRequestResponse;
  jwtToken: string;
  refreshToken: string;
  claims: JwtPayload;
}

export function sessionOf(response: LightMyRequestResponse): LoginResult {
  const data = envelopeOf(response).data as { jwtToken: string };
  const cookie = refreshCookieOf(response);
  if (cookie === undefined) throw new Error(`No refresh cookie in ${response.statusCode} response`);
  return {
    response,
    jwtToken: data.jwtToken,
    refreshToken: cookie.value,
    claims: decodeJwt(data.jwtToken) as JwtPayload,
  };
}

export function postLogin(
  app: FastifyInstance,
  email: string,
  password: string = DEMO_PASSWORD,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url: api(apiPaths.login),
    payload: { email, password },
    ...extra,
  });
}

export async function login(
  app: FastifyInstance,
  email: string,
  password?: string,
): Promise<LoginResult> {
  const response = await postLogin(app, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return sessionOf(response);
}

export function postRefresh(
  app: FastifyInstance,
  refreshToken: string | undefined,
  payload: object = {},
) {
  return app.inject({
    method: 'POST',
    url: api(apiPaths.refreshToken),
    payload,
    ...(refreshToken === undefined ? {} : { cookies: { [REFRESH_COOKIE]: refreshToken } }),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `session` calls `endpoint` with its bearer token; `payload`, when given, is sent as the body. */
export function callAs(
  app: FastifyInstance,
  session: { jwtToken: string },
  endpoint: { method: HttpMethod; path: string },
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: endpoint.method,
    url: api(endpoint.path),
    headers: bearer(session.jwtToken),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

export function parseJsonClaim<T>(value: string): T {
  return JSON.parse(value) as T;
}

/** The id of `session`'s organisation named `name` (from its token's list of organisations). */
export function tenantIdOf(session: LoginResult, name: string): number {
  const tenants = parseJsonClaim<Array<{ id: number; name: string }>>(session.claims.tenants);
  const target = tenants.find((tenant) => tenant.name === name);
  if (target === undefined) throw new Error(`no tenant ${name}`);
  return target.id;
}

/** POST auth/switchTenant: `session` (its bearer and refresh cookie) asks for organisation `id`. */
export function postSwitchTenant(
  app: FastifyInstance,
  session: { jwtToken: string; refreshToken: string },
  id: number,
) {
  return app.inject({
    method: 'POST',
    url: api(apiPaths.switchTenant),
    headers: bearer(session.jwtToken),
    cookies: { [REFRESH_COOKIE]: session.refreshToken },
    payload: { id },
  });
}

/** `session` switched to its organisation named `name` (POST auth/switchTenant). */
export async function switchTenant(
  app: FastifyInstance,
  session: LoginResult,
  name: string,
): Promise<LoginResult> {
  const response = await postSwitchTenant(app, session, tenantIdOf(session, name));
  if (response.statusCode !== 200) throw new Error(`switchTenant failed: ${response.body}`);
  return sessionOf(response);
}
