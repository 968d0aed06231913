import { defineConfig } from 'vitest/config';

// Library build of the embed entry: one ES module for the page, its stylesheet, and hls.js as a
// separate chunk that the module imports only on the hls.js path.
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
      output: { chunkFileNames: 'reelbase-[name]-[hash].js', minify: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.ts'],
  },
});
