import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { DEV_MAIL_PATH, Outbox } from '../../contract/devMail';
import { ResponseStatus } from '../../contract/enums';
import { apiPaths } from './support/apiPaths';
import { emailVerificationCodes } from '../../server/db/schema';
import { DEMO_USERS } from '../../server/db/seedData';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import { createMailer, type OutgoingMail } from '../../server/mail/mailer';
import {
  activationMail,
  emailConfirmationMail,
  escapeHtml,
  invitationMail,
  passwordResetMail,
  verificationCodeMail,
} from '../../server/mail/templates';
import {
  CODE_PATTERN,
  codeIn,
  latestMail,
  linkPattern,
  linkRoutes,
  messagesOf,
  post,
  readOutbox,
  sendCode,
  uniquePerson,
} from './support/identity';
import { createTestApp, envelopeOf } from './support/testServer';
import { useTestApp } from './support/suite';

const { handle, test } = useTestApp({ appPerTest: true });

const MARKUP_NAME = `<img src=x onerror="alert('x')"> & co`;

describe('mail templates', () => {
  it('escape HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });

  it('put the code and the links where the documented patterns find them', () => {
    const code = verificationCodeMail({ to: 'a@b.io', code: '012345', expiresInMinutes: 15 });
    expect(CODE_PATTERN.exec(code.text)?.[1]).toBe('012345');
    const key = 'AbC-_123';
    const links = [
      [activationMail, linkRoutes.activate],
      [passwordResetMail, linkRoutes.resetPassword],
      [emailConfirmationMail, linkRoutes.confirmEmail],
    ] as const;
    for (const [template, route] of links) {
      const link = `https://givedrop.example${route}${key}`;
      const mail: OutgoingMail = template({
        to: 'a@b.io',
        firstName: 'Ann',
        link,
        expiresInDays: 7,
        expiresInMinutes: 60,
      });
      const match = linkPattern(route).exec(mail.text);
      expect(match?.[2]).toBe(key);
      expect(mail.text.split('\n')).toContain(link);
      expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
    }
  });

  it('escape the name in HTML and keep it on one line in text', () => {
    const mail = activationMail({
      to: 'a@b.io',
      firstName: `${MARKUP_NAME}\r\nBcc: x@evil.example`,
      link: 'https://givedrop.example/activate/k',
      expiresInDays: 7,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(
      'Hello &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; co Bcc: x@evil.example,',
    );
    expect(mail.text.split('\n')[0]).toBe(`Hello ${MARKUP_NAME} Bcc: x@evil.example,`);
    expect(mail.subject).not.toContain('\n');
  });

  it('escape the address in the confirmation mail', () => {
    const mail = emailConfirmationMail({
      to: '"<b>"@example.org',
      firstName: 'Ann',
      link: 'https://givedrop.example/account/confirm-email/k',
      expiresInDays: 7,
    });
    expect(mail.html).toContain('&quot;&lt;b&gt;&quot;@example.org');
    expect(mail.html).not.toContain('<b>');
  });

  describe("the invitation (issue 31: the message is the inviter's, never the platform's)", () => {
    const forged = [
      'Your Givedrop account is suspended.',
      '',
      'Sign in at https://phish.example/login <b>now</b>',
    ].join('\r\n');
    const invitation = (message: string, inviterName = 'Olivia Harper') =>
      invitationMail({
        to: 'iris@example.org',
        firstName: 'Iris',
        inviterName,
        organisationName: 'Harbour Hope',
        message,
        link: 'https://givedrop.example/invitation/AbC-_123',
        expiresInDays: 7,
      });

    it('quotes the message in text, line by line, after "{inviter} wrote:" and before the note', () => {
      const lines = invitation(forged).text.split('\n');
      const start = lines.indexOf('Olivia Harper wrote:');
      expect(start).toBeGreaterThan(0);
      expect(lines.slice(start, start + 6)).toEqual([
        'Olivia Harper wrote:',
        '> Your Givedrop account is suspended.',
        '>',
        '> Sign in at https://phish.example/login <b>now</b>',
        '',
        'This message was written by Olivia Harper, not by Givedrop.',
      ]);
      // No line of the message stands unquoted in the mail.
      expect(lines).not.toContain('Your Givedrop account is suspended.');
      expect(lines.filter((line) => line.includes('phish.example'))).toEqual([
        '> Sign in at https://phish.example/login <b>now</b>',
      ]);
    });

    it('quotes it in HTML as an escaped blockquote with the attribution', () => {
      const { html } = invitation(forged);
      expect(html).toContain(
        '<p>Olivia Harper wrote:</p>\n<blockquote style="margin: 0 0 1em; padding: 0.25em 1em; border-left: 4px solid #b0b0b0; color: #333">' +
          'Your Givedrop account is suspended.<br><br>Sign in at https://phish.example/login &lt;b&gt;now&lt;/b&gt;</blockquote>',
      );
      expect(html).toContain('This message was written by Olivia Harper, not by Givedrop.');
      expect(html).not.toContain('<b>');
      expect(html).not.toContain('<a href="https://phish.example');
    });

    it('attributes a message of an inviter without a name, and shows no quote without a message', () => {
      expect(invitation('Hi', '  ').text).toContain('The person who invited you wrote:\n> Hi');
      const plain = invitation('   ');
      expect(plain.text).not.toContain('wrote:');
      expect(plain.html).not.toContain('blockquote');
    });
  });
});

describe('GET /api/dev/mail', () => {
  it('answers the outbox newest first, filtered by recipient in any case', async () => {
    const a = uniquePerson('mail');
    const b = uniquePerson('mail');
    await sendCode(test.app, a.email);
    await sendCode(test.app, b.email);
    test.clock.advanceSeconds(5);
    await sendCode(test.app, a.email);

    const response = await test.app.inject({ method: 'GET', url: DEV_MAIL_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = envelopeOf(response);
    expect(body.status).toBe(ResponseStatus.Ok);
    expect(is(body.data, Outbox)).toBe(true);

    const mine = await readOutbox(test.app, a.email.toUpperCase());
    expect(mine).toHaveLength(2);
    expect(mine.every((mail) => mail.to === a.email)).toBe(true);
    expect(new Date(mine[0]?.sentAt ?? 0).getTime()).toBe(test.clock.now().getTime());
    expect(new Date(mine[0]?.sentAt ?? 0).getTime()).toBeGreaterThan(
      new Date(mine[1]?.sentAt ?? 0).getTime(),
    );
    expect(Object.keys(mine[0] ?? {}).sort()).toEqual(['html', 'sentAt', 'subject', 'text', 'to']);
  });

  it('survives a restart: the outbox lives in the database', async () => {
    const { email } = uniquePerson('mail');
    await sendCode(test.app, email);
    await test.app.close();
    const restarted = await createTestApp(handle.db);
    expect(await readOutbox(restarted.app, email)).toHaveLength(1);
  });

  it('refuses a bad filter', async () => {
    for (const to of ['x'.repeat(1100), '%00']) {
      const response = await test.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}?to=${to}` });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET /api/dev/mail/page', () => {
  it('lists the mails as escaped HTML with clickable links and no script', async () => {
    const strict = await createTestApp(handle.db, { SIGNUP_REQUIRES_ACTIVATION: 'true' });
    await strict.app.inject({
      method: 'POST',
      url: '/api/dev/sendEmailConfirmation',
      payload: { email: DEMO_USERS.newbie.email },
    });
    const response = await strict.app.inject({ method: 'GET', url: `${DEV_MAIL_PATH}/page` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('Confirm your Givedrop email address');
    expect(response.body).toMatch(
      /<a href="http:\/\/localhost:3000\/account\/confirm-email\/[\w-]{43}">/,
    );
    expect(response.body).toContain('&lt;!doctype html&gt;');
  });
});

describe('the outbox in production', () => {
  it('is absent, and so is the email-confirmation trigger', async () => {
    const production = await createTestApp(handle.db, {
      NODE_ENV: 'production',
      CAPTCHA_OPT_OUT: '1',
    });
    for (const url of [DEV_MAIL_PATH, `${DEV_MAIL_PATH}/page`]) {
      const response = await production.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
    }
    const trigger = await production.app.inject({
      method: 'POST',
      url: '/api/dev/sendEmailConfirmation',
      payload: { email: DEMO_USERS.owner.email },
    });
    expect(trigger.statusCode).toBe(404);
  });

  it('drops mail without SMTP_URL (warning once) and stores nothing', async () => {
    const warnings: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'no-reply@givedrop.example',
      production: true,
      db: handle.db,
      now: () => new Date(),
      log: { warn: (message: unknown) => void warnings.push(String(message)) },
    });
    expect(mailer.kind).toBe('discard');
    const { email } = uniquePerson('dropped');
    await mailer.send({ to: email, subject: 's', text: 't', html: 'h' });
    await mailer.send({ to: email, subject: 's', text: 't', html: 'h' });
    expect(warnings).toHaveLength(1);
    expect(await readOutbox(test.app, email)).toEqual([]);
  });
});

/** A minimal SMTP server that records what it receives. */
function fakeSmtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket: Socket) => {
    let data = false;
    let buffer = '';
    let message = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received.push(message);
            message = '';
            socket.write('250 OK queued\r\n');
          } else {
            message += `${line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake\r\n');
        else if (command === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : 0,
        received,
      });
    });
  });
}

describe('SMTP_URL', () => {
  it('sends through SMTP (text and HTML) and keeps the outbox empty', async () => {
    const smtp = await fakeSmtpServer();
    try {
      const app = await createTestApp(handle.db, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        DEFAULT_FROM_EMAIL_ADDRESS: 'hello@givedrop.example',
      });
      const { email } = uniquePerson('smtp');
      const response = await sendCode(app.app, email);
      expect(response.statusCode).toBe(200);
      expect(smtp.received).toHaveLength(1);
      const raw = smtp.received[0] ?? '';
      expect(raw).toContain(`To: ${email}`);
      expect(raw).toContain('From: hello@givedrop.example');
      expect(raw).toContain('Subject: Your Givedrop verification code');
      expect(raw).toContain('text/plain');
      expect(raw).toContain('text/html');
      expect(raw).toMatch(CODE_PATTERN);
      expect(await readOutbox(app.app, email)).toEqual([]);
    } finally {
      smtp.server.close();
    }
  });

  it('answers 503 and keeps no code when the SMTP server is unreachable', async () => {
    const smtp = await fakeSmtpServer();
    smtp.server.close();
    const app = await createTestApp(handle.db, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const { email } = uniquePerson('smtp');
    const response = await sendCode(app.app, email);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(messagesOf(response)).toEqual(['Error sending verification email, please try again.']);
    const rows = await handle.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.email, email));
    expect(rows).toEqual([]);
  });
});

describe('the verification mail', () => {
  it('reaches the outbox with the code in text and HTML', async () => {
    const { email } = uniquePerson('code');
    await post(test.app, apiPaths.verifyAccount, { email, forSignup: true });
    const mail = await latestMail(test.app, email);
    const code = codeIn(mail);
    expect(mail.html).toContain(code);
    expect(mail.to).toBe(email);
  });
});
