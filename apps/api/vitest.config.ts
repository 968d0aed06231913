import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/support/global-setup.ts'],
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each worker loads the API's modules once for all its files (about 3 CPU-seconds a file saved:
    // docs/benchmarks.md); test/support/fresh-module-state.ts puts the process-wide settings back
    // before each file and stops the servers a file left running.
    isolate: false,
    setupFiles: ['./test/support/fresh-module-state.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: files run two at a time, each on its own database.
    maxWorkers: 2,
    // One more try for a test that fails: real PostgreSQL, ffmpeg, browsers and several processes
    // share two cores, and a timing can slip under load. A test that fails twice fails the run.
    retry: 1,
    // A test that passed only on its retry is listed and counted at the end of `npm test`.
    reporters: ['default', '../../scripts/retried/vitest-reporter.mjs', '../../scripts/timings/vitest-reporter.mjs'],
  },
});
