/**
 * Two server processes (server/main.ts, as `npm run serve` runs it) on one PostgreSQL, over real
 * HTTP: nothing depends on one process's memory. A post written through one is at the top of the
 * other's feed at once, though that one had just read its first page, and so is an author's new
 * avatar; the login limits count the failures made through both; a sign-out through one ends the
 * access token in the other at once.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL, `npm run test:server:postgres`) and is skipped
 * without one: PGlite is one process's embedded database.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JwtPayload } from '../../contract/auth';
import { avatarUploadReference } from '../../contract/avatars';
import type { Configuration } from '../../contract/configuration';
import {
  MEDIA_API_KEY_HEADER,
  mediaPaths,
  mediaPresetIds,
  type PendingUpload,
} from '../../contract/media';
import { CONFIGURATION_PATH } from '../../contract/paths';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import {
  LOGIN_CAPTCHA_REQUIRED,
  TOO_MANY_LOGIN_ATTEMPTS,
} from '../../server/features/auth/sessions';
import { REFRESH_COOKIE } from '../../server/http/refreshCookie';
import { apiPaths } from './support/apiPaths';
import { makeImage } from './support/media';
import * as proc from './support/serverProcess';
import { createPostgresTestDatabase, testDatabaseUrl } from './support/testDatabase';

/** Small login limits, so that the counts summed over both processes trip them. */
const LIMITS = { perAccountAddress: 2, perAccount: 3, perAddress: 4 };

interface Server {
  name: string;
  process: proc.RunningProcess;
  base: string;
}

interface Answer {
  status: number;
  body: { status: number; messages: string[]; data: unknown };
  cookies: string[];
}

let root: string;
let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
let servers: Server[] = [];

async function startServer(name: string, databaseUrl: string): Promise<Server> {
  const port = await proc.freePort();
  const dataDir = join(root, name);
  const running = proc.runTsx(['server/main.ts'], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    STATIC_DIR: '',
    LOG_LEVEL: 'error',
    // The database is a copy of the seeded template: no demo media files to write at start.
    SEED_DEMO: '0',
    TRUST_PROXY: '1',
    LOGIN_RATE_LIMIT_ACCOUNT_ADDRESS: String(LIMITS.perAccountAddress),
    LOGIN_RATE_LIMIT_ACCOUNT: String(LIMITS.perAccount),
    LOGIN_RATE_LIMIT_ADDRESS: String(LIMITS.perAddress),
  });
  const server = { name, process: running, base: `http://127.0.0.1:${port}/api/` };
  servers.push(server);
  // The line it prints once it listens is the signal; the ceiling only ends a start that hangs.
  await running.waitFor('is running at');
  return server;
}

/** POSTs `payload` to `path` of `server`, as a client behind the proxy at `address` when given. */
async function post(
  server: Server,
  path: string,
  payload: object,
  options: { token?: string; cookie?: string; address?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.address !== undefined) headers['x-forwarded-for'] = options.address;
  const response = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(payload),
    // A ceiling for a server that never answers, not a target.
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer['body'],
    cookies: response.headers.getSetCookie(),
  };
}

const login = (server: Server, email: string, password: string, address?: string) =>
  post(server, apiPaths.login, { email, password }, address === undefined ? {} : { address });

