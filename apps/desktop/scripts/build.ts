// Builds the three parts Electron loads: the renderer (a static page), and the main process and
// preload as single CommonJS files (a sandboxed preload cannot be an ES module).
import { resolve } from 'node:path';
import { linguiMacros } from '@reelbase/ui/vite-i18n';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
// Binaries and Electron itself stay outside the bundles; the ffmpeg packages are unpacked from the asar.
const external = ['electron', 'electron-updater', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe', /^node:/];

await build({
  root: resolve(root, 'src/renderer'),
  base: '/',
  // The web app's favicon, one copy for both.
  publicDir: resolve(root, '../web/public'),
  // The app's strings (Lingui macros, packages/ui/src/i18n/README.md) before React's transform.
  plugins: [linguiMacros(), react()],
  logLevel: 'warn',
  build: { outDir: resolve(root, 'dist/renderer'), emptyOutDir: true, target: 'chrome130', chunkSizeWarningLimit: 3000 },
});

for (const part of ['main', 'preload']) {
  await build({
    root,
    logLevel: 'warn',
    ssr: { noExternal: true, external: ['electron', 'electron-updater', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe'] },
    build: {
      ssr: resolve(root, `src/${part}/index.ts`),
      outDir: resolve(root, `dist/${part}`),
      emptyOutDir: true,
      target: 'node22',
      rollupOptions: { external, output: { format: 'cjs', entryFileNames: 'index.cjs' } },
    },
  });
}
