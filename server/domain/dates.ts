/** Dates in requests: ISO 8601 text, read the same way by every area. */
import { invalid } from './errors';

const MAX_DATE_LENGTH = 64;
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Reads an optional date field: undefined leaves the stored value, null clears it, a string must
 * be an ISO 8601 date.
 */
export function parseOptionalDate(
  field: string,
  value: string | null | undefined,
): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date =
    value.length <= MAX_DATE_LENGTH && ISO_DATE.test(value) ? new Date(value) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw invalid(`${field} must be an ISO 8601 date, e.g. 2026-12-31T00:00:00Z.`);
  }
  return date;
}
