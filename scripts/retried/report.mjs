// `node scripts/retried/report.mjs --reset` before the suites; without it, at their end: how many
// tests passed only on their retry, and which.
import { readRetried, resetRetried } from './record.mjs';

if (process.argv.includes('--reset')) {
  resetRetried();
} else {
  const retried = readRetried();
  for (const r of retried) console.log(`  passed only on retry (${r.runner}): ${r.file} > ${r.name}`);
  console.log(`${retried.length} ${retried.length === 1 ? 'test' : 'tests'} passed only on retry`);
}
