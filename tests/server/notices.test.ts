/**
 * The notices of writes between server processes on one PostgreSQL (server/db/notices.ts and the
 * triggers of migrations 0006 and 0008): a statement writing posts, or changing a user's avatar
 * URL or handle, notifies the feed, an ended session notifies its id; caughtUp() answers only once
 * every notice of a commit that ended before the call has been handled; a lost connection is a
 * gap, is made again, and caughtUp() answers false meanwhile. It needs a PostgreSQL server (TEST_DATABASE_URL) and is skipped without one.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/database';
import { NOTICES_APPLICATION_NAME, PostgresNotices } from '../../server/db/notices';
import { refreshTokens, tenantUsers, users } from '../../server/db/schema';
import { endSession, startFamily } from '../../server/features/auth/refreshTokens';
import { openTestDatabase, testDatabaseUrl } from './support/testDatabase';

let handle: DatabaseHandle;
let url: string;

/**
 * Resolves once `check` holds (checked every 10 ms). The 20 s ceiling only ends a test that would
 * hang; a busy machine must not fail a right one.
 */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Notices on the test database, recording what they hand over. */
function listen(options: { retryMs?: number } = {}) {
  const notices = new PostgresNotices({ connectionString: url, ...options });
  const feed: string[] = [];
  const sessions: string[] = [];
  let gaps = 0;
  notices.on('feed', (payload) => feed.push(payload));
  notices.on('sessions', (payload) => sessions.push(payload));
  notices.onGap(() => (gaps += 1));
  return { notices, feed, sessions, gaps: () => gaps };
}

const touchAPost = () =>
  handle.db.execute(sql`update posts set message = message where id = (select min(id) from posts)`);

async function newSession(): Promise<string> {
  const [member] = await handle.db
    .select({ userId: tenantUsers.userId, tenantId: tenantUsers.tenantId })
    .from(tenantUsers)
    .limit(1);
  if (member === undefined) throw new Error('no membership in the seed');
  const family = await startFamily(
    handle.db,
    {
      userId: member.userId,
      tenantId: member.tenantId,
      familyExpiresAt: new Date(Date.now() + 3_600_000),
      loginProvider: 'Email',
    },
    new Date(),
  );
  return family.familyId;
}

describe.skipIf(testDatabaseUrl === undefined)(
  'notices between server processes (skipped without TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      handle = await openTestDatabase();
      const result = await handle.db.execute(sql`select current_database() as name`);
      const [row] = (result as unknown as { rows: { name: string }[] }).rows;
      const database = new URL(testDatabaseUrl!);
      database.pathname = `/${row!.name}`;
      url = database.toString();
    });
    afterAll(async () => {
      await handle.close();
    });

    it('hands over a notice of every statement writing posts and of every ended session', async () => {
      const { notices, feed, sessions } = listen();
      await notices.start();
      try {
        await touchAPost();
        await eventually(() => feed.length === 1);
        const revoked = await newSession();
        await endSession(handle.db, revoked, new Date());
        await eventually(() => sessions.includes(revoked));
        const deleted = await newSession();
        await handle.db.delete(refreshTokens).where(sql`${refreshTokens.familyId} = ${deleted}`);
        await eventually(() => sessions.includes(deleted));
        // A live session that is not ended, and an ended one revoked again, say nothing.
        await newSession();
        await endSession(handle.db, revoked, new Date());
        expect(await notices.caughtUp()).toBe(true);
        expect(sessions).toEqual([revoked, deleted]);
      } finally {
        await notices.stop();
      }
    });

    it("hands over a notice when a user's avatar URL or handle changes (migration 0008), not for other writes of users", async () => {
      const { notices, feed } = listen();
      await notices.start();
      const [user] = await handle.db
        .select({ id: users.id, avatarUrl: users.avatarUrl, handle: users.handle })
        .from(users)
        .limit(1);
      if (user === undefined) throw new Error('no user in the seed');
      const thisUser = eq(users.id, user.id);
      try {
        // Neither the feed's columns, nor a change to the same value: no notice.
        await handle.db.update(users).set({ firstName: 'Renamed' }).where(thisUser);
        await handle.db.update(users).set({ avatarUrl: user.avatarUrl }).where(thisUser);
        await handle.db
          .update(users)
          .set({ avatarFileId: 'not-shown-by-the-feed' })
          .where(thisUser);
        expect(await notices.caughtUp()).toBe(true);
        expect(feed).toEqual([]);
        await handle.db.update(users).set({ avatarUrl: '/media/files/new' }).where(thisUser);
        expect(await notices.caughtUp()).toBe(true);
        expect(feed).toHaveLength(1);
        await handle.db.update(users).set({ handle: 'renamed_handle' }).where(thisUser);
        expect(await notices.caughtUp()).toBe(true);
        expect(feed).toHaveLength(2);
      } finally {
        await handle.db.update(users).set(user).where(thisUser);
        await notices.stop();
      }
    });

    it('has handled every notice committed before caughtUp() was called when it answers', async () => {
      const { notices, feed } = listen();
      await notices.start();
      try {
        // The notice of a commit is often not there yet when the commit returns: caughtUp() waits.
        for (let write = 1; write <= 200; write += 1) {
          await touchAPost();
          expect(await notices.caughtUp()).toBe(true);
          expect(feed.length).toBe(write);
        }
      } finally {
        await notices.stop();
      }
    });

    it('shares round trips between the calls made while one is on its way', async () => {
      const { notices } = listen();
      await notices.start();
      try {
        const before = notices.roundTrips();
        // The first call sends one; the 49 made while it is on its way share the next one.
        const answers = await Promise.all(Array.from({ length: 50 }, () => notices.caughtUp()));
        expect(answers.every(Boolean)).toBe(true);
        expect(notices.roundTrips() - before).toBe(2);
      } finally {
        await notices.stop();
      }
    });

    it('answers false and reports a gap when the connection is lost, then listens again', async () => {
      const { notices, feed, gaps } = listen({ retryMs: 50 });
      await notices.start();
      try {
        expect(gaps()).toBe(1);
        await handle.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${NOTICES_APPLICATION_NAME} and datname = current_database()`,
        );
        await eventually(() => gaps() === 2);
        expect(await notices.caughtUp()).toBe(false);
        await eventually(() => notices.isListening());
        expect(gaps()).toBe(3);
        await touchAPost();
        expect(await notices.caughtUp()).toBe(true);
        expect(feed).toHaveLength(1);
      } finally {
        await notices.stop();
      }
      expect(await notices.caughtUp()).toBe(false);
    });
  },
);
