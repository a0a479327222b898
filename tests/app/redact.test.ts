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
});
