import { defineConfig } from 'vitest/config';
import { linguiMacros } from './vite-i18n.ts';

export default defineConfig({
  plugins: [linguiMacros()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Pure helpers run in Node; files that render components opt into jsdom with a docblock.
    environment: 'node',
    setupFiles: ['./test/setup-i18n.ts'],
    testTimeout: 20_000,
    // Each file's duration for the table at the end of `npm test`.
    reporters: ['default', '../../scripts/timings/vitest-reporter.mjs'],
  },
});
