/**
 * Production seeds no demo accounts (SEED_DEMO decides; off under NODE_ENV=production) and tells
 * how to create the first host; `npm run create-host`'s core creates a host who can sign in and
 * refuses weak passwords and emails in use.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStrongPassword } from '../../contract/identity';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/database';
import { tenantUsers, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import { DomainError } from '../../server/domain/errors';
import {
  createHost,
  GENERATED_PASSWORD_LENGTH,
  generatePassword,
} from '../../server/features/identity/hosts';
import { verifyPassword } from '../../server/domain/passwords';
import { ACCOUNT_EXISTS } from '../../server/features/identity/verification';
import { bannerLines, CREATE_HOST_HINT, seedOnStart } from '../../server/startup';
import { openEmptyTestDatabase, openTestDatabase } from './support/testDatabase';
import { createTestApp, login } from './support/testServer';

const STRONG = 'Harbour!Light2026';
/** Production without a captcha secret starts only with the opt-out (issue 31). */
const PRODUCTION = { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1' };

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof DomainError))
    throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('the demo seed', () => {
  it('is on outside production, off in production, and SEED_DEMO decides when set', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  describe('on a new database', () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await openEmptyTestDatabase();
    });
    afterAll(() => handle.close());

    it('seeds no user in production and prints how to create the first host', async () => {
      const config = loadConfig(PRODUCTION);
      const seed = await seedOnStart(handle.db, config);
      expect(seed).toEqual({ demoSeeded: false, needsFirstHost: true });
      const [row] = await handle.db.select({ total: count() }).from(users);
      expect(row?.total).toBe(0);
      const banner = bannerLines(config, handle, seed).join('\n');
      expect(banner).toContain('npm run create-host -- EMAIL');
      expect(banner).toContain(CREATE_HOST_HINT.join('\n'));
      expect(banner).not.toContain(DEMO_PASSWORD);
      expect(banner).not.toContain(DEMO_USERS.owner.email);
    });

    it('seeds the demo accounts when SEED_DEMO=1, even in production', async () => {
      const config = loadConfig({ ...PRODUCTION, SEED_DEMO: '1' });
      const seed = await seedOnStart(handle.db, config);
      expect(seed).toEqual({ demoSeeded: true, needsFirstHost: false });
      const banner = bannerLines(config, handle, seed);
      expect(banner.join('\n')).toContain(DEMO_PASSWORD);
      // Issue 34: a short summary — the URL, where the data lives, the demo logins.
      expect(banner[0]).toMatch(/^Givedrop is running at http/);
      expect(banner).toContain(`Uploaded media: ${config.mediaDir}`);
      expect(banner.length).toBeLessThanOrEqual(12);
    });
  });
});

describe('createHost (npm run create-host)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('creates an active host with a tenant of its own, who can sign in', async () => {
    const created = await createHost(handle.db, {
      email: ' First.Host@Example.org ',
      password: STRONG,
      minimumPasswordLength: 6,
    });
    expect(created.user).toMatchObject({
      email: 'first.host@example.org',
      isHost: true,
      accountStatus: 'Active',
      emailConfirmed: true,
    });
    expect(created.user.passwordHash).not.toContain(STRONG);
    expect(await verifyPassword(STRONG, created.user.passwordHash ?? '')).toBe(true);
    const memberships = await handle.db.select().from(tenantUsers);
    expect(memberships.filter((row) => row.userId === created.user.id)).toEqual([
      expect.objectContaining({ tenantId: created.tenantId, owner: true, userRole: 1 }),
    ]);

    const { app } = await createTestApp(handle.db);
    try {
      const session = await login(app, 'first.host@example.org', STRONG);
      expect(session.claims.isHost).toBe('true');
    } finally {
      await app.close();
    }
  });

  it('refuses an email already in use, whatever its letter case', async () => {
    const error = await refusal(
      createHost(handle.db, {
        email: DEMO_USERS.member.email.toUpperCase(),
        password: STRONG,
        minimumPasswordLength: 6,
      }),
    );
    expect(error.kind).toBe('conflict');
    expect(error.messages).toEqual([ACCOUNT_EXISTS]);
  });

  it('refuses a weak password, by the configured minimum length too, and a bad email', async () => {
    const tooShort = await refusal(
      createHost(handle.db, {
        email: 'short@example.org',
        password: 'Giving!2026',
        minimumPasswordLength: 12,
      }),
    );
    expect(tooShort.kind).toBe('invalid');
    expect(tooShort.messages).toEqual(['Please enter a password (at least 12 characters)']);
    const weak = await refusal(
      createHost(handle.db, {
        email: 'weak@example.org',
        password: 'password',
        minimumPasswordLength: 6,
      }),
    );
    expect(weak.messages).toEqual(['Please enter a valid password.']);
    const badEmail = await refusal(
      createHost(handle.db, { email: 'nobody', password: STRONG, minimumPasswordLength: 6 }),
    );
    expect(badEmail.kind).toBe('invalid');
    const [row] = await handle.db.select({ total: count() }).from(users);
    expect(row?.total).toBe(Object.keys(DEMO_USERS).length + 1);
  });

  it('generates strong passwords, longer when the minimum asks for it', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword(6));
    for (const password of passwords) {
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(isStrongPassword(password, 6)).toBe(true);
    }
    expect(new Set(passwords).size).toBe(passwords.length);
    const long = generatePassword(40);
    expect(long).toHaveLength(40);
    expect(isStrongPassword(long, 40)).toBe(true);
  });
});
