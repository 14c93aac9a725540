// Flags for Debian's Chromium in this project's headless runs: Playwright (playwright.config.ts) and
// Lighthouse (scripts/lighthouse.mjs). No sandbox (CI runs as root in a container), no GPU, no QUIC,
// and none of the background traffic (component updates, sync) that would show up in a network trace.
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
