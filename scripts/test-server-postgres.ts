/**
 * npm run test:server:postgres [-- vitest arguments]: the server tests (tests/server) against
 * the PostgreSQL server TEST_DATABASE_URL points to, instead of PGlite. Each test file gets a
 * database of its own on that server, cloned from a template migrated and seeded once per run
 * (tests/server/support/testDatabase.ts). `.ci/postgres start` starts a throwaway server and
 * prints the URL to use; CI (.ci/run) does that, then runs this after `npm test`.
 */
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (url === undefined || url === '') {
  console.error(
    [
      'TEST_DATABASE_URL is not set: it names the PostgreSQL server the server tests run against.',
      'Its role needs CREATEDB; its database is only used to create and drop the test databases.',
      'A throwaway server (Debian postgresql): TEST_DATABASE_URL=$(.ci/postgres start) npm run test:server:postgres',
    ].join('\n'),
  );
  process.exit(2);
}

const host = new URL(url).host;
console.log(`Server tests against PostgreSQL at ${host} (TEST_DATABASE_URL)`);
const run = spawnSync('vitest', ['run', 'tests/server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(run.status ?? 1);
