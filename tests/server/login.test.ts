import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CurrentTenant, TenantSummary } from '../../contract/auth';
import { ResponseStatus, UserRole } from '../../contract/enums';
import { tenantUsers, users } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import { LOGIN_CAPTCHA_ACTION } from '../../contract/auth';
import {
  LOGIN_CAPTCHA_REQUIRED,
  TOO_MANY_ACCOUNT_LOGIN_FAILURES,
} from '../../server/features/auth/sessions';
import { captchaToken } from './support/identity';
import { useTestApp } from './support/suite';
import * as srv from './support/testServer';

const { owner, member, newbie } = DEMO_USERS;
const JWT_CLAIMS = [
  'id',
  'guid',
  'avatarUrl',
  'avatarType',
  'avatarColor',
  'avatarBGColor',
  'accountStatus',
  'email',
  'firstName',
  'lastName',
  'handle',
  'currentLoginProvider',
  'userLoginProviders',
  'isHost',
  'currentTenant',
  'tenants',
  'sub',
  'exp',
  // Not in spec §3: the session (refresh family) the token goes with, checked on every call.
  'sid',
].sort();

const { handle, test } = useTestApp({
  appPerTest: true,
  env: {
    LOGIN_RATE_LIMIT_ACCOUNT: '3',
    LOGIN_RATE_LIMIT_ACCOUNT_ADDRESS: '4',
    LOGIN_RATE_LIMIT_ADDRESS: '6',
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: '600',
  },
});

