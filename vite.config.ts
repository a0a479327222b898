import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/** The landing route's flow entry: preloaded, and counted in the landing budget. */
export const LANDING_FLOW = /[\\/]src[\\/]features[\\/]home[\\/]index\.ts$/;

const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/**
 * The modules that start the app, in the order src/main.tsx imports them: each is the root of a
 * start-up chunk (of the modules in its static graph that `only` keeps, when given), which
 * main.tsx evaluates in a task of its own (issue 4: no task over 50 ms).
 */
const startupSteps: { name: string; root: RegExp; only?: (id: string) => boolean }[] = [
  // The libraries the statecharts and services use (xstate, ky, superstruct, ...).
  { name: 'libs', root: /[\\/]src[\\/]app[\\/]start\.ts$/, only: inNodeModules },
  { name: 'start', root: /[\\/]src[\\/]app[\\/]start\.ts$/ },
  { name: 'react', root: /[\\/]node_modules[\\/]react-dom[\\/]client\.js$/ },
  { name: 'app', root: /[\\/]src[\\/]app[\\/]mount\.tsx$/ },
  // The landing route's flow (the home: the Drops carousel and the Posts feed), which the app
  // machine loads as soon as the configuration has arrived; every other flow loads on demand.
  { name: 'home', root: LANDING_FLOW },
];

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
 */
function startupChunks(): {
  plugin: Plugin;
  steps: { name: string; has: (id: string) => boolean }[];
} {
  const owner = new Map<string, string>();
  const plugin: Plugin = {
    name: 'givedrop:startup-chunks',
    apply: 'build',
    buildEnd() {
      owner.clear();
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const reached = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop() as string;
          if (reached.has(id)) continue;
          reached.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
        }
        return reached;
      };
      // What the entry imports statically (its global styles, Vite's preload helper) is shared
      // with later chunks: it gets a small chunk of its own, which the entry imports.
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const taken = new Set(entries);
      for (const id of closure(entries)) {
        if (taken.has(id) || /[\\/]src[\\/]main\.tsx$/.test(id)) continue;
        taken.add(id);
        owner.set(id, 'boot');
      }
      for (const step of startupSteps) {
        for (const id of closure(ids.filter((candidate) => step.root.test(candidate)))) {
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
 * index.html preloads the chunks that src/main.tsx imports step by step (and links their
 * styles), so that they download and compile while the earlier steps run, not one after
 * another. Lazy screens are imported from those chunks, not from the entry, and stay lazy.
 */
function preloadStartup(): Plugin {
  return {
    name: 'givedrop:preload-startup',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return [];
        const tags: HtmlTagDescriptor[] = [];
        const seen = new Set<string>();
        const link = (rel: string, file: string) => {
          if (seen.has(file) || html.includes(`/${file}"`)) return;
          seen.add(file);
          tags.push({
            tag: 'link',
            attrs: { rel, crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          });
        };
        const visited = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (visited.has(fileName) || !chunk || chunk.type !== 'chunk') return;
          visited.add(fileName);
          for (const imported of chunk.imports) add(imported);
          link('modulepreload', chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) link('stylesheet', css);
        };
        for (const dynamic of entry.dynamicImports) add(dynamic);
        // The landing route's flow, which the app machine imports once the configuration is in.
        for (const chunk of Object.values(bundle)) {
          if (
            chunk.type === 'chunk' &&
            chunk.isDynamicEntry &&
            LANDING_FLOW.test(chunk.facadeModuleId ?? '')
          ) {
            add(chunk.fileName);
          }
        }
        return tags;
      },
    },
  };
}

const startup = startupChunks();

export default defineConfig({
  plugins: [react(), startup.plugin, preloadStartup()],
  build: {
    outDir: 'dist',
    sourcemap: true,
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
