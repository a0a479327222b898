/**
 * Ids are PostgreSQL `integer` columns: a larger (or negative) id names no record, and sending it
 * to the database would fail the query (a 500). Domain code asks here first and answers 404.
 */
export const MAX_RECORD_ID = 2_147_483_647;

export function isStorableId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_RECORD_ID;
}
