/**
 * `npm start`: reads the environment, makes the data directory private and checks it, opens the
 * database (PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set), applies the migrations,
 * seeds the demo data on first start and listens.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { DataDirError, makeDataDirPrivate, prepareDataDir, usePrivateUmask } from './dataDir';
import { openDatabase, type DatabaseHandle } from './db/database';
import { seedDatabase } from './db/seed';
import { seedMediaFiles } from './db/seedContent';
import { MediaStorage } from './media/storage';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seedData';

function displayUrl(config: ServerConfig): string {
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

function printBanner(config: ServerConfig, handle: DatabaseHandle, seeded: boolean): void {
  const storage =
    handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const mail = config.smtpUrl
    ? 'SMTP (SMTP_URL)'
    : config.production
      ? 'not delivered (set SMTP_URL)'
      : `development outbox at ${displayUrl(config)}/api/dev/mail/page`;
  const lines = [
    `Givedrop is running at ${displayUrl(config)}`,
    `Database: ${storage}${seeded ? ' (demo data seeded)' : ''}`,
    `Mail: ${mail}`,
    `Signup: ${config.signupRequiresActivation ? 'activation by emailed link required' : 'active at once'}`,
    '',
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...Object.values(DEMO_USERS).map((user) => `  ${user.email.padEnd(20)} ${user.description}`),
  ];
  console.log(lines.join('\n'));
}

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
  const seeded = await seedDatabase(handle.db);
  await seedMediaFiles(new MediaStorage(config.mediaDir));
  await makeDataDirPrivate(config.dataDir);
  const app = buildApp({ config, db: handle.db, logger: { level: config.logLevel } });
  closeOnSignals(app, handle);
  await app.listen({ port: config.port, host: config.host });
  printBanner(config, handle, seeded);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
