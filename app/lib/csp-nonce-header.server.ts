// The request header that carries a response's CSP nonce from the Express middleware
// (security-headers.server.ts) to the renderer (entry.server.tsx) and the page cache
// (page-cache.server.ts). A module of its own so the page cache, and the benchmarks that load it
// under tsx, do not import the translated error pages of edge-refusal.server.ts.
export const CSP_NONCE_HEADER = 'x-setu-csp-nonce'
