import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Each file's duration for the table at the end of `npm test`.
  test: { include: ['test/**/*.test.ts'], environment: 'node', reporters: ['default', '../../scripts/timings/vitest-reporter.mjs'] },
});
