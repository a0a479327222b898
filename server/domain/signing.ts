/**
 * HMAC-SHA256 with a server secret, for values that must not be forgeable or readable from a
 * copy of the database: verification codes are stored as HMACs, and the development stand-in
 * captcha tokens are signed with it. The key is generated on first start and kept in the
 * database (table server_secrets), like the JWT key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';
import { getOrCreateSecret } from './secrets';

const IDENTITY_SECRET_NAME = 'identity_hmac_key';

export interface Signer {
  /** base64url HMAC of `data` under `purpose` (purposes never share a signature). */
  sign(purpose: string, data: string): Promise<string>;
  /** Whether `signature` is the HMAC of `data` under `purpose` (constant-time comparison). */
  verify(purpose: string, data: string, signature: string): Promise<boolean>;
}

export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSigner(getKey: () => Promise<string>): Signer {
  let key: Promise<string> | undefined;
  const secret = () =>
    (key ??= getKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  const sign = async (purpose: string, data: string) =>
    createHmac('sha256', await secret())
      .update(purpose)
      .update('\u0000')
      .update(data)
      .digest('base64url');
  return {
    sign,
    async verify(purpose, data, signature) {
      return sameText(await sign(purpose, data), signature);
    },
  };
}

/** The signer whose key lives in the database. */
export function createDatabaseSigner(db: Database): Signer {
  return createSigner(() =>
    getOrCreateSecret(db, IDENTITY_SECRET_NAME, () => randomBytes(64).toString('base64url')),
  );
}
