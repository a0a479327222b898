/**
 * npm run create-host -- EMAIL [--generate]: creates a host user in the server's database (the
 * one DATA_DIR or DATABASE_URL points to, migrated first), for a server that seeds no demo
 * accounts (production). In a terminal it asks for the password twice, without echo; with
 * --generate, or when not run in a terminal, it generates a strong one and prints it once.
 * The password follows the signup rule (MINIMUM_PASSWORD_LENGTH, a capital, a number and a
 * special character). With the embedded database (no DATABASE_URL), stop the server first:
 * PGlite's data directory takes one process at a time.
 */
import { ConfigError, loadConfig } from '../server/config';
import {
  DataDirError,
  makeDataDirPrivate,
  prepareDataDir,
  usePrivateUmask,
} from '../server/dataDir';
import { openDatabase } from '../server/db/database';
import { seedCountries, seedTopics } from '../server/db/seed';
import { DomainError } from '../server/domain/errors';
import { createHost, generatePassword } from '../server/features/identity/hosts';

const USAGE = 'Usage: npm run create-host -- EMAIL [--generate]';

interface Arguments {
  email: string;
  generate: boolean;
}

function parseArguments(args: string[]): Arguments {
  const generate = args.includes('--generate');
  const rest = args.filter((arg) => arg !== '--generate');
  const [email] = rest;
  if (email === undefined || rest.length !== 1 || email.startsWith('-')) {
    throw new ConfigError(USAGE);
  }
  return { email, generate };
}

/** Reads one line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let answer = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          done();
          reject(new Error('Cancelled.'));
          return;
        }
        if (char === '\r' || char === '\n' || char === '\u0004') {
          done();
          resolve(answer);
          return;
        }
        answer = char === '\u007f' || char === '\b' ? answer.slice(0, -1) : answer + char;
      }
    };
    const done = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    input.on('data', onData);
  });
}

async function askPassword(): Promise<string> {
  const password = await askHidden('Password for the host: ');
  if ((await askHidden('Repeat the password: ')) !== password) {
    throw new DomainError('invalid', 'The passwords do not match.');
  }
  return password;
}

async function main(): Promise<void> {
  const { email, generate } = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  const interactive = process.stdin.isTTY && !generate;
  const password = interactive
    ? await askPassword()
    : generatePassword(config.minimumPasswordLength);
  usePrivateUmask();
  await prepareDataDir(config.dataDir);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    await seedCountries(handle.db);
    await seedTopics(handle.db);
    await makeDataDirPrivate(config.dataDir);
    const created = await createHost(handle.db, {
      email,
      password,
      minimumPasswordLength: config.minimumPasswordLength,
    });
    console.log(`Host user ${created.user.email} created (handle ${created.user.handle}).`);
    if (!interactive) {
      console.log(`Its password, shown only this once: ${password}`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DomainError) console.error(error.messages.join('\n'));
  else if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof DataDirError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
