import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// The web app's Vite config. The root vitest.config.ts `web` project extends it, so it also
// carries the component-test setup.
const apiTarget = process.env.BROOK_DEV_API ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    // In development the API server runs beside Vite; same-origin /api keeps cookies simple.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
})
