import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDecoy, verifyPassword } from '../../server/domain/passwords';

describe('password hashing', () => {
  it('stores a salted scrypt hash, never the password', async () => {
    const first = await hashPassword('Giving!2026');
    const second = await hashPassword('Giving!2026');
    expect(first).not.toContain('Giving!2026');
    expect(first.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('treats malformed or tampered hashes as a mismatch', async () => {
    const stored = await hashPassword('secret');
    const parts = stored.split('$');
    const tampered = [
      'plain-text',
      'bcrypt$10$abc',
      [...parts.slice(0, 1), String(2 ** 30), ...parts.slice(2)].join('$'),
      [...parts.slice(0, 5), 'c2hvcnQ'].join('$'),
    ];
    for (const value of tampered) expect(await verifyPassword('secret', value)).toBe(false);
  });

  it('spends the time of a real check for unknown accounts', async () => {
    await verifyDecoy('warm-up');
    const started = performance.now();
    expect(await verifyDecoy('anything')).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(10);
  });
});
