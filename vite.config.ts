import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type ESTree, type HtmlTagDescriptor, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { stripMachineDescriptionsPlugin } from './scripts/stripMachineDescriptions.ts';

/** The landing route's flow entry: preloaded, and counted in the landing budget. */
export const LANDING_FLOW = /[\\/]src[\\/]features[\\/]home[\\/]index\.ts$/;

const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The modules that start the app, in the order src/main.tsx imports them: each is the root of a
 * start-up chunk (of the modules in its static graph that `only` keeps, when given), which
 * main.tsx evaluates in a task of its own (issue 4: no task over 50 ms).
 */
const startupSteps: { name: string; root: RegExp; only?: (id: string) => boolean }[] = [
  // The libraries the statecharts and services use (xstate, superstruct, ...).
  { name: 'libs', root: /[\\/]src[\\/]app[\\/]start\.ts$/, only: inNodeModules },
  { name: 'start', root: /[\\/]src[\\/]app[\\/]start\.ts$/ },
  { name: 'react', root: /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/ },
  { name: 'app', root: /[\\/]src[\\/]app[\\/]mount\.tsx$/ },
  // The landing route's flow (the home: the Drops carousel and the Posts feed), which the app
  // machine loads as soon as the configuration has arrived; every other flow loads on demand.
  { name: 'home', root: LANDING_FLOW },
];

/** A module a step needs: `all` when all its exports are (a barrel's importer took it whole). */
interface Use {
  id: string;
  all: boolean;
}

/**
 * A barrel: a module that only re-exports other modules (lucide-react's entry, one module per
 * icon). `named` maps each export to the specifier it comes from and its name there ('*': the
 * whole module, as in `export * as name from`); `star` lists the `export * from` specifiers.
 */
interface Barrel {
  named: Map<string, { source: string; name: string }>;
  star: string[];
}

const packageRoot = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;
const sideEffectFreePackages = new Map<string, boolean>();
/**
 * Whether `id` is in a package that declares `"sideEffects": false`: only then may a bundler
 * leave out the modules a barrel re-exports that nobody uses (Rolldown does), so only then may
 * the walk skip them.
 */
function sideEffectFree(id: string): boolean {
  const root = packageRoot.exec(id)?.[1];
  if (!root) return false;
  let free = sideEffectFreePackages.get(root);
  if (free === undefined) {
    try {
      const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
        sideEffects?: unknown;
      };
      free = manifest.sideEffects === false;
    } catch {
      free = false;
    }
    sideEffectFreePackages.set(root, free);
  }
  return free;
}

const exportName = (node: ESTree.ModuleExportName) =>
  node.type === 'Literal' ? node.value : node.name;
/** The name an import specifier takes from its module ('*': the namespace). */
const importedName = (specifier: ESTree.ImportDeclarationSpecifier) =>
  specifier.type === 'ImportSpecifier'
    ? exportName(specifier.imported)
    : specifier.type === 'ImportDefaultSpecifier'
      ? 'default'
      : '*';

/** What the module of `program` re-exports, or null if it does anything else (or nothing). */
function barrelOf(program: ESTree.Program | null): Barrel | null {
  if (!program) return null;
  const barrel: Barrel = { named: new Map(), star: [] };
  const imported = new Map<string, { source: string; name: string }>();
  const local: [exported: string, binding: string][] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) {
        imported.set(specifier.local.name, {
          source: statement.source.value,
          name: importedName(specifier),
        });
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      if (statement.exported) {
        barrel.named.set(exportName(statement.exported), {
          source: statement.source.value,
          name: '*',
        });
      } else {
        barrel.star.push(statement.source.value);
      }
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      for (const specifier of statement.specifiers) {
        if (statement.source) {
          barrel.named.set(exportName(specifier.exported), {
            source: statement.source.value,
            name: exportName(specifier.local),
          });
        } else {
          local.push([exportName(specifier.exported), exportName(specifier.local)]);
        }
      }
    } else if (!('directive' in statement)) {
      return null;
    }
  }
  // `import * as icons from './icons/index.mjs'; export { icons };` re-exports too.
  for (const [exported, binding] of local) {
    const from = imported.get(binding);
    if (!from) return null;
    barrel.named.set(exported, from);
  }
  return barrel.named.size || barrel.star.length ? barrel : null;
}

