import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

export default defineConfig({
  plugins: [react()],
  test: {
    // A worker per core: Vitest's default leaves one core to its main process, which on CI's two
    // cores ran every file one after the other (the main process is mostly idle meanwhile).
    maxWorkers: availableParallelism(),
    globalSetup: ['tests/support/tempRoot.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Path records (coverage/paths/) come from this run only.
          globalSetup: ['tests/support/pathRecords.ts'],
          include: [
            'tests/machines/**/*.test.ts',
            'tests/server/**/*.test.ts',
            'tests/services/**/*.test.ts',
            'tests/app/**/*.test.ts',
            'tests/features/**/*.test.ts',
            'tests/scripts/**/*.test.ts',
            'tests/contract/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'tests/**/*.dom.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: [
            'tests/views/**/*.test.tsx',
            'tests/app/**/*.test.tsx',
            'tests/features/**/*.test.tsx',
            'tests/**/*.dom.test.ts',
          ],
          setupFiles: ['tests/support/domSetup.ts'],
          // A view test renders a screen in several states and runs axe-core on each: a few
          // seconds on a quiet machine, more when the machine is busy (CI runs on two cores).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
