import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { insertSecretIfAbsent, selectSecret } from './queries';

const JWT_SECRET_NAME = 'jwt_signing_key';

/**
 * Returns the stored secret called `name`, creating it with `generate()` the first time. Safe
 * when several processes start at once: the first insert wins and everyone reads it back.
 */
export async function getOrCreateSecret(
  db: Database,
  name: string,
  generate: () => string,
): Promise<string> {
  await insertSecretIfAbsent(db, name, generate());
  const value = await selectSecret(db, name);
  if (value === undefined) throw new Error(`Server secret ${name} could not be stored.`);
  return value;
}

/**
 * The access-token signing key: JWT_SECRET when configured, otherwise a random key generated on
 * first start and kept in the database, so restarts keep sessions valid.
 */
export async function resolveJwtSecret(
  db: Database,
  configured: string | undefined,
): Promise<Uint8Array> {
  const secret =
    configured ??
    (await getOrCreateSecret(db, JWT_SECRET_NAME, () => randomBytes(64).toString('base64url')));
  return new TextEncoder().encode(secret);
}
