/**
 * What the server does with its database at start, after the migrations: the seed (the demo
 * accounts only where SEED_DEMO allows them) and the lines printed once it listens.
 */
import type { ServerConfig } from './config';
import type { Database, DatabaseHandle } from './db/database';
import { hasUsers, seedDatabase } from './db/seed';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seedData';

/** How to make the first host of a server that seeds no demo accounts. */
export const CREATE_HOST_HINT = [
  'No users yet: nobody can sign in. Create the first host user with',
  '  npm run create-host -- EMAIL',
  'which asks for a password (or generates one with --generate and prints it once);',
  'with the embedded database (no DATABASE_URL), stop the server while it runs.',
];

export interface SeedOutcome {
  /** The demo tenants and users were inserted by this start. */
  demoSeeded: boolean;
  /** The database has no user at all: nobody can sign in until a host is created. */
  needsFirstHost: boolean;
}

/**
 * Seeds the countries and, only when `config.seedDemo` (outside production, or SEED_DEMO=1), the
 * demo accounts with their published password and the demo content.
 */
export async function seedOnStart(
  db: Database,
  config: Pick<ServerConfig, 'seedDemo'>,
): Promise<SeedOutcome> {
  const demoSeeded = await seedDatabase(db, { demo: config.seedDemo });
  return { demoSeeded, needsFirstHost: !(await hasUsers(db)) };
}

function displayUrl(config: ServerConfig): string {
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** The lines printed once the server listens. */
export function bannerLines(
  config: ServerConfig,
  handle: Pick<DatabaseHandle, 'kind'>,
  seed: SeedOutcome,
): string[] {
  const storage =
    handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const mail = config.smtpUrl
    ? 'SMTP (SMTP_URL)'
    : config.production
      ? 'not delivered (set SMTP_URL)'
      : `development outbox at ${displayUrl(config)}/api/dev/mail/page`;
  const lines = [
    `Givedrop is running at ${displayUrl(config)}`,
    `Database: ${storage}${seed.demoSeeded ? ' (demo data seeded)' : ''}`,
    `Uploaded media: ${config.mediaDir}`,
    `Mail: ${mail}`,
    `Signup: ${config.signupRequiresActivation ? 'activation by emailed link required' : 'active at once'}`,
  ];
  if (seed.needsFirstHost) return [...lines, '', ...CREATE_HOST_HINT];
  if (!config.seedDemo) return lines;
  return [
    ...lines,
    '',
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...Object.values(DEMO_USERS).map((user) => `  ${user.email.padEnd(20)} ${user.description}`),
  ];
}