/**
 * The names the module of `program` imports (or re-exports) from each module, by the id that
 * `resolve` gives its specifier ('*': all of them, as in `import * as`, `export * from`).
 */
async function namesImported(
  program: ESTree.Program | null,
  resolve: (source: string) => Promise<string | null>,
): Promise<Map<string, Set<string>>> {
  const names = new Map<string, Set<string>>();
  const add = async (source: string, taken: string[]) => {
    const id = await resolve(source);
    if (!id) return;
    const set = names.get(id) ?? new Set<string>();
    for (const name of taken) set.add(name);
    names.set(id, set);
  };
  for (const statement of program?.body ?? []) {
    if (statement.type === 'ImportDeclaration') {
      await add(statement.source.value, statement.specifiers.map(importedName));
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      await add(
        statement.source.value,
        statement.specifiers.map((specifier) => exportName(specifier.local)),
      );
    } else if (statement.type === 'ExportAllDeclaration') {
      await add(statement.source.value, ['*']);
    }
  }
  return names;
}

/**
 * Puts each start-up step's static module graph into one chunk of its own.
 *
 * Left alone, Rolldown (Vite 8) would split every module that two chunks share into a small
 * chunk of its own: the landing page would download a dozen files that each compress on their
 * own (about 6 KB more gzip), and a step's chunk could pull in the next step's code and
 * evaluate it too early. This plugin records, once the module graph is known, which modules each
 * step reaches through static imports (less what the entry and the earlier steps already have),
 * and the `codeSplitting` groups below put exactly those into that step's chunk. Lazy screens
 * still get chunks of their own.
 *
 * The walk goes through a barrel (a module of a `"sideEffects": false` package that only
 * re-exports, see `barrelOf`: lucide-react's entry re-exports every icon) only to the modules
 * that provide what the step's own modules import from it, by name. Following all of a barrel's
 * imports would reach every icon that survives tree-shaking, that is every icon any screen uses,
 * and put them all in the landing route's `app` chunk. So a step's chunk has the icons its own
 * modules use, and an icon that only lazy screens use is left to Rolldown, which puts it in the
 * chunk of the screen that uses it (or in a small chunk of its own when several lazy screens
 * share it). The barrel itself goes with the step that reaches it; its group does not take the
 * unused re-exports along, as Rolldown does not count them as dependencies.
 */
