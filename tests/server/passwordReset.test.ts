import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { apiPaths } from './support/apiPaths';
import { refreshTokens, users } from '../../server/db/schema';
import type { OutgoingMail } from '../../server/mail/mailer';
import { SIGNAL_WAIT } from '../support/ceilings';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/db/seedData';
import {
  keyFromMail,
  latestMail,
  linkIn,
  linkRoutes,
  messagesOf,
  post,
  readOutbox,
  STRONG_PASSWORD,
} from './support/identity';
import * as srv from './support/testServer';
import { useTestApp } from './support/suite';

const { owner, member, newbie } = DEMO_USERS;
const RESET_INVALID =
  'The password reset link is invalid or has expired, please request a new one.';

const { handle, test } = useTestApp({ appPerTest: true });

const requestReset = (app: srv.TestApp['app'], email: string, redirectTo?: string, ip?: string) =>
  post(
    app,
    apiPaths.requestPasswordReset,
    { email, ...(redirectTo !== undefined ? { redirectTo } : {}) },
    ip,
  );

async function resetKey(app: srv.TestApp['app'], email: string, redirectTo?: string) {
  const response = await requestReset(app, email, redirectTo);
  if (response.statusCode !== 200) throw new Error(response.body);
  return keyFromMail(app, email, linkRoutes.resetPassword);
}

const getStatus = (jwtToken: string) =>
  test.app.inject({
    method: 'GET',
    url: srv.api(apiPaths.getCurrentTenantStatus),
    headers: srv.bearer(jwtToken),
  });

