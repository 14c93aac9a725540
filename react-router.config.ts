import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    v8_middleware: true,
  },
  // React Router's own origin check reads a list fixed at build time and answers a bare 400. The
  // root middleware (app/lib/csrf.server.ts) checks every POST instead, at run time, against
  // APP_URL and TRUSTED_ORIGINS, and refuses forged ones with a translated 403.
  allowedActionOrigins: ['**'],
} satisfies Config
