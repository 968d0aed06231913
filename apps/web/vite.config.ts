import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

// The API (and its /media, /embed and /auth/refresh routes) during `dev` and `preview`.
const api = process.env.API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(['/api', '/auth', '/media', '/embed'].map((p) => [p, { target: api, changeOrigin: false, ws: false }]));

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: Number(process.env.WEB_PORT ?? 5173), proxy },
  preview: { port: Number(process.env.WEB_PORT ?? 4173), proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 400 },
});
