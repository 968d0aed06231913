import { defineConfig } from 'vitest/config';

// Library build of the embed entry: one ES module for the page, its stylesheet, and hls.js as a
// separate chunk that the module imports only on the hls.js path, the captions chunk (CC button
// and menu) imported only for a video with caption tracks, and the controls chunk (menus, shortcuts,
// resume) imported after the first frame or on first use.
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
      output: { chunkFileNames: (chunk) => `reelbase-${chunk.name.replace(/\.light$/, '')}-[hash].js`, minify: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.ts'],
  },
});
