/**
 * Profile handles (spec §5 Handle): 4 to 20 letters, digits and underscores, unique regardless
 * of letter case.
 */
import { randomInt } from 'node:crypto';
import { HANDLE_MAX, HANDLE_MIN, identityTexts, isValidHandle } from '../../../contract/identity';
import type { Queryable } from '../../db/database';
import { invalid } from '../../domain/errors';
import { findUserByHandle } from '../../domain/queries';

export const HANDLE_RULE = identityTexts.handleRule;

/** GET users/handleExists: true when taken (any letter case). */
export async function handleExists(db: Queryable, value: string): Promise<boolean> {
  if (!isValidHandle(value)) throw invalid(HANDLE_RULE);
  return (await findUserByHandle(db, value)) !== undefined;
}

/** A handle-shaped form of a name: ASCII letters and digits joined by single underscores. */
export function handleBase(firstName: string, lastName: string): string {
  const words = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let base = '';
  for (const word of words) {
    const next = base === '' ? word : `${base}_${word}`;
    if (next.length > HANDLE_MAX - 5) break;
    base = next;
  }
  base = base.slice(0, HANDLE_MAX - 5).replace(/_+$/, '');
  return base.length >= HANDLE_MIN
    ? base
    : `user_${base}`.replace(/_+$/, '').padEnd(HANDLE_MIN, '0');
}

/** A free handle for a new third-party account: the name, then the name with a number. */
export async function generateHandle(
  db: Queryable,
  firstName: string,
  lastName: string,
): Promise<string> {
  const base = handleBase(firstName, lastName);
  const candidates = [
    base,
    ...Array.from({ length: 8 }, (_, index) => `${base}_${index + 2}`),
    ...Array.from({ length: 8 }, () => `${base}_${randomInt(1000, 10_000)}`),
  ];
  for (const candidate of candidates) {
    if (isValidHandle(candidate) && (await findUserByHandle(db, candidate)) === undefined) {
      return candidate;
    }
  }
  return `user_${randomInt(10 ** 9, 10 ** 10)}`;
}
