import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig({
  plugins: [clientIpHeader(), tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': new URL('./app', import.meta.url).pathname },
  },
  ssr: {
    // Native/wasm server packages stay external so their assets resolve from node_modules.
    external: ['@electric-sql/pglite', 'pg', 'nodemailer', 'better-auth', 'file-type', 'sharp'],
  },
})