function startupChunks(): {
  plugin: Plugin;
  steps: { name: string; has: (id: string) => boolean }[];
} {
  const owner = new Map<string, string>();
  const plugin: Plugin = {
    name: 'givedrop:startup-chunks',
    apply: 'build',
    async buildEnd() {
      owner.clear();
      const ids = [...this.getModuleIds()];

      const resolved = new Map<string, Promise<string | null>>();
      const resolve = (source: string, importer: string) => {
        const key = `${importer}\0${source}`;
        let id = resolved.get(key);
        if (!id) {
          id = this.resolve(source, importer).then((r) => (r && !r.external ? r.id : null));
          resolved.set(key, id);
        }
        return id;
      };
      const parse = (id: string): ESTree.Program | null => {
        const code = this.getModuleInfo(id)?.code;
        try {
          return code == null ? null : this.parse(code);
        } catch {
          return null;
        }
      };

      const barrels = new Map<string, Barrel | null>();
      const barrel = (id: string) => {
        if (!barrels.has(id)) barrels.set(id, sideEffectFree(id) ? barrelOf(parse(id)) : null);
        return barrels.get(id) ?? null;
      };
      /**
       * The modules that provide `name` of the barrel `id` (the barrels on the way included),
       * null when `id` has no such export.
       */
      const provide = async (id: string, name: string, depth = 0): Promise<Use[] | null> => {
        const exports = barrel(id);
        if (!exports || depth > 20) return null;
        const named = exports.named.get(name);
        if (named) {
          const target = await resolve(named.source, id);
          if (!target) return null;
          if (named.name === '*') return [{ id: target, all: true }];
          if (!barrel(target)) return [{ id: target, all: false }];
          return [
            { id: target, all: false },
            ...((await provide(target, named.name, depth + 1)) ?? [{ id: target, all: true }]),
          ];
        }
        if (name === 'default') return null;
        for (const source of exports.star) {
          const target = await resolve(source, id);
          if (!target) continue;
          if (barrel(target)) {
            const found = await provide(target, name, depth + 1);
            if (found) return [{ id: target, all: false }, ...found];
          } else if (this.getModuleInfo(target)?.exports.includes(name)) {
            return [{ id: target, all: false }];
          }
        }
        return null;
      };
      /** The modules a step needs once it has `use`: its imports, and what it takes from barrels. */
      const needs = async ({ id, all }: Use): Promise<Use[]> => {
        const exports = barrel(id);
        if (exports) {
          // Reached by name, a barrel needs nothing more: its importers took what they import.
          if (!all) return [];
          const sources = [
            ...[...exports.named.values()].map(({ source }) => source),
            ...exports.star,
          ];
          const targets = await Promise.all(sources.map((source) => resolve(source, id)));
          return targets.flatMap((target) => (target ? [{ id: target, all: true }] : []));
        }
        const importedIds = this.getModuleInfo(id)?.importedIds ?? [];
        if (!importedIds.some(barrel))
          return importedIds.map((imported) => ({ id: imported, all: false }));
        const names = await namesImported(parse(id), (source) => resolve(source, id));
        const uses: Use[] = [];
        for (const imported of importedIds) {
          const taken = names.get(imported);
          if (!barrel(imported)) {
            uses.push({ id: imported, all: false });
          } else if (!taken || taken.has('*')) {
            // A namespace import, or one this parse does not see (a require()): all of it.
            uses.push({ id: imported, all: true });
          } else {
            uses.push({ id: imported, all: false });
            for (const name of taken) {
              uses.push(...((await provide(imported, name)) ?? [{ id: imported, all: true }]));
            }
          }
        }
        return uses;
      };
      const closure = async (roots: string[]) => {
        const reached = new Set<string>();
        const wholeBarrels = new Set<string>();
        const stack: Use[] = roots.map((id) => ({ id, all: false }));
        while (stack.length) {
          const { id, all } = stack.pop() as Use;
          // Only a barrel needs more when taken whole than when taken by name.
          const whole = all && barrel(id) !== null;
          if (whole ? wholeBarrels.has(id) : reached.has(id)) continue;
          reached.add(id);
          if (whole) wholeBarrels.add(id);
          stack.push(...(await needs({ id, all: whole })));
        }
        return reached;
      };

      // What the entry imports statically (its global styles, Vite's preload helper) is shared
      // with later chunks: it gets a small chunk of its own, which the entry imports.
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const taken = new Set(entries);
      for (const id of await closure(entries)) {
        if (taken.has(id) || /[\\/]src[\\/]main\.tsx$/.test(id)) continue;
        taken.add(id);
        owner.set(id, 'boot');
      }
      for (const step of startupSteps) {
        for (const id of await closure(ids.filter((candidate) => step.root.test(candidate)))) {
          if (taken.has(id) || (step.only && !step.only(id))) continue;
          taken.add(id);
          owner.set(id, step.name);
        }
      }
    },
  };
  return {
    plugin,
    steps: ['boot', ...startupSteps.map(({ name }) => name)].map((name) => ({
      name,
      has: (id: string) => owner.get(id) === name,
    })),
  };
}

/**
 * index.html preloads the chunks that src/main.tsx imports step by step, so that they download
 * and compile while the earlier steps run, not one after another. Lazy screens are imported from
 * those chunks, not from the entry, and stay lazy.
 *
 * Their styles (the global styles, the screens', the home's) are put in the page itself, in one
 * `<style>` at the end of its head, in the order they were linked in, rather than linked: three
 * render-blocking requests fewer before the first render (issue 15 item 2; the CSP allows inline
 * styles). `inlined` collects them, and generateBundle takes them off the chunks' styles, so
 * that the dynamic imports do not load them again (Vite lists a chunk's styles among what its
 * import preloads; scripts/budget.ts fails the build if the entry's imports still name one). They
 * have no `url()`, which would resolve against the page's address instead of the stylesheet's:
 * the build fails if one has.
 */
