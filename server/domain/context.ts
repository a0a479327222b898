import type { Database } from '../db/database';

/** Settings of the session rules, taken from the server configuration. */
export interface SessionSettings {
  /** Access-token lifetime in seconds. */
  jwtTtlSeconds: number;
  /** Absolute lifetime of a refresh-token family in seconds. */
  refreshTtlSeconds: number;
  /**
   * How long after its rotation a refresh token presented again gets the same new session instead
   * of revoking its family (concurrent refreshes of two tabs); 0 turns the grace off.
   */
  refreshGraceSeconds: number;
  /**
   * Absolute lifetime of an impersonated session (auth/impersonate) in seconds; it never outlives
   * the host's own session either.
   */
  impersonationTtlSeconds: number;
}

/** What every domain operation gets: the database, the clock and the session rules. */
export interface DomainContext {
  db: Database;
  now: () => Date;
  sessions: SessionSettings;
}

export const addSeconds = (date: Date, seconds: number) =>
  new Date(date.getTime() + seconds * 1000);
export const addDays = (date: Date, days: number) => addSeconds(date, days * 24 * 60 * 60);
