import { defineConfig } from 'vitest/config'

// One run over every workspace: node for server/shared/e2e, jsdom for web component tests.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summaryReporter.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/desktop/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
