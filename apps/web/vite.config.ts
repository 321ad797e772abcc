import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { brookServiceWorker } from './src/sw/vitePlugin.ts'

// The web app's Vite config. The root vitest.config.ts `web` project extends it, so it also
// carries the component-test setup.
const apiTarget = process.env.BROOK_DEV_API ?? 'http://localhost:3000'

export default defineConfig({
  plugins: [react(), tailwindcss(), brookServiceWorker()],
  server: {
    port: 5173,
    // In development the API server runs beside Vite; same-origin /api keeps cookies simple.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Vendor code in a few long-lived chunks, so a Brook release does not re-download React.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'auth', test: /node_modules[\\/](better-auth|@better-auth|@better-fetch|better-call|nanostores|jose|defu|@noble)[\\/]/ },
            // Primitives only lazy screens use (Switch, Dialog: settings, forms, overlays; Slider: the video player;
            // the menu family: right-click and account menus, loaded on first use) stay with them.
            { name: 'ui', test: /node_modules[\\/](radix-ui|@radix-ui[\\/](?!react-switch|react-dialog|react-slider|number[\\/]|react-menu|react-dropdown-menu|react-context-menu|react-collection|react-roving-focus|react-focus-scope|react-focus-guards)|sonner|@floating-ui|zustand|@tanstack)/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
})
