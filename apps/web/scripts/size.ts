// Prints the script and style the sign-in page loads before it is interactive (what index.html
// links: the entry and its preloaded chunks), as brotli and gzip from the build's precompressed
// copies, and fails above the budget. The other screens load as their own chunks when opened.
//   node scripts/size.ts [--no-build]
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_PAGE_BUDGET_BYTES } from '../build/first-page-budget.ts';

// Issue 26's languages (Lingui's runtime, the language choice and switch, the first page's strings
// as message descriptors: +3.6 KB) fit within the budget since antd's form engine left the first
// page (build/slim-antd.ts: 184.0 KB -> 173.3 KB). German and Spanish load as chunks of their own;
// English needs nothing more.

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

if (!process.argv.includes('--no-build')) {
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const size = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
};
const rows = files.map((f) => {
  const raw = size(join(dist, f)) as number;
  return { f, raw, br: size(join(dist, `${f}.br`)) ?? raw, gz: size(join(dist, `${f}.gz`)) ?? raw };
});
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
const width = Math.max(...rows.map((r) => r.f.length));
console.log('Loaded before the sign-in page is interactive:');
for (const r of rows.sort((a, b) => b.br - a.br)) console.log(`  ${r.f.padEnd(width)}  ${kb(r.raw).padStart(9)} raw  ${kb(r.gz).padStart(8)} gzip  ${kb(r.br).padStart(8)} brotli`);
const sum = (k: 'raw' | 'br' | 'gz') => rows.reduce((s, r) => s + r[k], 0);
console.log(`total: ${kb(sum('raw'))} raw, ${kb(sum('gz'))} gzip, ${kb(sum('br'))} brotli (budget ${kb(FIRST_PAGE_BUDGET_BYTES)} brotli)`);
if (sum('br') > FIRST_PAGE_BUDGET_BYTES) {
  console.error(`FAIL: ${sum('br') - FIRST_PAGE_BUDGET_BYTES} bytes over budget`);
  process.exit(1);
}