describe('POST /api/auth/requestPasswordReset', () => {
  it('mails a single-use reset link under SITE_URL to an existing account', async () => {
    const response = await requestReset(test.app, ` ${member.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Ok,
      messages: [],
      data: null,
    });
    const mail = await latestMail(test.app, member.email);
    expect(mail.subject).toBe('Reset your Givedrop password');
    expect(mail.text).toContain('Hello Marcus,');
    expect(mail.text).toContain('The link expires in 60 minutes and can be used once.');
    const { link, key } = linkIn(mail, linkRoutes.resetPassword);
    expect(link).toBe(`http://localhost:3000/forgotten-password/${key}`);
  });

  it('answers exactly the same, in about the same time, for an unknown address', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await requestReset(test.app, email);
      return { response, ms: performance.now() - started };
    };
    const known = await timed(newbie.email);
    const unknown = await timed('nobody.here@example.org');
    expect(unknown.response.statusCode).toBe(known.response.statusCode);
    expect(unknown.response.body).toBe(known.response.body);
    expect(Object.keys(unknown.response.headers).sort()).toEqual(
      Object.keys(known.response.headers).sort(),
    );
    // Both wait for the fixed moment. That the known address's answer does not wait for its
    // work is shown below with a mail that never goes out; a difference of durations would
    // measure the machine's load, not the rule.
    expect(known.ms).toBeGreaterThanOrEqual(245);
    expect(unknown.ms).toBeGreaterThanOrEqual(245);
    expect(await readOutbox(test.app, 'nobody.here@example.org')).toEqual([]);
  });

  it('answers a known address at the fixed moment even while its mail cannot go out', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: OutgoingMail[] = [];
    const slow = await srv.createTestApp(
      handle.db,
      {},
      {
        mailer: {
          kind: 'smtp',
          send: async (mail) => {
            await held;
            sent.push(mail);
          },
        },
      },
    );
    try {
      const response = await requestReset(slow.app, member.email);
      expect(response.statusCode).toBe(200);
      expect(sent).toEqual([]);
      release();
      await vi.waitFor(
        () => expect(sent.map((mail) => mail.to)).toEqual([member.email]),
        SIGNAL_WAIT,
      );
    } finally {
      release();
      await slow.app.close();
    }
  });

  it('honours redirectTo on SITE_URL or a local development origin, appending the key', async () => {
    const site = await srv.createTestApp(handle.db, { SITE_URL: 'https://givedrop.example' });
    const cases: [string | undefined, RegExp][] = [
      [
        'https://givedrop.example/forgotten-password',
        /^https:\/\/givedrop\.example\/forgotten-password\/[\w-]{43}$/,
      ],
      ['https://givedrop.example/', /^https:\/\/givedrop\.example\/forgotten-password\/[\w-]{43}$/],
      [
        'http://localhost:5173/forgotten-password/?x=1#y',
        /^http:\/\/localhost:5173\/forgotten-password\/[\w-]{43}$/,
      ],
      ['http://127.0.0.1:3100/reset', /^http:\/\/127\.0\.0\.1:3100\/reset\/[\w-]{43}$/],
      [
        'https://evil.example/forgotten-password',
        /^https:\/\/givedrop\.example\/forgotten-password\//,
      ],
      ['javascript:alert(1)', /^https:\/\/givedrop\.example\/forgotten-password\//],
      ['//evil.example/x', /^https:\/\/givedrop\.example\/forgotten-password\//],
      ['https://user:pw@givedrop.example/x', /^https:\/\/givedrop\.example\/forgotten-password\//],
      [undefined, /^https:\/\/givedrop\.example\/forgotten-password\//],
    ];
    for (const [redirectTo, expected] of cases) {
      site.clock.advanceSeconds(900); // past the per-address limit of reset requests
      await requestReset(site.app, owner.email, redirectTo);
      const mail = await latestMail(site.app, owner.email);
      const link = /^(https?:\/\/\S+)$/m.exec(mail.text)?.[1];
      expect(link, String(redirectTo)).toMatch(expected);
    }
  });

  it('does not trust localhost origins in production', async () => {
    const sent: string[] = [];
    const production = await srv.createTestApp(
      handle.db,
      { NODE_ENV: 'production', CAPTCHA_OPT_OUT: '1', SITE_URL: 'https://givedrop.example' },
      {
        mailer: {
          kind: 'smtp',
          send: async (mail) => {
            sent.push(mail.text);
          },
        },
      },
    );
    await requestReset(production.app, owner.email, 'http://localhost:5173/forgotten-password');
    expect(sent[0]).toMatch(/https:\/\/givedrop\.example\/forgotten-password\/[\w-]{43}/);
  });

  it('limits reset requests per address (3 per window) whether or not it exists', async () => {
    for (const email of [member.email, 'ghost@example.org']) {
      for (let i = 0; i < 3; i += 1) {
        expect((await requestReset(test.app, email)).statusCode).toBe(200);
      }
      const limited = await requestReset(test.app, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect(messagesOf(limited)).toEqual([
        'Too many password reset requests, please try again later.',
      ]);
    }
  });

  it('still answers Ok when the mail cannot be sent (nothing tells the address exists)', async () => {
    const broken = await srv.createTestApp(
      handle.db,
      {},
      {
        mailer: {
          kind: 'smtp',
          send: async () => {
            throw new Error('SMTP down');
          },
        },
      },
    );
    const response = await requestReset(broken.app, owner.email);
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response).status).toBe(ResponseStatus.Ok);
  });
});

describe('POST /api/auth/validatePasswordResetKey', () => {
  it('says whether the key is usable', async () => {
    const key = await resetKey(test.app, owner.email);
    const valid = await post(test.app, apiPaths.validatePasswordResetKey, { key });
    expect(srv.envelopeOf(valid)).toEqual({
      status: ResponseStatus.Ok,
      messages: [],
      data: { valid: true },
    });
    const invalid = await post(test.app, apiPaths.validatePasswordResetKey, { key: `${key}x` });
    expect(srv.envelopeOf(invalid)).toEqual({
      status: ResponseStatus.Ok,
      messages: [RESET_INVALID],
      data: { valid: false },
    });
  });

  it('refuses a key after an hour', async () => {
    const key = await resetKey(test.app, owner.email);
    test.clock.advanceSeconds(60 * 60);
    const response = await post(test.app, apiPaths.validatePasswordResetKey, { key });
    expect(srv.envelopeOf(response).data).toEqual({ valid: false });
  });
});

describe('POST /api/auth/resetPassword', () => {
  it('sets the new password once, spends every reset key and ends every session', async () => {
    const first = await srv.login(test.app, member.email);
    const second = await srv.login(test.app, member.email);
    const olderKey = await resetKey(test.app, member.email);
    const key = await resetKey(test.app, member.email);

    const response = await post(test.app, apiPaths.resetPassword, {
      key,
      newPassword: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(srv.envelopeOf(response)).toEqual({
      status: ResponseStatus.Ok,
      messages: [],
      data: { updated: true },
    });
    expect((await srv.postLogin(test.app, member.email, DEMO_PASSWORD)).statusCode).toBe(401);
    const fresh = await srv.postLogin(test.app, member.email, STRONG_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await getStatus(srv.sessionOf(fresh).jwtToken)).statusCode).toBe(200);

    for (const session of [first, second]) {
      expect((await srv.postRefresh(test.app, session.refreshToken)).statusCode).toBe(401);
      // The access tokens end with their sessions, not at their expiry.
      expect((await getStatus(session.jwtToken)).statusCode).toBe(401);
    }
    const [user] = await handle.db.select().from(users).where(eq(users.email, member.email));
    const open = await handle.db
      .select()
      .from(refreshTokens)
      .where(isNull(refreshTokens.revokedAt));
    expect(open.filter((row) => row.userId === user?.id)).toHaveLength(1);

    for (const spent of [key, olderKey]) {
      const again = await post(test.app, apiPaths.resetPassword, {
        key: spent,
        newPassword: 'An0ther!pass',
      });
      expect(again.statusCode).toBe(400);
      expect(messagesOf(again)).toEqual([RESET_INVALID]);
    }
    expect((await srv.postLogin(test.app, member.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak password without spending the key', async () => {
    const key = await resetKey(test.app, newbie.email);
    const weak = await post(test.app, apiPaths.resetPassword, { key, newPassword: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(messagesOf(weak)).toEqual(['Please enter a valid password.']);
    const short = await post(test.app, apiPaths.resetPassword, { key, newPassword: 'A1!a' });
    expect(messagesOf(short)).toEqual(['Please enter a password (at least 6 characters)']);
    const valid = await post(test.app, apiPaths.validatePasswordResetKey, { key });
    expect(srv.envelopeOf(valid).data).toEqual({ valid: true });
    const ok = await post(test.app, apiPaths.resetPassword, { key, newPassword: STRONG_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired key', async () => {
    const key = await resetKey(test.app, owner.email);
    test.clock.advanceSeconds(60 * 60 + 1);
    const response = await post(test.app, apiPaths.resetPassword, {
      key,
      newPassword: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(messagesOf(response)).toEqual([RESET_INVALID]);
    expect((await srv.postLogin(test.app, owner.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits unknown keys per client address', async () => {
    const limited = await srv.createTestApp(handle.db, { IDENTITY_RATE_LIMIT_ADDRESS: '3' });
    for (let i = 0; i < 3; i += 1) {
      const response = await post(
        limited.app,
        apiPaths.resetPassword,
        { key: `guess-${i}`, newPassword: STRONG_PASSWORD },
        '10.9.9.9',
      );
      expect(response.statusCode).toBe(400);
    }
    const blocked = await post(
      limited.app,
      apiPaths.validatePasswordResetKey,
      { key: 'guess' },
      '10.9.9.9',
    );
    expect(blocked.statusCode).toBe(429);
    expect(messagesOf(blocked)).toEqual(['Too many attempts, please try again later.']);
  });
});