async function signIn(server: Server, email: string) {
  const answer = await login(server, email, DEMO_PASSWORD);
  expect(answer.status).toBe(200);
  const token = (answer.body.data as { jwtToken: string }).jwtToken;
  const cookie = answer.cookies
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${REFRESH_COOKIE}=`));
  if (cookie === undefined) throw new Error('no refresh cookie');
  return { token, cookie };
}

interface FeedRow {
  id: number;
  message: string;
  userAvatarUrl: string;
}

/** Uploads a square picture to `server`'s media service with `guid`'s avatar reference. */
async function uploadAvatar(server: Server, guid: string): Promise<string> {
  const origin = new URL(server.base).origin;
  const configuration = (await (await fetch(`${origin}${CONFIGURATION_PATH}`)).json()) as {
    data: Configuration;
  };
  const form = new FormData();
  form.append('validationPresetId', mediaPresetIds.avatar);
  form.append('reference', avatarUploadReference(guid));
  const png = await makeImage('png', 200, 200);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const response = await fetch(`${origin}/media/${mediaPaths.uploadPending}`, {
    method: 'POST',
    headers: { [MEDIA_API_KEY_HEADER]: configuration.data.mediaServiceClientApiKey },
    body: form,
    // A ceiling for a server that never answers, not a target.
    signal: AbortSignal.timeout(60_000),
  });
  expect(response.status).toBe(200);
  const [first] = (await response.json()) as PendingUpload[];
  return first!.fileId;
}

const feedPage = async (server: Server, token: string) => {
  const answer = await post(server, apiPaths.postsFeedList, { page: 1, pageSize: 20 }, { token });
  expect(answer.status).toBe(200);
  return (answer.body.data as { list: FeedRow[] }).list;
};

describe.skipIf(testDatabaseUrl === undefined)(
  'two server processes on one PostgreSQL (skipped without TEST_DATABASE_URL)',
  () => {
    let a: Server;
    let b: Server;

    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'givedrop-multi-'));
      await chmod(root, 0o755);
      await proc.giveToChild(root);
      database = await createPostgresTestDatabase();
      [a, b] = await Promise.all([startServer('a', database.url), startServer('b', database.url)]);
    }, proc.PROCESS_START_CEILING_MS + 60_000);

    afterAll(async () => {
      await Promise.all(
        servers.map(async (server) => {
          if (server.process.child.exitCode === null) server.process.child.kill('SIGTERM');
          if ((await server.process.exitWithin(10_000)) === undefined) {
            proc.killIfRunning(server.process);
          }
        }),
      );
      servers = [];
      await database?.drop();
      await rm(root, { recursive: true, force: true });
    });

    it("puts a post written through one at the top of the other's feed at once", async () => {
      const { token } = await signIn(a, DEMO_USERS.member.email);
      const before = await feedPage(b, token);
      expect(await feedPage(b, token)).toEqual(before);
      for (let round = 1; round <= 3; round += 1) {
        const message = `Written through A, read through B (${round})`;
        const created = await post(
          a,
          apiPaths.postsCreate,
          { message, link: '', publishedDate: new Date().toISOString(), isDraft: false },
          { token },
        );
        expect(created.status).toBe(200);
        expect((await feedPage(b, token))[0]?.message).toBe(message);
      }
    });

    it("shows an avatar changed through one in the other's feed at once", async () => {
      const { token } = await signIn(a, DEMO_USERS.member.email);
      const claims = decodeJwt(token) as unknown as JwtPayload;
      const created = await post(
        a,
        apiPaths.postsCreate,
        {
          message: 'Whose picture?',
          link: '',
          publishedDate: new Date().toISOString(),
          isDraft: false,
        },
        { token },
      );
      expect(created.status).toBe(200);
      const postId = (created.body.data as { id: number }).id;
      const avatarOnB = async () =>
        (await feedPage(b, token)).find((row) => row.id === postId)?.userAvatarUrl;
      // B reads its first page and then answers it from memory.
      expect(await avatarOnB()).toBe('');

      const fileId = await uploadAvatar(a, claims.guid);
      const confirmed = await post(
        a,
        apiPaths.confirmAvatarFileUpload,
        { id: claims.id, fileStorageId: fileId, fileStorageOriginalName: 'me.png' },
        { token },
      );
      expect(confirmed.status).toBe(200);
      const { avatarUrl } = confirmed.body.data as { avatarUrl: string };
      expect(avatarUrl).toContain(fileId);
      expect(await avatarOnB()).toBe(avatarUrl);

      const removed = await fetch(`${a.base}${apiPaths.deleteAvatarFile}?id=${claims.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
        // A ceiling for a server that never answers, not a target.
        signal: AbortSignal.timeout(60_000),
      });
      expect(removed.status).toBe(200);
      expect(await avatarOnB()).toBe('');
    });

    it('refuses one address an account once the failures made through both reach the limit', async () => {
      const email = DEMO_USERS.owner.email;
      const address = '203.0.113.1';
      for (let failure = 0; failure < LIMITS.perAccountAddress; failure += 1) {
        const server = failure % 2 === 0 ? a : b;
        expect((await login(server, email, 'wrong password', address)).status).toBe(401);
      }
      for (const server of [a, b]) {
        const refused = await login(server, email, DEMO_PASSWORD, address);
        expect(refused.status).toBe(429);
        expect(refused.body.messages).toEqual([TOO_MANY_LOGIN_ATTEMPTS]);
      }
    });

    it("asks for a captcha once the account's failures through both, from anywhere, reach its threshold", async () => {
      const email = DEMO_USERS.newbie.email;
      for (let failure = 0; failure < LIMITS.perAccount; failure += 1) {
        const server = failure % 2 === 0 ? a : b;
        const address = `203.0.113.${10 + failure}`;
        expect((await login(server, email, 'wrong password', address)).status).toBe(401);
      }
      for (const server of [a, b]) {
        const asked = await login(server, email, DEMO_PASSWORD, '203.0.113.20');
        expect(asked.body.messages).toEqual([LOGIN_CAPTCHA_REQUIRED]);
      }
    });

    it('refuses an address once its failures through both, on any accounts, reach the limit', async () => {
      const address = '203.0.113.30';
      for (let failure = 0; failure < LIMITS.perAddress; failure += 1) {
        const server = failure % 2 === 0 ? a : b;
        const email = `nobody${failure}@example.com`;
        expect((await login(server, email, 'wrong password', address)).status).toBe(401);
      }
      for (const server of [a, b]) {
        const refused = await login(server, 'nobody.else@example.com', 'wrong', address);
        expect(refused.status).toBe(429);
      }
    });

    it("ends a session's access token in the other process at once when it signs out", async () => {
      const { token, cookie } = await signIn(a, DEMO_USERS.member.email);
      expect((await post(b, apiPaths.postsFeedList, { page: 1 }, { token })).status).toBe(200);
      expect((await post(a, apiPaths.revokeToken, {}, { cookie })).status).toBe(200);
      expect((await post(b, apiPaths.postsFeedList, { page: 1 }, { token })).status).toBe(401);
      expect((await post(a, apiPaths.postsFeedList, { page: 1 }, { token })).status).toBe(401);
    });
  },
);
