// The Content-Security-Policy of every stored file the app serves, inline or as a download (issue 26
// item 9): KYC papers, dispute evidence, message attachments, product images. A PDF or an image opened
// from it is a sandboxed document: it runs no script, loads nothing, submits nothing, opens no window
// and has an origin of its own, so a hostile file cannot act as the signed-in user (or admin) viewing it.

/** The header's value, the one place it is written. */
export const STORED_FILE_CSP = "default-src 'none'; sandbox"
