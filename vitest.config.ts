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
  },
})
