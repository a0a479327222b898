/**
 * The route helper (design §6): the endpoint's auth level is enforced before the payload is read,
 * the payload is parsed with the contract (the spec's field messages on a 400), a GET's query text
 * is read by the struct's field types, and the admin and host levels re-read the database so a
 * revoked role applies at once.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import {
  boolean,
  integer,
  min,
  nullable,
  object,
  optional,
  size,
  string,
  unknown,
} from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint } from '../../contract/endpoints/define';
import { UserRole } from '../../contract/enums';
import type { DatabaseHandle } from '../../server/db/database';
import { tenantUsers, users } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { HOST_ONLY_CALL, NOT_AN_ADMINISTRATOR, NO_TENANT_ACCESS } from '../../server/domain/scope';
import { ok } from '../../server/http/envelope';
import { forbidden } from '../../server/domain/errors';
import { attachmentDisposition, fileRoute, route } from '../../server/http/route';
import { openTestDatabase } from './support/testDatabase';
import { api, bearer, createTestApp, envelopeOf, login } from './support/testServer';

const Scope = object({
  userId: integer(),
  tenantId: integer(),
  role: integer(),
  isHost: boolean(),
});
const probes = {
  open: endpoint({
    method: 'POST',
    path: 'probe/open',
    request: object({ name: size(string(), 1, 10) }),
    response: nullable(Scope),
    auth: 'public',
    messages: { name: { required: 'Please enter a name', tooLong: 'Too long a name' } },
  }),
  user: endpoint({
    method: 'GET',
    path: 'probe/user',
    request: object({ id: min(integer(), 1), flag: optional(boolean()), text: optional(string()) }),
    response: object({ id: integer(), flag: nullable(boolean()), text: nullable(string()) }),
    auth: 'user',
  }),
  admin: endpoint({
    method: 'POST',
    path: 'probe/admin',
    request: object({}),
    response: Scope,
    auth: 'tenantAdmin',
  }),
  host: endpoint({
    method: 'POST',
    path: 'probe/host',
    request: object({}),
    response: Scope,
    auth: 'host',
  }),
  file: endpoint({
    method: 'GET',
    path: 'probe/file',
    request: object({ name: size(string(), 1, 40) }),
    response: unknown(),
    auth: 'user',
  }),
};

let handle: DatabaseHandle;
let app: FastifyInstance;
let owner: string;
let member: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  const scopeOf = (scope: { userId: number; tenantId: number; role: number; isHost: boolean }) => ({
    userId: scope.userId,
    tenantId: scope.tenantId,
    role: scope.role,
    isHost: scope.isHost,
  });
  ({ app } = await createTestApp(handle.db, {}, {}, (built, config) => {
    built.register(
      async (probeApp) => {
        route(probeApp, probes.open, async ({ scope }) => ok(scope));
        route(probeApp, probes.user, async ({ payload }) =>
          ok({ id: payload.id, flag: payload.flag ?? null, text: payload.text ?? null }),
        );
        route(probeApp, probes.admin, async ({ scope }) => ok(scopeOf(scope)));
        route(probeApp, probes.host, async ({ scope }) => ok(scopeOf(scope)));
        fileRoute(probeApp, probes.file, async ({ payload }) => {
          if (payload.name === 'refused') throw forbidden('Not this file.');
          return {
            fileName: payload.name,
            contentType: 'text/plain; charset=utf-8',
            stream: Readable.from(['hello ', 'world']),
          };
        });
      },
      { prefix: config.apiBasePath },
    );
  }));
  owner = (await login(app, DEMO_USERS.owner.email)).jwtToken;
  member = (await login(app, DEMO_USERS.member.email)).jwtToken;
});

afterAll(async () => {
  await app.close();
  await handle.close();
});

const post = (path: string, token: string | undefined, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url: api(path),
    payload,
    headers: token === undefined ? {} : bearer(token),
  });

describe('route(app, endpoint, handler)', () => {
  it('lets anyone call a public endpoint, with no scope, and answers its field messages', async () => {
    const answer = await post(probes.open.path, owner, { name: 'Ada' });
    expect(answer.statusCode).toBe(200);
    expect(envelopeOf(answer).data).toBeNull();
    const missing = await post(probes.open.path, undefined, {});
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).messages).toEqual(['Please enter a name']);
    const long = await post(probes.open.path, undefined, { name: 'x'.repeat(11) });
    expect(envelopeOf(long).messages).toEqual(['Too long a name']);
  });

  it('refuses a user endpoint without a valid token before reading the payload', async () => {
    const none = await app.inject({ method: 'GET', url: api(`${probes.user.path}?id=x`) });
    expect(none.statusCode).toBe(401);
    const forged = await app.inject({
      method: 'GET',
      url: api(`${probes.user.path}?id=1`),
      headers: bearer(`${owner}x`),
    });
    expect(forged.statusCode).toBe(401);
  });

  it("reads a GET's query text by the struct's field types", async () => {
    const read = async (query: string) =>
      app.inject({
        method: 'GET',
        url: api(`${probes.user.path}?${query}`),
        headers: bearer(member),
      });
    const answer = await read('id=42&flag=true&text=7');
    expect(answer.statusCode).toBe(200);
    expect(envelopeOf(answer).data).toEqual({ id: 42, flag: true, text: '7' });
    expect(envelopeOf(await read('id=42&flag=false')).data).toMatchObject({ flag: false });
    const bad = await read('id=4x2&flag=yes');
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).messages).toEqual([
      'id must be a whole number.',
      'flag must be true or false.',
    ]);
  });

  it("lets an organisation's administrator call an admin endpoint, and no one else", async () => {
    const admin = await post(probes.admin.path, owner);
    expect(admin.statusCode).toBe(200);
    expect(envelopeOf(admin).data).toMatchObject({ role: UserRole.Administrator });
    const standard = await post(probes.admin.path, member);
    expect(standard.statusCode).toBe(403);
    expect(envelopeOf(standard).messages).toEqual([NOT_AN_ADMINISTRATOR]);
    expect((await post(probes.admin.path, undefined)).statusCode).toBe(401);
  });

  it('lets host users call a host endpoint, and no one else', async () => {
    const host = await post(probes.host.path, owner);
    expect(host.statusCode).toBe(200);
    expect(envelopeOf(host).data).toMatchObject({ isHost: true });
    const other = await post(probes.host.path, member);
    expect(other.statusCode).toBe(403);
    expect(envelopeOf(other).messages).toEqual([HOST_ONLY_CALL]);
  });

  it('applies a revoked role, login or host flag at once, with the same token', async () => {
    const [ownerRow] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_USERS.owner.email));
    const ownerId = ownerRow!.id;
    const { tenantId } = envelopeOf(await post(probes.admin.path, owner)).data as {
      tenantId: number;
    };
    const membership = and(eq(tenantUsers.userId, ownerId), eq(tenantUsers.tenantId, tenantId));
    const [before] = await handle.db.select().from(tenantUsers).where(membership);
    try {
      await handle.db
        .update(tenantUsers)
        .set({ userRole: UserRole.User })
        .where(eq(tenantUsers.id, before!.id));
      expect((await post(probes.admin.path, owner)).statusCode).toBe(403);
      await handle.db
        .update(tenantUsers)
        .set({ userRole: UserRole.Administrator, loginEnabled: false })
        .where(eq(tenantUsers.id, before!.id));
      const disabled = await post(probes.admin.path, owner);
      expect(disabled.statusCode).toBe(403);
      expect(envelopeOf(disabled).messages).toEqual([NO_TENANT_ACCESS]);
      await handle.db.update(users).set({ isHost: false }).where(eq(users.id, ownerId));
      expect((await post(probes.host.path, owner)).statusCode).toBe(403);
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ userRole: before!.userRole, loginEnabled: before!.loginEnabled })
        .where(eq(tenantUsers.id, before!.id));
      await handle.db.update(users).set({ isHost: true }).where(eq(users.id, ownerId));
    }
    expect((await post(probes.admin.path, owner)).statusCode).toBe(200);
  });
});

describe('fileRoute(app, endpoint, handler)', () => {
  const download = (name: string | undefined, token: string | null = member) =>
    app.inject({
      method: 'GET',
      url: api(probes.file.path),
      ...(name === undefined ? {} : { query: { name } }),
      headers: token === null ? {} : bearer(token),
    });

  it('streams the file as an attachment under its name', async () => {
    const answer = await download('report 1.txt');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('hello world');
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="report 1.txt"');
    const head = await app.inject({
      method: 'HEAD',
      url: api(probes.file.path),
      query: { name: 'report.txt' },
      headers: bearer(member),
    });
    expect(head.statusCode).toBe(404);
  });

  it('gives a name beyond plain ASCII as filename*, with an ASCII stand-in', async () => {
    expect(attachmentDisposition('Zoë "Q".zip')).toBe(
      `attachment; filename="Zo_ _Q_.zip"; filename*=UTF-8''Zo%C3%AB%20%22Q%22.zip`,
    );
    expect(attachmentDisposition("O'Brien.zip")).toBe(`attachment; filename="O'Brien.zip"`);
    const answer = await download('Łódź.txt');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="__d_.txt"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA.txt`,
    );
  });

  it('answers refusals, a bad payload and a missing token with envelopes', async () => {
    const none = await download('a.txt', null);
    expect(none.statusCode).toBe(401);
    expect(envelopeOf(none).messages).toEqual(['User is not authenticated']);
    const missing = await download(undefined);
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).messages).toEqual(['name is required.']);
    const refused = await download('refused');
    expect(refused.statusCode).toBe(403);
    expect(envelopeOf(refused).messages).toEqual(['Not this file.']);
    expect(refused.headers['content-disposition']).toBeUndefined();
  });
});
