import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Keeps everything the entry imports statically in one chunk.
 *
 * Rolldown (Vite 8) splits every module that the entry and a lazy screen both import into its
 * own small chunk; the landing page then downloads a dozen files that each compress on their
 * own (about 6 KB more gzip than the same code in one file). This plugin records, once the
 * module graph is known, which modules the entry reaches through static imports, and the
 * `codeSplitting` group below puts exactly those into the entry's chunk. Lazy screens still
 * get chunks of their own.
 */
function entryClosure(): { plugin: Plugin; has: (id: string) => boolean } {
  const reachable = new Set<string>();
  const entries = new Set<string>();
  const plugin: Plugin = {
    name: 'givedrop:entry-closure',
    apply: 'build',
    buildEnd() {
      reachable.clear();
      entries.clear();
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) entries.add(id);
      const stack = [...entries];
      while (stack.length) {
        const id = stack.pop() as string;
        if (reachable.has(id)) continue;
        reachable.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) stack.push(imported);
      }
    },
  };
  // The entry module itself (src/main.tsx, which index.html loads) stays the entry chunk.
  const isEntryModule = (id: string) => entries.has(id) || /[\\/]src[\\/]main\.tsx$/.test(id);
  return { plugin, has: (id) => reachable.has(id) && !isEntryModule(id) };
}

const closure = entryClosure();

export default defineConfig({
  plugins: [react(), closure.plugin],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', test: (id: string) => closure.has(id) }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
  },
});
