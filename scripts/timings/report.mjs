// `node scripts/timings/report.mjs --reset` before the suites; without it, at their end: a table of
// the suites (each phase, and each runner's whole run inside them), the 20 slowest test files and
// the API test files that cost the most CPU.
import { readTimings, resetTimings } from './record.mjs';

const fmt = (s) => (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`);

if (process.argv.includes('--reset')) {
  resetTimings();
} else {
  const all = readTimings();
  const suites = all.filter((t) => t.kind === 'suite');
  const files = all.filter((t) => t.kind === 'file');
  if (suites.length) {
    console.log('\nWhere the time went (wall clock; the runners\' lines are inside the phase that ran them):');
    const width = Math.max(...suites.map((s) => s.name.length));
    for (const s of suites) console.log(`  ${s.name.padEnd(width)}  ${fmt(s.seconds).padStart(7)}${s.files ? `  ${s.files} files, ${s.tests} tests` : ''}`);
  }
  if (files.length) {
    console.log('\nThe 20 slowest test files (what each cost its worker):');
    const top = files.sort((a, b) => b.seconds - a.seconds).slice(0, 20);
    const width = Math.max(...top.map((f) => f.file.length));
    for (const f of top) console.log(`  ${fmt(f.seconds).padStart(7)}  ${f.file.padEnd(width)}  ${f.tests} tests`);
  }
  const cpu = all.filter((t) => t.kind === 'cpu');
  if (cpu.length) {
    const total = cpu.reduce((sum, f) => sum + f.seconds, 0);
    console.log(`\nThe 15 API test files that cost the most CPU (their worker and its ffmpeg and browsers; ${fmt(total)} for all ${cpu.length}):`);
    const top = cpu.sort((a, b) => b.seconds - a.seconds).slice(0, 15);
    const width = Math.max(...top.map((f) => f.file.length));
    for (const f of top) console.log(`  ${fmt(f.seconds).padStart(7)}  ${f.file.padEnd(width)}`);
  }
}
