import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Server suites hash passwords with argon2 and browsers are heavy: two cores, two workers.
    maxWorkers: 2,
    projects: [
      {
        // The root's timeouts: on a real PostgreSQL server (.ci/run) a first migration takes a while.
        extends: true,
        test: {
          name: 'node',
          include: [
            'api/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'docs/**/*.test.ts',
          ],
          environment: 'node',
          // With TEST_DATABASE_URL (.ci/run) the server tests run on that PostgreSQL server.
          globalSetup: ['server/testing/postgres-global-setup.ts'],
        },
      },
      {
        // The same server suite on PostgreSQL (PGlite, in process): one PGlite per worker, a
        // schema per test app (server/testing/test-database.ts). .ci/run adds a real server.
        extends: true,
        test: {
          name: 'server-pglite',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // Files share their worker's modules, so a worker starts PGlite once, not per file.
          isolate: false,
        },
      },
      {
        // Every project takes the root's timeouts: vitest's 5 s / 10 s defaults are too tight on a
        // loaded two-core CI machine.
        extends: true,
        plugins: [react()],
        test: {
          name: 'site',
          include: ['site/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['site/test-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'extension',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          // Chromium present (or installed), and `npm run build` once for every file.
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          // Starting a server and Chromium beside another worker's browser takes more than
          // vitest's default 10 s on a loaded two-core CI machine (it did once).
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
