/**
 * `npm start` (issue 34): builds the app only when its inputs changed since the last build
 * (scripts/buildStamp.ts), with the build's listing of assets written to reports/build.log
 * instead of the terminal (`npm start -- --verbose` shows it), then starts the server, whose
 * banner is the short summary: the URL, where the data lives, the mail, the demo logins.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, inputsHash, writeStamp } from './buildStamp';

const root = process.cwd();
const dist = path.join(root, 'dist');
const logFile = path.join(root, 'reports', 'build.log');
const verbose = process.argv.includes('--verbose');

/** Runs `npm run build`, its output to the log (and the terminal with --verbose). */
function build(): Promise<number> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        log.write(chunk);
        if (verbose) process.stdout.write(chunk);
      });
    }
    child.on('error', reject);
    child.on('close', (code) => log.end(() => resolve(code ?? 1)));
  });
}

async function main(): Promise<void> {
  const hash = inputsHash(root);
  if (buildIsCurrent(dist, hash)) {
    console.log('Build: up to date (no source changed since the last build).');
  } else {
    console.log(
      `Building the app (a minute or so; the full listing goes to ${path.relative(root, logFile)})...`,
    );
    const started = Date.now();
    const code = await build();
    if (code !== 0) {
      console.error(`The build failed: see ${logFile}`);
      process.exit(code);
    }
    writeStamp(dist, hash);
    console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  // The server in this process: its banner is the summary.
  await import('../server/main');
}

await main();
