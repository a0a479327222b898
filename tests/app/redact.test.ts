import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../src/app/redact';
import { makeSession } from '../support/fixtures';

describe('what the inspector receives', () => {
  it('has tokens and passwords redacted, deeply, without touching the original', () => {
    const session = makeSession('secret-jwt');
    const event = {
      type: 'form.submit',
      values: { email: 'owner@example.com', password: 'Giving!2026' },
      nested: [{ session }],
    };
    const copy = redactSecrets(event);
    expect(copy.values).toEqual({ email: 'owner@example.com', password: REDACTED });
    expect(copy.nested[0]?.session.authSession.jwtToken).toBe(REDACTED);
    expect(JSON.stringify(copy)).not.toContain('secret-jwt');
    expect(JSON.stringify(copy)).not.toContain('Giving!2026');
    expect(event.values.password).toBe('Giving!2026');
    expect(session.authSession.jwtToken).toBe('secret-jwt');
  });

  it('keeps empty secrets empty and copes with cycles', () => {
    const context: Record<string, unknown> = { jwtToken: null, user: { email: 'a@b.c' } };
    context.self = context;
    const copy = redactSecrets(context);
    expect(copy.jwtToken).toBeNull();
    expect(copy.self).toBe(copy);
  });

  it('redacts the keys of emailed links and verification codes, also inside paths', () => {
    const copy = redactSecrets({
      context: { key: 'reset-key-123', minimumPasswordLength: 6 },
      event: { type: 'code.verify', code: '482913' },
      route: { type: 'route.changed', pathname: '/forgotten-password/reset-key-123' },
      others: ['/activate/act-key-9?x=1', '/account/confirm-email/conf-key-7', '/feed?new=abc'],
    });
    const text = JSON.stringify(copy);
    for (const secret of ['reset-key-123', '482913', 'act-key-9', 'conf-key-7']) {
      expect(text).not.toContain(secret);
    }
    expect(copy.route.pathname).toBe(`/forgotten-password/${REDACTED}`);
    expect(copy.others).toEqual([
      `/activate/${REDACTED}?x=1`,
      `/account/confirm-email/${REDACTED}`,
      '/feed?new=abc',
    ]);
    expect(copy.context.minimumPasswordLength).toBe(6);
  });
});
