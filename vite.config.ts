import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': new URL('./app', import.meta.url).pathname },
  },
  ssr: {
    // Native/wasm server packages stay external so their assets resolve from node_modules.
    external: ['@electric-sql/pglite', 'pg', 'nodemailer', 'better-auth', 'file-type'],
  },
})
