/**
 * `npm run build`'s second step (issue 15 item 2): the start-up shell of `/`
 * (src/app/landingShell/shellDom.ts). After `vite build` has written dist/, it
 *
 * 1. renders the shells from the app's own views with react-dom/server (an SSR build of
 *    src/app/landingShell/LandingShells.tsx: the CSS modules' class names are the client
 *    build's, as both derive them from the same stylesheets);
 * 2. builds the inline script (src/app/landingShell/bootEntry.ts) into one minified IIFE;
 * 3. writes both to dist/.vite/landing-shell.json ({ markup, script }), which the server puts
 *    into the page it sends for `/` (server/http/indexPage.ts), with the script's hash in the
 *    Content-Security-Policy. dist/.vite is not served.
 *
 * It fails the build when the shells do not have what the app's first screen has (the visitor's
 * h1, the greeting's h1, the layouts' main), when a class name is not in the inlined styles of
 * dist/index.html, or when the script is larger than SCRIPT_BUDGET_BYTES.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { LANDING_SHELL_FILE } from '../server/http/indexPage';

const ROOT = resolve(import.meta.dirname, '..');
/** The build to complete: dist/, or the one named on the command line (the e2e build's dist-e2e/). */
const DIST = join(ROOT, process.argv[2] ?? 'dist');
/** The inline script, minified: it is in the page of `/`, before the first paint. */
const SCRIPT_BUDGET_BYTES = 12_000;

async function renderMarkup(): Promise<string> {
  // Inside the project, so that the bundle's imports (react, react-dom) resolve.
  const outDir = await mkdtemp(join(ROOT, 'node_modules', '.cache-landing-shell-'));
  try {
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: 'src/app/landingShell/LandingShells.tsx',
        outDir,
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: { output: { entryFileNames: 'shells.mjs' } },
      },
    });
    const module = (await import(pathToFileURL(join(outDir, 'shells.mjs')).href)) as {
      renderLandingShellMarkup(): string;
    };
    return module.renderLandingShellMarkup();
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

async function buildScript(): Promise<string> {
  const output = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: 'src/app/landingShell/bootEntry.ts',
        formats: ['iife'],
        name: 'givedropLandingShell',
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((result) =>
    result.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk'),
  );
  if (chunks.length !== 1 || !chunks[0]) throw new Error('The shell script is not one chunk');
  return chunks[0].code.trim();
}

function check(markup: string, script: string, page: string): void {
  const problems: string[] = [];
  for (const [what, found] of [
    ["the visitor's h1", /<h1 id="home-visitor-title"/.test(markup)],
    ["the greeting's h1", /<h1 class="[^"]+">\u00a0<\/h1>/.test(markup)],
    ['a main landmark in each layout', (markup.match(/<main id="main"/g) ?? []).length === 2],
  ] as const) {
    if (!found) problems.push(`the shells lack ${what}`);
  }
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  for (const [, classes = ''] of markup.matchAll(/class="([^"]*)"/g)) {
    for (const name of classes.split(/\s+/)) {
      // CSS modules' names (_local_hash_line) must be the client build's: in the page's styles.
      if (/^_\w+_\w{5}_\d+$/.test(name) && !styles.includes(`.${name}`)) {
        problems.push(`class ${name} is not in index.html's styles`);
      }
    }
  }
  if (script.includes('</script')) problems.push('the script contains </script');
  const bytes = Buffer.byteLength(script);
  if (bytes > SCRIPT_BUDGET_BYTES) {
    problems.push(`the script is ${bytes} bytes (budget ${SCRIPT_BUDGET_BYTES})`);
  }
  if (problems.length > 0) {
    throw new Error(`Landing shell:\n  ${[...new Set(problems)].join('\n  ')}`);
  }
}

async function main(): Promise<void> {
  const page = await readFile(join(DIST, 'index.html'), 'utf8');
  const [markup, script] = [await renderMarkup(), await buildScript()];
  check(markup, script, page);
  await writeFile(join(DIST, LANDING_SHELL_FILE), JSON.stringify({ markup, script }));
  console.log(
    `Landing shell: ${(markup.length / 1024).toFixed(1)} KB of markup, ` +
      `${(script.length / 1024).toFixed(1)} KB of script (${DIST}/${LANDING_SHELL_FILE})`,
  );
}

await main();
