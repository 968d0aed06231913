// Where `npm test` records how long each suite and each test file took (one JSON line each), for
// the table it prints at its end (report.mjs). Figures only: nothing here fails a run.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
export const TIMINGS_FILE = join(ROOT, 'test-results', 'timings.jsonl');

/**
 * One entry: { kind: 'suite', name, seconds, files?, tests? } for a phase or a runner's whole run,
 * { kind: 'file', suite, file, seconds, tests } for a test file, { kind: 'cpu', suite, file, seconds }
 * for the CPU an API test file cost (apps/api/test/support/fresh-module-state.ts).
 */
export function recordTiming(entry) {
  mkdirSync(dirname(TIMINGS_FILE), { recursive: true });
  const e = entry.file ? { ...entry, file: relative(ROOT, entry.file) } : entry;
  appendFileSync(TIMINGS_FILE, `${JSON.stringify(e)}\n`);
}

export function readTimings() {
  let text = '';
  try {
    text = readFileSync(TIMINGS_FILE, 'utf8');
  } catch {}
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

export const resetTimings = () => rmSync(TIMINGS_FILE, { force: true });

/** The workspace package a path belongs to (apps/api, packages/ui...). */
export const suiteOf = (dir) => relative(ROOT, dir).split('/').slice(0, 2).join('/');