function preloadStartup(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'givedrop:preload-startup',
    apply: 'build',
    // For generateBundle: after index.html is built, before Vite lists what dynamic imports load.
    enforce: 'post',
    generateBundle(_options, bundle) {
      // The styles the page carries are no longer the chunks' to load.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const file of inlined) chunk.viteMetadata?.importedCss.delete(file);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return [];
        inlined.clear();
        const tags: HtmlTagDescriptor[] = [];
        const styles: string[] = [];
        const seen = new Set<string>();
        const preload = (file: string) => {
          if (seen.has(file) || html.includes(`/${file}"`)) return;
          seen.add(file);
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
        };
        const style = (file: string) => {
          const asset = bundle[file];
          if (inlined.has(file) || asset?.type !== 'asset') return;
          const css = String(asset.source);
          if (/\burl\(/i.test(css)) throw new Error(`${file} has a url(): it cannot be inlined`);
          inlined.add(file);
          styles.push(css);
        };
        const visited = new Set<string>();
        const add = (fileName: string, preloaded = true) => {
          const chunk = bundle[fileName];
          if (visited.has(fileName) || !chunk || chunk.type !== 'chunk') return;
          visited.add(fileName);
          for (const imported of chunk.imports) add(imported, preloaded);
          if (preloaded) preload(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) style(css);
        };
        // The entry and what it imports (Vite links those itself), then the start-up steps.
        add(entry.fileName, false);
        for (const dynamic of entry.dynamicImports) add(dynamic);
        // The landing route's flow, which the app machine imports once the configuration is in:
        // the chunk that holds its entry (the 'home' step's chunk, which the import loads itself).
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => LANDING_FLOW.test(id))) {
            add(chunk.fileName);
          }
        }
        let page = html;
        for (const file of inlined) {
          const href = `/${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          page = page.replace(
            new RegExp(`\\s*<link rel="stylesheet"[^>]*href="${href}"[^>]*>`),
            '',
          );
        }
        if (styles.length > 0)
          tags.push({ tag: 'style', children: styles.join(''), injectTo: 'head' });
        return { html: page, tags };
      },
    },
  };
}

/**
 * The page's icon (public/favicon-32.png, 696 bytes) written into index.html as a data: URL: one
 * request fewer at start-up, when the browser's six connections to the site are all busy with the
 * start-up chunks and the icon's request would wait for one, and compete with the chunks for the
 * first paint. The file stays in public/ for anything that links it by name.
 */
function inlineIcon(): Plugin {
  const href = '/favicon-32.png';
  return {
    name: 'givedrop:inline-icon',
    apply: 'build',
    transformIndexHtml(html) {
      if (!html.includes(`href="${href}"`)) throw new Error(`index.html does not link ${href}`);
      const png = readFileSync(new URL(`./public${href}`, import.meta.url)).toString('base64');
      return html.replace(`href="${href}"`, `href="data:image/png;base64,${png}"`);
    },
  };
}

const startup = startupChunks();

/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file of dist/ (index.html,
 * the chunks, the styles, the public SVG), written next to it as `.br` and `.gz`: the server sends
 * the one the browser accepts (server/http/staticSite.ts) instead of compressing per request. A
 * copy that would not be smaller is not written. Not the source maps (never sent in production)
 * nor Vite's manifest (not served).
 */
const precompress = compression({
  include: /\.(?:html|js|mjs|css|json|svg|webmanifest|txt|xml)$/,
  exclude: /(?:^|[\\/])\.vite[\\/]/,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
  skipIfLargerOrEqual: true,
});

export default defineConfig({
  plugins: [
    react(),
    stripMachineDescriptionsPlugin(),
    startup.plugin,
    preloadStartup(),
    inlineIcon(),
    precompress,
  ],
  build: {
    outDir: 'dist',
    // Written for scripts/budget.ts (which lists the landing route's modules from them), but not
    // referenced from the chunks: production serves no source maps (server/http/staticSite.ts).
    sourcemap: 'hidden',
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: startup.steps.map((step, index) => ({
            name: step.name,
            test: step.has,
            priority: startup.steps.length - index,
          })),
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
  },
});
