/**
 * Limits for waits on a signal (a state reached, a callback called, a file gone). They only end
 * a test that would otherwise hang: generous, so that a busy machine (CI runs on two cores,
 * sometimes beside other work) never fails a test that is right. vi.waitFor's own default is 1 s.
 */
export const SIGNAL_WAIT = { timeout: 30_000, interval: 10 } as const;

/**
 * The time a test that opens an embedded database on disk may take (PGlite: a fresh directory
 * takes seconds to create and migrate; 10 s idle on CI's two cores, over 30 s beside other work).
 */
export const DISK_DATABASE_TEST_MS = 180_000;
