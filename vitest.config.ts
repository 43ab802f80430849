import { defineConfig } from 'vitest/config';

/** One runner, four projects: `npm test` runs them in turn (see package.json). */
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
          // One file at a time: two at once on two cores (1.8x faster) made the sign-in flows' waits
          // miss on a loaded machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
