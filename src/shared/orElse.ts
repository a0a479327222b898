/**
 * A selector for a ref that may be absent (a child that is not running): the fallback then.
 * Made once at module level, so that useSelector gets the same function on every render.
 */
export function orElse<S, T>(select: (snapshot: S) => T, fallback: T) {
  return (snapshot: S | undefined): T => (snapshot === undefined ? fallback : select(snapshot));
}
