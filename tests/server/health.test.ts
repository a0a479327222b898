/**
 * A database that cannot be used: a request that fails on it answers 503 with the envelope and
 * Retry-After and is logged (not a 500), whichever error node-postgres raises for it; GET
 * /api/health reports the database's state; the monitor declares it unusable after failed
 * probes; a shutdown always ends within its bound.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { openDatabase } from '../../server/db/database';
import { DatabaseMonitor, isDatabaseUnavailable } from '../../server/db/health';
import { DEMO_USERS } from '../../server/db/seedData';
import { DATABASE_UNAVAILABLE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../server/http/errors';
import { createShutdown } from '../../server/lifecycle';
import { freePort } from './support/serverProcess';
import { openTestDatabase } from './support/testDatabase';
import { api, createTestApp, envelopeOf, postLogin } from './support/testServer';
import { SIGNAL_WAIT } from '../support/ceilings';

/** A PostgreSQL error as the drivers raise it, wrapped by Drizzle like a failed query. */
function queryError(code: string, message: string): DrizzleQueryError {
  return new DrizzleQueryError('insert into x', [], Object.assign(new Error(message), { code }));
}

describe('isDatabaseUnavailable', () => {
  it('is true for errors of a database that cannot serve', () => {
    const unavailable = [
      queryError('42501', 'could not open file "base/5/16397": Permission denied'),
      queryError('53100', 'could not extend file: No space left on device'),
      queryError('58030', 'could not write to file "pg_wal/xlogtemp.1": I/O error'),
      queryError('57P01', 'terminating connection due to administrator command'),
      queryError('08006', 'connection failure'),
      queryError('XX001', 'invalid page in block 0'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')),
      // A statement on a connection lost before it (a transaction's next one, its rollback).
      new DrizzleQueryError(
        'rollback',
        [],
        new Error('Client has encountered a connection error and is not queryable'),
      ),
      new DrizzleQueryError('select 1', [], new Error('Client was closed and is not queryable')),
      queryError('57P03', 'the database system is shutting down'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('is false for a query the database refuses for its content, and for other errors', () => {
    const others = [
      queryError('23505', 'duplicate key value violates unique constraint "users_email_unique"'),
      queryError('22P02', 'invalid input syntax for type integer'),
      queryError('42P01', 'relation "x" does not exist'),
      new Error('something else'),
      new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      }),
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), error.message).toBe(false);
  });
});

describe('isDatabaseUnavailable, with the errors node-postgres raises', () => {
  /** What a statement and a transaction raise on a pool whose PostgreSQL cannot be reached. */
  async function failuresOn(databaseUrl: string): Promise<unknown[]> {
    const handle = await openDatabase({ databaseUrl });
    try {
      const statement = await handle.db.execute(sql`select 1`).then(
        () => 'answered',
        (error: unknown) => error,
      );
      const transaction = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'answered',
          (error: unknown) => error,
        );
      return [statement, transaction];
    } finally {
      await handle.close();
    }
  }

  it('is true while PostgreSQL is down: a refused connection, a Unix socket with no server', async () => {
    const port = await freePort();
    const down = await mkdtemp(join(tmpdir(), 'givedrop-no-postgres-'));
    try {
      const failures = [
        ...(await failuresOn(`postgres://givedrop:givedrop@127.0.0.1:${port}/givedrop`)),
        ...(await failuresOn(`postgres://givedrop:givedrop@/givedrop?host=${down}`)),
      ];
      for (const failure of failures) {
        expect(failure).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
      }
    } finally {
      await rm(down, { recursive: true, force: true });
    }
  });
});

describe('a database that cannot be used, seen through the API', () => {
  it('answers 503 with the envelope and logs it; /api/health reports ok, then unavailable', async () => {
    const handle = await openTestDatabase();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { app } = await createTestApp(handle.db, {}, { logger: { level: 'error', stream } });
    try {
      const healthy = await app.inject({ method: 'GET', url: api('health') });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.headers['cache-control']).toBe('no-store');
      expect(envelopeOf(healthy)).toEqual({
        status: ResponseStatus.Ok,
        messages: [],
        data: { status: 'ok' },
      });

      await handle.close();
      const login = await postLogin(app, DEMO_USERS.owner.email);
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(envelopeOf(login)).toEqual({
        status: ResponseStatus.Error,
        messages: [DATABASE_UNAVAILABLE],
        data: null,
      });
      expect(lines.some((line) => line.includes('database unavailable'))).toBe(true);

      const unhealthy = await app.inject({ method: 'GET', url: api('health') });
      expect(unhealthy.statusCode).toBe(503);
      expect(unhealthy.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      expect(envelopeOf(unhealthy)).toEqual({
        status: ResponseStatus.Error,
        messages: [DATABASE_UNAVAILABLE],
        data: { status: 'unavailable' },
      });
    } finally {
      await app.close();
    }
  });
});

describe('DatabaseMonitor', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function monitorWith(probe: () => Promise<void>, clock: { at: number }) {
    const onUnusable = vi.fn();
    const monitor = new DatabaseMonitor({
      probe,
      intervalMs: 1000,
      maxFailures: 3,
      timeoutMs: 50,
      onUnusable,
      now: () => clock.at,
    });
    return { monitor, onUnusable };
  }

  it('declares the database unusable after failed probes spread over time, once', async () => {
    const clock = { at: 0 };
    const { monitor, onUnusable } = monitorWith(() => Promise.reject(new Error('down')), clock);
    // A busy health endpoint (or failed requests): many failed probes within an interval count
    // once, so the database is given (maxFailures - 1) whole intervals to come back.
    for (let index = 0; index < 10; index += 1) expect(await monitor.check()).toBe('unavailable');
    expect(onUnusable).not.toHaveBeenCalled();
    for (const step of [600, 600, 600]) {
      clock.at += step;
      await monitor.check();
    }
    // 1.8 intervals later: two failures counted (at 0 and at 1.2 intervals).
    expect(onUnusable).not.toHaveBeenCalled();
    clock.at += 200; // 0.8 interval after the last counted one
    await monitor.check();
    expect(onUnusable).not.toHaveBeenCalled();
    clock.at += 200; // a whole interval after it: the third
    await monitor.check();
    expect(onUnusable).toHaveBeenCalledTimes(1);
    expect(monitor.unusable).toBe(true);
    clock.at += 1000;
    await monitor.check();
    expect(onUnusable).toHaveBeenCalledTimes(1);
  });

  it('starts counting again after a probe succeeds, and fails a probe that does not answer', async () => {
    const clock = { at: 0 };
    let answer: 'fail' | 'ok' | 'hang' = 'fail';
    const probe = () =>
      answer === 'ok'
        ? Promise.resolve()
        : answer === 'hang'
          ? new Promise<void>(() => undefined)
          : Promise.reject(new Error('down'));
    const { monitor, onUnusable } = monitorWith(probe, clock);
    await monitor.check();
    clock.at += 1000;
    await monitor.check();
    answer = 'ok';
    clock.at += 1000;
    expect(await monitor.check()).toBe('ok');
    answer = 'hang';
    for (let index = 0; index < 2; index += 1) {
      clock.at += 1000;
      expect(await monitor.check()).toBe('unavailable');
    }
    expect(onUnusable).not.toHaveBeenCalled();
    clock.at += 1000;
    await monitor.check();
    expect(onUnusable).toHaveBeenCalledTimes(1);
  });

  it('probes at once when a request reports a failure', async () => {
    const probe = vi.fn(() => Promise.resolve());
    const { monitor } = monitorWith(probe, { at: 0 });
    monitor.reportFailure(new Error('PGlite is closed'));
    expect(monitor.current).toBe('unavailable');
    await vi.waitFor(() => expect(monitor.current).toBe('ok'), SIGNAL_WAIT);
    expect(probe).toHaveBeenCalledTimes(1);
  });
});

describe('createShutdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exits with the given code once closed', async () => {
    const exit = vi.fn();
    const shutdown = createShutdown({ close: async () => {}, exit, report: () => {} });
    shutdown('SIGTERM received', 0);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0), SIGNAL_WAIT);
  });

  it('exits 1 when closing does not finish in time, or at a second signal', () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    const reports: string[] = [];
    const hangs = () => new Promise<void>(() => undefined);
    const shutdown = createShutdown({
      close: hangs,
      timeoutMs: 10_000,
      exit,
      report: (line) => reports.push(line),
    });
    shutdown('SIGTERM received', 0);
    vi.advanceTimersByTime(9_999);
    expect(exit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(reports.at(-1)).toContain('did not finish in 10 s');

    const forced = vi.fn();
    const again = createShutdown({ close: hangs, exit: forced, report: () => {} });
    again('SIGTERM received', 0);
    again('SIGINT received', 0);
    expect(forced).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('exits 1 when closing fails', async () => {
    const exit = vi.fn();
    const shutdown = createShutdown({
      close: () => Promise.reject(new Error('pool would not end')),
      exit,
      report: () => {},
    });
    shutdown('The database cannot be used', 1);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1), SIGNAL_WAIT);
  });
});
