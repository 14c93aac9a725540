import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    alias: { '~': new URL('./app', import.meta.url).pathname },
  },
  test: {
    include: ['app/**/*.test.ts', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    setupFiles: ['tests/setup-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // maxWorkers stays at Vitest's default, cores − 1: one worker on the 2-core CI machine. Measured on a
    // shared, loaded 2-core machine, two workers were 13–18% faster, but in one of three runs 5 of 8 files
    // failed (per-file database setup took twice as long). Try VITEST_MAX_WORKERS=2 on an idle CI run first.
  },
})
