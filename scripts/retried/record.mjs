// Where the suites' reporters write each test that passed only on its retry (one JSON line
// each), and what `npm test` prints from it at its end. The suites retry a failed test once
// (vitest `retry: 1`, Playwright `retries: 1`); such a pass is still a defect to fix at its cause.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
export const RETRIED_FILE = join(ROOT, 'test-results', 'retried.jsonl');

/** Records one test that passed only on a retry. */
export function recordRetried(entry) {
  mkdirSync(dirname(RETRIED_FILE), { recursive: true });
  appendFileSync(RETRIED_FILE, `${JSON.stringify({ ...entry, file: relative(ROOT, entry.file) })}\n`);
}

export function readRetried() {
  let text = '';
  try {
    text = readFileSync(RETRIED_FILE, 'utf8');
  } catch {}
  return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

export const resetRetried = () => rmSync(RETRIED_FILE, { force: true });
