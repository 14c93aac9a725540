import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS } from './scripts/chromium-flags'
import { E2E_AUTH_SECRET } from './tests/e2e/support/secret'

const PORT = Number(process.env.E2E_PORT ?? 3210)

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  // scripts/e2e-lanes.mjs runs several Playwright processes at once, each with its own output folder.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // Serves the built app (npm run test:e2e builds first) on a fresh database with the demo data.
    command: 'node tests/e2e/support/server.mjs',
    url: `http://localhost:${PORT}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      APP_URL: `http://localhost:${PORT}`,
      AUTH_RATE_LIMIT_SCALE: '100',
      // The specs create many RFQs, products and messages as the same few users: the per-account limits
      // (app/lib/action-limits.ts) stay on, 100 times higher; their own tests run at the real numbers.
      ACTION_RATE_LIMIT_SCALE: '100',
      BETTER_AUTH_SECRET: E2E_AUTH_SECRET,
      // The specs' factories in the server process (tests/e2e/support/factory-host.mjs).
      E2E_FACTORIES: '1',
    },
  },
})
