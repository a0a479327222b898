/**
 * `npm start`: reads the environment, makes the data directory private and checks it, opens the
 * database (PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set), applies the migrations,
 * seeds (the demo accounts only outside production or with SEED_DEMO) and listens.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirError, makeDataDirPrivate, prepareDataDir, usePrivateUmask } from './dataDir';
import { openDatabase, type DatabaseHandle } from './db/database';
import { seedMediaFiles } from './db/seedContent';
import { MediaStorage } from './media/storage';
import { bannerLines, seedOnStart } from './startup';

function closeOnSignals(app: FastifyInstance, handle: DatabaseHandle): void {
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} received, shutting down`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', (signal) => void close(signal));
  process.once('SIGTERM', (signal) => void close(signal));
}

async function main(): Promise<void> {
  const config = loadConfig();
  usePrivateUmask();
  await prepareDataDir(config.dataDir);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await handle.migrate();
  const seed = await seedOnStart(handle.db, config);
  if (config.seedDemo) await seedMediaFiles(new MediaStorage(config.mediaDir));
  await makeDataDirPrivate(config.dataDir);
  const app = buildApp({ config, db: handle.db, logger: { level: config.logLevel } });
  closeOnSignals(app, handle);
  await app.listen({ port: config.port, host: config.host });
  console.log(bannerLines(config, handle, seed).join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
