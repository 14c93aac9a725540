// The signing secret of the e2e server (set in playwright.config.ts). Tests use it to mint a
// verification link that has already expired, as a mail left unread for more than a day would be.
export const E2E_AUTH_SECRET = 'e2e-only-secret-0d6f1c9a8b7e4f3a2c1b0e9d8c7f6a5b'
