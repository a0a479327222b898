/**
 * Password hashing with Node's built-in scrypt (memory-hard). A hash is stored as the
 * self-describing string `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`, so the cost can
 * be raised later without breaking existing hashes. N = 2^15 takes about 70 ms on a 2-core machine.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCHEME = 'scrypt';
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
/** Largest cost parameter a stored hash may ask for (guards against a tampered hash). */
const MAX_N = 2 ** 20;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parse(stored: string): ScryptParams | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== SCHEME || !n || !r || !p || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Object.values(params).every((value) => Number.isSafeInteger(value) && value > 0) &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0;
  if (!valid) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, DEFAULT_COST);
  const { N, r, p } = DEFAULT_COST;
  return [SCHEME, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = parse(stored);
  if (params === undefined || params.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, params.salt, params);
  return timingSafeEqual(key, params.key);
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as verifying a real password, for logins of unknown accounts, so the
 * answer time does not tell whether an account exists.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(password, await decoyHash);
  return false;
}
