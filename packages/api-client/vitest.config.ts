import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The real API in a child process (embedded PostgreSQL, short-lived access tokens).
    globalSetup: ['./test/support/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file's duration for the table at the end of `npm test`.
    reporters: ['default', '../../scripts/timings/vitest-reporter.mjs'],
  },
});
