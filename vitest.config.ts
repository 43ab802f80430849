import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects: `npm test` runs them in turn (see package.json), the server suites
 * on every core (`--maxWorkers=100%`; vitest's default leaves one idle) and the browser suites two
 * files at a time (`--maxWorkers=2`: they wait more than they compute, and more at once made the
 * sign-in flows' waits miss on a loaded two-core machine).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          // A bound for a hang, not a timing: a test that walks six languages waits on a busy machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['faults/**/*.faults.test.ts'],
          // Real processes started, loaded and killed: bounds for a hang, not timings.
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
