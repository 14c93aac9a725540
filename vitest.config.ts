import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': new URL('./app', import.meta.url).pathname },
  },
  test: {
    include: ['app/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // One migrated database for the run, copied for each file (tests/global-setup.ts).
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/setup-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time even on a 2-core machine (Vitest's default there is one): the long
    // files (fuzzing, the access matrix) are CPU-bound in this process while others wait on the
    // database, and a 2-core run of the whole suite took 188 s with two workers against about 300 s
    // with one. VITEST_MAX_WORKERS overrides it (1 to debug an ordering problem).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() - 1),
  },
})
