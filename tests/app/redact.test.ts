import { describe, expect, it } from 'vitest';
import type { SecretKind } from '../../contract/secrets';
import { REDACTED } from '../../src/app/redact';
import { createSecretRedactor } from '../../src/app/secretRedactor';
import { makeInvitationByKey, makeSession } from '../support/fixtures';

/**
 * The inspector's redaction goes by what a value is (issue 33, deliverable 5): the contract's
 * declared secret fields and the flows' URL secrets give up their values, which are then hidden
 * wherever they appear; names alone decide nothing.
 */
const country = {
  id: 1,
  name: 'United Kingdom',
  code: 'GB',
  callingCode: '44',
  enabled: true,
  order: 1,
};
const currency = {
  id: 2,
  name: 'Pound sterling',
  code: 'GBP',
  symbol: '£',
  enabled: true,
  order: 1,
};

describe('the redactor', () => {
  it('closes the leak of the emailed invitation key: learned from the route, hidden under any name and inside URLs', () => {
    const redactor = createSecretRedactor();
    redactor.learn('/invitation/inv-Key-5f3a9c');
    const copy = redactor.redact({
      type: 'xstate.done.actor.getUserByInvitationKey',
      output: { userInvitationKey: 'inv-Key-5f3a9c', accountName: 'Helping Hands' },
      input: { acceptance: { userInvitationKey: 'inv-Key-5f3a9c' } },
      request: 'GET /api/userInvitations/getUserByInvitationKey?key=inv-Key-5f3a9c',
      pathname: '/invitation/inv-Key-5f3a9c',
    });
    expect(JSON.stringify(copy)).not.toContain('inv-Key-5f3a9c');
    expect(copy).toMatchObject({
      output: { userInvitationKey: REDACTED, accountName: 'Helping Hands' },
      request: `GET /api/userInvitations/getUserByInvitationKey?key=${REDACTED}`,
      pathname: `/invitation/${REDACTED}`,
    });
  });

  it('closes the leak of the invitation key an answer carries (an InvitationByKey, learned before it is seen elsewhere)', () => {
    const redactor = createSecretRedactor();
    redactor.learn(makeInvitationByKey('answered-key-77aa'));
    const copy = redactor.redact({
      note: 'accept answered-key-77aa now',
      list: ['answered-key-77aa'],
    });
    expect(copy).toEqual({ note: `accept ${REDACTED} now`, list: [REDACTED] });
  });

  it('closes the leak of a captcha token: the bare string a captcha answers, hidden once its request carries it', () => {
    const redactor = createSecretRedactor();
    redactor.learn({ token: 'captcha-tok-AAA' }); // the development captcha's answer (contract)
    const copy = redactor.redact({
      type: 'xstate.done.actor.executeCaptcha',
      output: 'captcha-tok-AAA',
    });
    expect(copy).toEqual({ type: 'xstate.done.actor.executeCaptcha', output: REDACTED });
  });

  it('lets country and currency codes, list keys and other non-secrets pass', () => {
    const redactor = createSecretRedactor();
    redactor.learn({ email: 'a@b.cd', code: '482913' }); // a verification code: a secret
    const value = {
      countries: { list: [country], count: 1 },
      currencies: { list: [currency], count: 1 },
      event: { type: 'country.select', code: 'GB' },
      slides: [{ kind: 'intro', key: 'intro', title: 'Welcome' }],
      promotion: { type: 'promotion.apply', code: 'SPRING25' },
      minimumPasswordLength: 6,
    };
    expect(redactor.redact(value)).toEqual(value);
  });

  const kinds: { kind: SecretKind; value: Record<string, unknown>; secret: string }[] = [
    {
      kind: 'password',
      value: { email: 'owner@example.com', password: 'Giving!2026' },
      secret: 'Giving!2026',
    },
    {
      kind: 'password',
      value: { currentPassword: 'Old!Pass1', newPassword: 'New!Pass2' },
      secret: 'New!Pass2',
    },
    {
      kind: 'token',
      value: makeSession('eyJ.access.token').authSession,
      secret: 'eyJ.access.token',
    },
    {
      kind: 'token',
      value: {
        jwtToken: 'eyJ.other.token',
        jwtTokenExpiresIn: 900,
        refreshTokenExpiresAt: '2100-01-01',
      },
      secret: 'eyJ.other.token',
    },
    {
      kind: 'key',
      value: { key: 'reset-key-123', newPassword: 'Better!2027' },
      secret: 'reset-key-123',
    },
    { kind: 'key', value: { activationKey: 'act-key-9999' }, secret: 'act-key-9999' },
    { kind: 'key', value: { userInvitationKey: 'decline-key-1' }, secret: 'decline-key-1' },
    { kind: 'code', value: { email: 'a@b.cd', code: '482913' }, secret: '482913' },
    {
      kind: 'code',
      value: { code: 'oauth-code-xyz', state: 'oauth-state-1' },
      secret: 'oauth-state-1',
    },
    {
      kind: 'captchaToken',
      value: {
        email: 'owner@example.com',
        password: 'Giving!2026',
        reCaptchaToken: 'captcha-9z9z',
      },
      secret: 'captcha-9z9z',
    },
    {
      kind: 'checkoutSession',
      value: { sessionId: 'cs_test_abc123', url: 'https://pay.example/cs_test_abc123' },
      secret: 'cs_test_abc123',
    },
  ];
  it.each(kinds)(
    'redacts a declared $kind where it is and wherever its value reappears',
    ({ value, secret }) => {
      const redactor = createSecretRedactor();
      const copy = redactor.redact({
        request: value,
        elsewhere: { note: `sent ${secret}.`, under: secret },
      });
      const text = JSON.stringify(copy);
      expect(text).not.toContain(secret);
      expect(text).toContain(REDACTED);
      expect(redactor.knows(secret)).toBe(true);
    },
  );

  it('redacts a declared field where it is even when its value is too short to search for', () => {
    const redactor = createSecretRedactor();
    const copy = redactor.redact({ email: 'a@b.cd', code: '42' });
    expect(copy).toEqual({ email: 'a@b.cd', code: REDACTED });
    expect(redactor.redact({ note: 'page 42' })).toEqual({ note: 'page 42' });
  });

  it('redacts the secret params and query of the flows’ routes, and learns them', () => {
    const redactor = createSecretRedactor();
    const copy = redactor.redact({
      pathname: '/forgotten-password/reset-key-123',
      others: ['/activate/act-key-9?x=1', '/account/confirm-email/conf-key-7', '/feed?new=abc'],
      search: '?session_id=cs_live_1&x=1',
      later: 'the key reset-key-123 and the session cs_live_1',
    });
    expect(copy).toEqual({
      pathname: `/forgotten-password/${REDACTED}`,
      others: [`/activate/${REDACTED}?x=1`, `/account/confirm-email/${REDACTED}`, '/feed?new=abc'],
      search: `?session_id=${REDACTED}&x=1`,
      later: `the key ${REDACTED} and the session ${REDACTED}`,
    });
  });

  it('makes a plain copy: cycles cut, functions dropped, toJSON honoured, the original untouched', () => {
    const redactor = createSecretRedactor();
    const session = makeSession('secret-jwt-value');
    const context: Record<string, unknown> = {
      session,
      act: () => undefined,
      ref: { toJSON: () => ({ id: 'child' }) },
      failure: new Error('refused secret-jwt-value'),
    };
    context.self = context;
    const copy = redactor.redact(context) as Record<string, unknown>;
    expect(copy.self).toBe('[Circular]');
    expect(copy.act).toBeUndefined();
    expect(copy.ref).toEqual({ id: 'child' });
    expect(copy.failure).toEqual({ name: 'Error', message: `refused ${REDACTED}` });
    expect(JSON.stringify(copy)).not.toContain('secret-jwt-value');
    expect(session.authSession.jwtToken).toBe('secret-jwt-value');
  });
});
