import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { precompressDir } from './scripts/precompress.ts'

/**
 * `npm run dev` has no Express front (server/start.mjs), so write the client address into the header
 * the auth rate limiter keys on (CLIENT_IP_HEADER in app/lib/auth.server.ts), overwriting what the
 * client sent. Without it every dev client would share one rate-limit bucket.
 */
function clientIpHeader(): Plugin {
  return {
    name: 'setu-client-ip',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        req.headers['x-setu-client-ip'] = req.socket.remoteAddress ?? 'unknown'
        // The dev server sends no CSP (Vite's HMR injects inline scripts); never echo a client's nonce.
        delete req.headers['x-setu-csp-nonce']
        next()
      })
    },
  }
}

/**
 * The browser's files, compressed once at build time at the strongest settings, beside each file as
 * `.br` and `.gz` (scripts/precompress.ts); server/start.mjs serves them as they are. Only the client
 * build: the server's own files are never sent.
 */
function precompressed(): Plugin {
  let outDir = ''
  return {
    name: 'setu-precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const written = await precompressDir(outDir)
      this.info?.(`precompressed ${written.length} files in ${path.relative(process.cwd(), outDir)}`)
    },
  }
}

/** app/modules/<m>/index.ts and index.server.ts. */
const MODULE_FACE = /[\\/]app[\\/]modules[\\/][^\\/]+[\\/]index(\.server)?\.ts$/
/** The rules module (ADR 024): constants only, so a page that needs one list does not load the others. */
const DOMAIN_RULES = /[\\/]app[\\/]domain[\\/][^\\/]+\.ts$/

export default defineConfig({
  plugins: [clientIpHeader(), tailwindcss(), reactRouter(), precompressed()],
  resolve: {
    alias: { '~': new URL('./app', import.meta.url).pathname },
  },
  ssr: {
    // Native/wasm server packages stay external so their assets resolve from node_modules.
    external: ['@electric-sql/pglite', 'pg', 'nodemailer', 'better-auth', 'file-type', 'sharp', 'pdfkit'],
  },
  build: {
    // Fonts are always files: a small one (app/fonts/inter-currency-wght-normal.woff2, 1.5 kB) would
    // otherwise be inlined as a data: URL, which the CSP's font-src 'self' refuses. Set for both builds:
    // the server's stylesheet URL must name the same file as the browser's.
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
  },
  environments: {
    // The server build stays one file: the browser's lazily loaded modules (the signed-in header, dialogs)
    // need no chunks on a server that loads everything at start, and build/server/index.js finds the
    // client build beside it (app/lib/inline-stylesheet.server.ts reads ../client/ from its own URL).
    ssr: { build: { rolldownOptions: { output: { codeSplitting: false } } } },
    client: {
      build: {
        rolldownOptions: {
          // A module's face only re-exports (ADR 027): a page that imports one name from it must not load
          // the module's other files, so the faces are free of side effects and tree-shaken through; the
          // rules module's files likewise.
          treeshake: { moduleSideEffects: (id: string) => !MODULE_FACE.test(id) && !DOMAIN_RULES.test(id) },
          output: {
            // Fewer, larger chunks for what most pages load (issue #11, at most 150 kB of JavaScript
            // per public page, `npm run bundle-size`): each chunk costs its own gzip stream and import
            // glue, and dozens of small ones cost a page about 6 kB. Only modules that the root route
            // already loads go into `framework` and `shell`; `ui` and `catalog-ui` are what many pages share.
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/ },
                {
                  name: 'shell',
                  test: /app[\\/](components[\\/](site-header|site-nav|language-switcher|deferred-dropdown-menu|use-deferred-module|ui[\\/](button|input|slot))|lib[\\/](utils|i18n|reader|csp|typed-before-hydration))\.tsx?$|node_modules[\\/](class-variance-authority|clsx)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)/,
                },
                // The icons the product page and the seller's and buyer's pages share: one stream instead of six.
                { name: 'trade-icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](shopping-cart|package-check|file-text|message-square|plus)\.mjs$/ },
                // The table primitives, the data table and its pager: one stream for the pages with tables.
                { name: 'data-table', test: /app[\\/]components[\\/](data-table|pager|ui[\\/]table)\.tsx?$/ },
                { name: 'ui', test: /app[\\/](components[\\/]ui[\\/](card|badge|alert|label|native-select)|lib[\\/]seo)\.tsx?$/ },
                // The field rules the sign-in and registration forms share with the catalog: apart from the
                // catalog's cards, so those pages do not load them (and the converted prices they carry, issue 28).
                { name: 'fields', test: /app[\\/]domain[\\/](fields|rates|currencies|unit-codes|trading-countries)\.ts$/ },
                // What the product page's purchase panel reads a quantity with (issue 28): one stream. Its cost summary
                // (with lib/decimal, which the conversion group below takes) loads after the page.
                { name: 'purchase', test: /app[\\/](domain[\\/]quantities|modules[\\/]orders[\\/]limits)\.ts$/ },
                // The converted amounts (issue 28), loaded by import() after the page: a chunk of their own.
                { name: 'conversion', test: /app[\\/](components[\\/]converted-amount|lib[\\/]conversion)\.tsx?$/ },
                {
                  name: 'catalog-ui',
                  test: /app[\\/](components[\\/]message-button|components[\\/]reader-amount|modules[\\/]catalog[\\/]components[\\/](product-image|country-label|price)|modules[\\/]products[\\/]image-paths)\.tsx?$|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]badge-check\.mjs$/,
                },
                // The product cards and their grid, for the pages that list products (home, listings, a seller's page):
                // apart from catalog-ui, which the product page loads too (issue #11; the verified badge's icon, which
                // both show, stays in catalog-ui).
                { name: 'product-cards', test: /app[\\/]modules[\\/]catalog[\\/]components[\\/](product-card|product-grid)\.tsx$/ },
                // The form composites (with the spinner they use): one stream for the sign-in pages and one file, not
                // four, in the root's preload list for its lazy profile form. Last, so the groups above keep their modules.
                { name: 'forms', test: /app[\\/]components[\\/](form-field|form-fields|form-alert|submit-button|use-checked-form)\.tsx?$/ },
              ],
            },
          },
        },
      },
    },
  },
})
