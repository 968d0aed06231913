import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

/**
 * Writes `file.br` (best quality) and `file.gz` beside every text file of the build, once, so the
 * server sends compressed bytes without compressing per request (the API and nginx pick the copy
 * by Accept-Encoding). A copy that is not smaller than the original is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'reelbase-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const raw = await readFile(path);
          if (raw.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotliAsync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gzipAsync(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${path}.br`, br);
          if (gz.length < raw.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
