import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/*
 * The fast tier (`pnpm test:fast`): the test files that start no server, no browser and no
 * PostgreSQL (pure functions, media functions on tiny clips, the import guards against local
 * servers, the layering check). A file joins it by what it imports, so a new such file is in
 * the tier without a list to keep. Everything here also runs in the full suite (`vitest run`).
 */
const SLOW_SUPPORT = /support\/(test-server|processes|browser|payments|teams|trim|s3|template-database|global-setup)\.ts|\binject\(/;

const testFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'support' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [path] : [];
  });

const fast = testFiles('test').filter((f) => !SLOW_SUPPORT.test(readFileSync(f, 'utf8')));

// The full suite's settings, without its PostgreSQL (global setup) and with these files only.
export default defineConfig({ ...base, test: { ...base.test, globalSetup: [], include: fast } });
