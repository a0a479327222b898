/**
 * The named fields of a row, in the order named: an answer's key order is its wire order, so a
 * mapper that copies fields unchanged lists them once here instead of as `name: row.name` lines.
 */
export function pick<T, K extends keyof T>(row: T, ...keys: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
