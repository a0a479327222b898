/**
 * A process out of file descriptors (EMFILE, ENFILE) is not a database that cannot be used: the
 * errors are told apart, the monitor never declares the database unusable for them (which would
 * end the server), a request that fails for want of one answers 503 with Retry-After, a failed
 * accept does not end the process, and the shortage is logged at most once per interval.
 */
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseStatus } from '../../contract/enums';
import { DatabaseMonitor, isDatabaseUnavailable } from '../../server/db/health';
import { DEMO_USERS } from '../../server/db/seedData';
import { descriptorShortageReporter, isDescriptorShortage } from '../../server/descriptors';
import { OUT_OF_DESCRIPTORS } from '../../server/http/errors';
import { openTestDatabase } from './support/testDatabase';
import { api, createTestApp, envelopeOf, postLogin, type TestApp } from './support/testServer';

/** What Node raises when an open() or a socket() finds no free descriptor. */
function outOfDescriptors(code: 'EMFILE' | 'ENFILE', syscall: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: too many open files, ${syscall}`), {
    code,
    errno: code === 'EMFILE' ? -24 : -23,
    syscall,
  });
}

/** PGlite (PostgreSQL in this process) failing to open a data file: SQLSTATE 53000, no errno. */
const pgliteOutOfDescriptors = () =>
  new DrizzleQueryError(
    'select 1',
    [],
    Object.assign(new Error('could not open file "base/5/1259": Too many open files'), {
      code: '53000',
    }),
  );

/** The database probe's error when the data directory check could not open its file. */
const dataDirOutOfDescriptors = () =>
  new Error('The data directory /srv/data (DATA_DIR) cannot be written: EMFILE', {
    cause: outOfDescriptors('EMFILE', "open '/srv/data/.write-probe-1'"),
  });

const shortages = () => [
  outOfDescriptors('EMFILE', 'accept'),
  outOfDescriptors('ENFILE', 'open'),
  Object.assign(new Error('connect EMFILE 127.0.0.1:5432 - Local (undefined:undefined)'), {
    code: 'EMFILE',
    syscall: 'connect',
  }),
  pgliteOutOfDescriptors(),
  dataDirOutOfDescriptors(),
];

describe('isDescriptorShortage', () => {
  it('tells a process out of file descriptors from other failures', () => {
    for (const error of shortages()) expect(isDescriptorShortage(error), error.message).toBe(true);
    const others = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new DrizzleQueryError(
        'insert into x',
        [],
        Object.assign(new Error('could not extend file: No space left on device'), {
          code: '53100',
        }),
      ),
      new Error('something else'),
    ];
    for (const error of others) expect(isDescriptorShortage(error), error.message).toBe(false);
  });
});

describe('a descriptor shortage is not a database failure', () => {
  it('isDatabaseUnavailable is false for it, wherever it happened', () => {
    for (const error of shortages())
      expect(isDatabaseUnavailable(error), error.message).toBe(false);
    // A real database failure of the same SQLSTATE class still is one.
    const diskFull = new DrizzleQueryError(
      'insert into x',
      [],
      Object.assign(new Error('could not extend file: No space left on device'), {
        code: '53100',
      }),
    );
    expect(isDatabaseUnavailable(diskFull)).toBe(true);
  });

  it('the monitor never declares the database unusable for it, and logs it throttled', async () => {
    const clock = { at: 0 };
    const onUnusable = vi.fn();
    const log = { warn: vi.fn(), error: vi.fn() };
    const errors = shortages();
    let next = 0;
    const monitor = new DatabaseMonitor({
      probe: () => Promise.reject(errors[next++ % errors.length]),
      intervalMs: 1000,
      maxFailures: 3,
      timeoutMs: 1000,
      onUnusable,
      log,
      now: () => clock.at,
    });
    // Far more failed probes, far further apart, than make a database unusable.
    for (let probe = 0; probe < 30; probe += 1) {
      expect(await monitor.check()).toBe('ok');
      clock.at += 1000;
    }
    expect(onUnusable).not.toHaveBeenCalled();
    expect(monitor.unusable).toBe(false);
    // One line per 10 s at most, each saying what it is.
    expect(log.error.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(log.error.mock.calls.length).toBeLessThanOrEqual(3);
    for (const [, message] of log.error.mock.calls) {
      expect(message).toContain('out of file descriptors');
    }

    // The monitor still declares a database that fails for real unusable.
    const down = new DatabaseMonitor({
      probe: () => Promise.reject(new Error('PGlite is closed')),
      intervalMs: 1000,
      maxFailures: 3,
      timeoutMs: 1000,
      onUnusable,
      now: () => clock.at,
    });
    for (let probe = 0; probe < 3; probe += 1) {
      await down.check();
      clock.at += 1000;
    }
    expect(onUnusable).toHaveBeenCalledTimes(1);
  });

  it('the reporter logs the first shortage at once, then one line per interval', () => {
    const clock = { at: 0 };
    const report = descriptorShortageReporter(10_000, () => clock.at);
    const log = { error: vi.fn() };
    for (let second = 0; second < 25; second += 1) {
      report(log, outOfDescriptors('EMFILE', 'accept'), 'accepting a connection');
      clock.at += 1000;
    }
    expect(log.error).toHaveBeenCalledTimes(3);
    expect(log.error.mock.calls[1]?.[0]).toMatchObject({
      where: 'accepting a connection',
      failuresSinceLastReport: 9,
    });
  });
});

describe('a descriptor shortage seen through the server', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let test: TestApp;
  let failure: Error | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase();
    test = await createTestApp(handle.db, {}, {}, (app) => {
      // A request that fails where it opens a file or a socket (an upload, a pooled connection).
      app.addHook('onRequest', async () => {
        if (failure !== undefined) throw failure;
      });
    });
  });
  afterAll(async () => {
    await test.app.close();
    await handle.close();
  });

  it('a request that fails for want of descriptors answers 503 with Retry-After, not 500', async () => {
    for (const error of [outOfDescriptors('EMFILE', 'open'), pgliteOutOfDescriptors()]) {
      failure = error;
      const response = await postLogin(test.app, DEMO_USERS.owner.email);
      expect(response.statusCode, error.message).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(envelopeOf(response)).toEqual({
        status: ResponseStatus.Error,
        messages: [OUT_OF_DESCRIPTORS],
        data: null,
      });
    }
    failure = undefined;
    // It was not taken for the database's failure: the health endpoint still says ok.
    const health = await test.app.inject({ method: 'GET', url: api('health') });
    expect(health.statusCode).toBe(200);
  });

  it('a failed accept (EMFILE) is logged, not an unhandled error that ends the process', () => {
    const error = outOfDescriptors('EMFILE', 'accept');
    expect(() => test.app.server.emit('error', error)).not.toThrow();
  });
});
