/**
 * `npm start`: reads the environment, makes the data directory private and checks it, opens the
 * database (PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set), applies the migrations,
 * seeds (the demo accounts only outside production or with SEED_DEMO) and listens. It ends with a
 * bounded shutdown on SIGINT / SIGTERM, and with exit code 1 when the database stays unusable.
 */
import { buildApp } from './app';
import { checkAreaSettings } from './area';
import { areas } from './areas';
import { ConfigError, loadConfig } from './config';
import { DataDirError, makeDataDirPrivate, prepareDataDir, usePrivateUmask } from './dataDir';
import { openDatabase, type ConnectionLog } from './db/database';
import { databaseProbe } from './db/health';
import { seedMediaFiles } from './db/seedContent';
import { createShutdown, shutdownOnSignals, type Shutdown } from './lifecycle';
import { MediaStorage } from './media/storage';
import { bannerLines, seedOnStart } from './startup';
import { startWatchdog } from './watchdog';

async function main(): Promise<void> {
  const config = loadConfig();
  checkAreaSettings(areas, config.env);
  usePrivateUmask();
  await prepareDataDir(config.dataDir);
  // A lost PostgreSQL connection is logged with the app's logger once there is one (stderr before).
  let connectionLog: ConnectionLog = {
    warn: (details, message) => console.warn(message, details),
  };
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: { warn: (details, message) => connectionLog.warn(details, message) },
  });
  await handle.migrate();
  const seed = await seedOnStart(handle.db, config);
  if (config.seedDemo) await seedMediaFiles(new MediaStorage(config.mediaDir));
  await makeDataDirPrivate(config.dataDir);
  let shutdown: Shutdown = () => undefined;
  const app = buildApp({
    config,
    db: handle.db,
    logger: { level: config.logLevel },
    databaseHealth: {
      probe: databaseProbe(handle.db, handle.kind === 'pglite' ? config.dataDir : undefined),
      intervalMs: config.databaseProbeIntervalMs,
      onUnusable: (error) => {
        app.log.fatal({ err: error }, 'the database stays unusable; exiting to be restarted');
        shutdown('The database cannot be used', 1);
      },
    },
  });
  connectionLog = app.log;
  const watchdog = startWatchdog();
  shutdown = createShutdown({
    close: async () => {
      await app.close();
      await handle.close();
      watchdog.stop();
    },
  });
  shutdownOnSignals(shutdown);
  await app.listen({ port: config.port, host: config.host });
  console.log(bannerLines(config, handle, seed).join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
