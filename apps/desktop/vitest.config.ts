import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The API's own setup: one PostgreSQL for the run (embedded unless DATABASE_URL is set).
    globalSetup: ['../api/test/support/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // As the API's tests: one more try for a timing that slipped on a loaded machine.
    retry: 1,
    reporters: ['default', '../../scripts/retried/vitest-reporter.mjs', '../../scripts/timings/vitest-reporter.mjs'],
  },
});