describe('POST /api/auth/login', () => {
  it('answers the session and sets the refresh cookie httpOnly, SameSite=Strict on the auth path', async () => {
    const response = await srv.postLogin(test.app, owner.email);
    expect(response.statusCode).toBe(200);
    const body = srv.envelopeOf(response);
    expect(body.status).toBe(ResponseStatus.Ok);
    expect(body.messages).toEqual([]);
    const data = body.data as { jwtToken: string; refreshTokenExpiresAt: string };
    expect(Object.keys(data).sort()).toEqual([
      'jwtToken',
      'jwtTokenExpiresIn',
      'refreshTokenExpiresAt',
    ]);
    expect((body.data as { jwtTokenExpiresIn: number }).jwtTokenExpiresIn).toBe(900);
    const expected = test.clock.now().getTime() + test.config.refreshTtlSeconds * 1000;
    expect(new Date(data.refreshTokenExpiresAt).getTime()).toBe(expected);

    const cookie = srv.refreshCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.expires?.getTime()).toBe(Math.floor(expected / 1000) * 1000);
  });

  it('sets the Secure flag when COOKIE_SECURE is on', async () => {
    const secure = await srv.createTestApp(handle.db, { COOKIE_SECURE: 'true' });
    const response = await srv.postLogin(secure.app, owner.email);
    expect(srv.refreshCookieOf(response)?.secure).toBe(true);
  });

  it('issues a JWT with exactly the spec claims plus sid, host flag and current tenant of the owner', async () => {
    const { claims } = await srv.login(test.app, owner.email);
    expect(Object.keys(claims).sort()).toEqual(JWT_CLAIMS);
    expect(claims).toMatchObject({
      email: owner.email,
      firstName: 'Olivia',
      lastName: 'Harper',
      handle: 'olivia_harper',
      avatarType: 'Initials',
      avatarUrl: '',
      accountStatus: 'Active',
      currentLoginProvider: 'Email',
      isHost: 'true',
    });
    expect(typeof claims.id).toBe('number');
    expect(claims.sub).toBe(claims.guid);
    expect(srv.parseJsonClaim<string[]>(claims.userLoginProviders)).toEqual(['Email']);
    expect(claims.exp).toBe(Math.floor(test.clock.now().getTime() / 1000) + 900);
    const current = srv.parseJsonClaim<CurrentTenant>(claims.currentTenant);
    expect(current).toMatchObject({
      name: 'Harbour Hope',
      userRole: UserRole.Administrator,
      owner: true,
      tenantAccountType: 'Charity',
    });
    expect(Object.keys(current).sort()).toEqual([
      'guid',
      'id',
      'name',
      'owner',
      'tenantAccountType',
      'userRole',
    ]);
  });

  it('gives the member isHost false, Harbour Hope as Standard User and both tenants', async () => {
    const { claims } = await srv.login(test.app, member.email);
    expect(claims.isHost).toBe('false');
    const current = srv.parseJsonClaim<CurrentTenant>(claims.currentTenant);
    expect(current).toMatchObject({ name: 'Harbour Hope', userRole: UserRole.User, owner: false });
    const tenants = srv.parseJsonClaim<TenantSummary[]>(claims.tenants);
    expect(tenants).toHaveLength(2);
    expect(
      tenants.map((tenant) => [
        tenant.name,
        tenant.userRole,
        tenant.owner,
        tenant.tenantAccountType,
      ]),
    ).toEqual([
      ['Harbour Hope', UserRole.User, false, 'Charity'],
      ['Marcus Reed', UserRole.Administrator, true, 'Individual'],
    ]);
  });

  it('accepts the email in any case and records the tenant login date', async () => {
    const { claims } = await srv.login(test.app, '  NEWBIE@Example.com ');
    expect(claims.email).toBe(newbie.email);
    const [membership] = await handle.db
      .select()
      .from(tenantUsers)
      .where(eq(tenantUsers.userId, claims.id));
    expect(membership?.lastLoginDate?.getTime()).toBe(test.clock.now().getTime());
  });

  it('refuses a wrong password with 401 Unauthorized and no cookie', async () => {
    const response = await srv.postLogin(test.app, owner.email, 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Unauthorized,
      messages: ['Invalid email or password.'],
      data: null,
    });
    expect(srv.refreshCookieOf(response)).toBeUndefined();
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const unknown = await srv.postLogin(test.app, 'nobody@example.com', DEMO_PASSWORD);
    const wrong = await srv.postLogin(test.app, owner.email, 'not-it');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses a user whose login is disabled in every tenant, saying so (403)', async () => {
    const [user] = await handle.db.select().from(users).where(eq(users.email, newbie.email));
    if (user === undefined) throw new Error('seed user missing');
    await handle.db
      .update(tenantUsers)
      .set({ loginEnabled: false })
      .where(eq(tenantUsers.userId, user.id));
    try {
      const response = await srv.postLogin(test.app, newbie.email);
      expect(response.statusCode).toBe(403);
      expect(srv.envelopeOf(response).messages).toEqual([
        'Your login to this organisation is disabled.',
      ]);
      const wrong = await srv.postLogin(test.app, newbie.email, 'not-it');
      expect(wrong.statusCode).toBe(401);
      expect(srv.envelopeOf(wrong).messages).toEqual(['Invalid email or password.']);
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ loginEnabled: true })
        .where(eq(tenantUsers.userId, user.id));
    }
  });

  it('leaves out of the tenants claim a tenant whose login is disabled', async () => {
    const [user] = await handle.db.select().from(users).where(eq(users.email, member.email));
    const [first] = await handle.db
      .select()
      .from(tenantUsers)
      .where(eq(tenantUsers.userId, user?.id ?? 0));
    if (first === undefined) throw new Error('seed membership missing');
    await handle.db
      .update(tenantUsers)
      .set({ loginEnabled: false })
      .where(eq(tenantUsers.id, first.id));
    try {
      const { claims } = await srv.login(test.app, member.email);
      expect(srv.parseJsonClaim<CurrentTenant>(claims.currentTenant).name).toBe('Marcus Reed');
      expect(
        srv.parseJsonClaim<TenantSummary[]>(claims.tenants).map((tenant) => tenant.name),
      ).toEqual(['Marcus Reed']);
    } finally {
      await handle.db
        .update(tenantUsers)
        .set({ loginEnabled: true })
        .where(eq(tenantUsers.id, first.id));
    }
  });
});

