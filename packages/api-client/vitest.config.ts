import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The real API in a child process (embedded PostgreSQL, short-lived access tokens).
    globalSetup: ['./test/support/global-setup.ts'],
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
