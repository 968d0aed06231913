import { linguiMacros } from '@reelbase/ui/vite-i18n';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { slimAntdFormContext } from './build/slim-antd.ts';

// The API (and its /media, /embed and /auth/refresh routes) during `dev` and `preview`.
const api = process.env.API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(['/api', '/auth', '/media', '/embed', '/watch', '/s/', '/oembed', '/sitemap.xml', '/sitemaps', '/robots.txt'].map((p) => [p, { target: api, changeOrigin: false, ws: false }]));

export default defineConfig({
  // Lingui's macros (the app's strings, packages/ui/src/i18n/README.md) before React's transform.
  plugins: [slimAntdFormContext(), linguiMacros(), react(), precompress()],
  server: { port: Number(process.env.WEB_PORT ?? 5173), proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The first page's chunk (its size is budgeted by scripts/size.ts) and the analytics screen's
    // charts are each about 700 KB before compression.
    chunkSizeWarningLimit: 750,
    // Everything the first page imports statically in one chunk: otherwise each lazy screen that
    // shares a few of those modules splits them into chunks of their own, and every extra file
    // costs the sign-in page a request and compresses worse.
    // inlineConst 'all': imported constants (the api-client's routes, one per operation) are written
    // where they are used instead of as a declaration each: the sign-in page's script 0.8 KB
    // smaller in brotli.
    rolldownOptions: { optimization: { inlineConst: { mode: 'all', pass: 1 } }, output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
  },
});