describe('login rate limit', () => {
  const tooMany = {
    status: ResponseStatus.Error,
    messages: ['Too many login attempts, please try again later.'],
    data: null,
  };

  const captchaRequired = {
    status: ResponseStatus.Error,
    messages: [LOGIN_CAPTCHA_REQUIRED],
    data: { captchaRequired: true },
  };
  /** A login from `remoteAddress`, with a captcha token when given. */
  const attempt = (email: string, password: string, remoteAddress: string, token?: string) =>
    srv.postLogin(test.app, email, password, {
      remoteAddress,
      ...(token === undefined ? {} : { payload: { email, password, reCaptchaToken: token } }),
    });

  it("never locks the owner out for someone else's failures: past the account's threshold a login needs a captcha", async () => {
    for (let failure = 0; failure < 3; failure += 1) {
      expect((await attempt(member.email, 'wrong', '10.0.0.1')).statusCode).toBe(401);
    }
    // The owner, elsewhere, with the right password but no captcha token: asked for one.
    const asked = await attempt(member.email, DEMO_PASSWORD, '10.0.0.9');
    expect(asked.statusCode).toBe(403);
    expect(srv.envelopeOf(asked)).toEqual(captchaRequired);
    expect(asked.headers['retry-after']).toBeUndefined();
    // Asked before the password is checked: a wrong one gets the same answer.
    expect(srv.envelopeOf(await attempt(member.email, 'wrong', '10.0.0.9'))).toEqual(
      captchaRequired,
    );
    // A token for another action, or a made-up one, does not do.
    const signupToken = await captchaToken(test.app, 'signup');
    expect((await attempt(member.email, DEMO_PASSWORD, '10.0.0.9', signupToken)).statusCode).toBe(
      403,
    );
    expect((await attempt(member.email, DEMO_PASSWORD, '10.0.0.9', 'made-up')).statusCode).toBe(
      403,
    );
    const token = await captchaToken(test.app, LOGIN_CAPTCHA_ACTION);
    expect((await attempt(member.email, DEMO_PASSWORD, '10.0.0.9', token)).statusCode).toBe(200);
    // The success clears the account's counter: no captcha needed any more.
    expect((await attempt(member.email, DEMO_PASSWORD, '10.0.0.9')).statusCode).toBe(200);
    expect((await attempt(owner.email, DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('refuses one address an account past the pair’s failures, with Retry-After, until the window ends', async () => {
    for (let failure = 0; failure < 3; failure += 1)
      await attempt(member.email, 'wrong', '10.0.0.1');
    const token = await captchaToken(test.app, LOGIN_CAPTCHA_ACTION);
    expect((await attempt(member.email, 'wrong', '10.0.0.1', token)).statusCode).toBe(401);

    const blocked = await attempt(member.email, DEMO_PASSWORD, '10.0.0.1', token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('600');
    expect(srv.envelopeOf(blocked)).toEqual(tooMany);
    // Another address still signs in (with the captcha the account's failures ask for) ...
    const other = await captchaToken(test.app, LOGIN_CAPTCHA_ACTION);
    expect((await attempt(member.email, DEMO_PASSWORD, '10.0.0.2', other)).statusCode).toBe(200);
    // ... and the blocked address may still sign into other accounts.
    expect((await attempt(owner.email, DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(200);

    test.clock.advanceSeconds(590);
    const later = await attempt(member.email.toUpperCase(), DEMO_PASSWORD, '10.0.0.1');
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('10');
    test.clock.advanceSeconds(10);
    expect((await attempt(member.email, DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64 prefix', async () => {
    for (let failure = 1; failure <= 6; failure += 1) {
      const response = await attempt(
        `someone${failure}@example.com`,
        'wrong',
        `2001:db8:0:1::${failure}`,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attempt(owner.email, DEMO_PASSWORD, '2001:db8:0:1:ffff:ffff:ffff:ffff');
    expect(blocked.statusCode).toBe(429);
    expect(srv.envelopeOf(blocked)).toEqual(tooMany);
    expect((await attempt(owner.email, DEMO_PASSWORD, '2001:db8:0:2::1')).statusCode).toBe(200);
  });

  it('resets the account counter after a successful login', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1)
      await srv.postLogin(test.app, owner.email, 'wrong');
    expect((await srv.postLogin(test.app, owner.email)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await srv.postLogin(test.app, owner.email, 'wrong')).statusCode).toBe(401);
    }
    expect((await srv.postLogin(test.app, owner.email)).statusCode).toBe(200);
  });

  it('blocks a client address after its failed attempts on any accounts', async () => {
    const address = { remoteAddress: '192.0.2.7' };
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await srv.postLogin(
        test.app,
        `someone${attempt}@example.com`,
        'wrong',
        address,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await srv.postLogin(test.app, owner.email, DEMO_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(srv.envelopeOf(blocked)).toEqual(tooMany);
    expect(
      (await srv.postLogin(test.app, owner.email, DEMO_PASSWORD, { remoteAddress: '192.0.2.8' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('stored passwords', () => {
  it('are scrypt hashes with a per-user salt, never the plain text', async () => {
    const rows = await handle.db.select({ passwordHash: users.passwordHash }).from(users);
    expect(rows).toHaveLength(3);
    const salts = new Set<string>();
    for (const { passwordHash } of rows) {
      expect(passwordHash).not.toContain(DEMO_PASSWORD);
      expect(passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
      salts.add((passwordHash ?? '').split('$')[4] ?? '');
    }
    expect(salts.size).toBe(3);
  });
});

describe('without a captcha in production (CAPTCHA_OPT_OUT, issue 31)', () => {
  const env = {
    NODE_ENV: 'production',
    CAPTCHA_OPT_OUT: '1',
    LOGIN_RATE_LIMIT_ACCOUNT: '3',
    LOGIN_RATE_LIMIT_ACCOUNT_ADDRESS: '10',
    LOGIN_RATE_LIMIT_WINDOW_SECONDS: '600',
  };
  const lockedOut = {
    status: ResponseStatus.Error,
    messages: [TOO_MANY_ACCOUNT_LOGIN_FAILURES],
    data: null,
  };
  const attempt = (app: srv.TestApp, password: string, remoteAddress: string, token?: string) =>
    srv.postLogin(app.app, member.email, password, {
      remoteAddress,
      ...(token === undefined
        ? {}
        : { payload: { email: member.email, password, reCaptchaToken: token } }),
    });

  it('refuses the account past its threshold from every address, on every server process, until the window ends', async () => {
    // Two processes on one database (the second is built before any failure is counted).
    const first = await srv.createTestApp(handle.db, env);
    const second = await srv.createTestApp(handle.db, env);
    try {
      for (let failure = 0; failure < 3; failure += 1) {
        expect((await attempt(first, 'wrong', '10.3.0.1')).statusCode).toBe(401);
      }
      // Any token, or none, the right password too, from another address and the other process.
      for (const token of ['x', undefined]) {
        const refused = await attempt(second, DEMO_PASSWORD, '10.3.0.2', token);
        expect(refused.statusCode, refused.body).toBe(429);
        expect(refused.headers['retry-after']).toBe('600');
        expect(srv.envelopeOf(refused)).toEqual(lockedOut);
      }
      expect((await attempt(first, DEMO_PASSWORD, '10.3.0.3', 'x')).statusCode).toBe(429);
      // Other accounts are not affected, from the same addresses.
      const other = await srv.postLogin(second.app, owner.email, DEMO_PASSWORD, {
        remoteAddress: '10.3.0.2',
      });
      expect(other.statusCode).toBe(200);

      first.clock.advanceSeconds(590);
      const later = await attempt(first, DEMO_PASSWORD, '10.3.0.4');
      expect(later.statusCode).toBe(429);
      expect(later.headers['retry-after']).toBe('10');
      first.clock.advanceSeconds(10);
      expect((await attempt(first, DEMO_PASSWORD, '10.3.0.4')).statusCode).toBe(200);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });
});
