/**
 * The test database and app a test file runs against, opened before its tests and closed after
 * them. The file names them as it always did (`handle.db`, `test.app`, `test.clock`): the two
 * answered stand-ins read whichever database and app are open at the time.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { BuildAppOptions } from '../../../server/app';
import type { Env } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/database';
import { openTestDatabase } from './testDatabase';
import { createTestApp, type TestApp } from './testServer';

export interface TestAppOptions {
  /** A fresh app before each test (a new clock, settings read again) instead of one per file. */
  appPerTest?: boolean;
  /** Settings of the app (the environment it reads), or how to read them when the app starts. */
  env?: Env | (() => Env);
  /** What the app is built with beyond its settings (a body limit, a media directory). */
  build?: Partial<BuildAppOptions>;
}

function opened<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the test ${what} is open only in tests and hooks`);
  return value;
}

/** Registers the hooks that open and close the file's database and app; answers the stand-ins. */
export function useTestApp(options: TestAppOptions = {}): {
  handle: DatabaseHandle;
  test: TestApp;
  /**
   * Replaces the open app, for the rest of the test (or the file), with one built from these
   * settings alone (not added to the file's): the stand-ins then answer the new one.
   */
  reopenApp: (env?: Env, build?: Partial<BuildAppOptions>) => Promise<TestApp>;
} {
  let currentHandle: DatabaseHandle | undefined;
  let currentTest: TestApp | undefined;
  const db = () => opened(currentHandle, 'database');
  const app = () => opened(currentTest, 'app');
  const startApp = async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    currentTest = await createTestApp(db().db, env, options.build);
  };

  beforeAll(async () => {
    currentHandle = await openTestDatabase();
    if (options.appPerTest !== true) await startApp();
  });
  if (options.appPerTest === true) beforeEach(startApp);
  afterAll(async () => {
    // A file's own app closes with it; per-test apps are left to go with the database.
    if (options.appPerTest !== true) await currentTest?.app.close();
    await currentHandle?.close();
  });

  const handle: DatabaseHandle = {
    get db() {
      return db().db;
    },
    get kind() {
      return db().kind;
    },
    migrate: () => db().migrate(),
    close: () => db().close(),
  };
  const test: TestApp = {
    get app() {
      return app().app;
    },
    get config() {
      return app().config;
    },
    get clock() {
      return app().clock;
    },
    get mediaDir() {
      return app().mediaDir;
    },
  };
  const reopenApp = async (env?: Env, build?: Partial<BuildAppOptions>) => {
    // A file's own app is closed before it is replaced; per-test apps go with the database.
    if (options.appPerTest !== true) await currentTest?.app.close();
    currentTest = await createTestApp(db().db, env, build);
    return test;
  };
  return { handle, test, reopenApp };
}
