import { defineConfig } from 'vitest/config';

// Library build of the embed entry: one ES module for the page, its stylesheet, and hls.js as a
// separate chunk that the module imports only on the hls.js path, the captions chunk (CC button
// and menu) imported only for a video with caption tracks, and the controls chunk (menus, shortcuts,
// resume) imported after the first frame or on first use. Each of those chunks brings its own styles
// (src/chunk-style.ts); the stylesheet holds only what the first frame needs.
export default defineConfig({
  build: {
    lib: {
      entry: 'src/embed.ts',
      formats: ['es'],
      fileName: () => 'reelbase-player.js',
      cssFileName: 'reelbase-player',
    },
    minify: true,
    sourcemap: false,
    rolldownOptions: {
      // hls.js's light build would be named reelbase-hls.light-*: the API and size script expect reelbase-hls-*.
      // A language's texts of the controls chunk (locales/later/de.ts) are reelbase-de-later-*.
      output: {
        chunkFileNames: (chunk) => `reelbase-${chunk.name.replace(/\.light$/, '')}${chunk.facadeModuleId?.includes('/locales/later/') ? '-later' : ''}-[hash].js`,
        minify: true,
        // The lazy chunks' two little helpers (storage, their styles) as one chunk: one request and
        // one gzip frame less on the captions path, which comes before the first frame.
        codeSplitting: { groups: [{ name: 'shared', test: /src[\\/](storage|chunk-style)\.ts$/ }] },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.ts'],
    // Each file's duration for the table at the end of `npm test`.
    reporters: ['default', '../../scripts/timings/vitest-reporter.mjs'],
  },
});
