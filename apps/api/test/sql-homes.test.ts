import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO, sourceFiles } from './support/import-graph.ts';

/*
 * Issue 36 item 4: a statement of SQL lives in a `<area>.queries.ts` file beside the service that
 * runs it (or under db/: migrations, the startup lock), so a table's reads and writes are found in
 * one place and a service holds only its rules.
 */

/** A string literal (quote, backtick) that opens with a statement's first words. */
const STATEMENT = /(['"`])\s*(select\s[\s\S]*?\sfrom\s|select\s+(pg_|count|exists|1\b|now\(|\$|\?)|insert\s+into\s|update\s+[a-z_]+\s+set\s|delete\s+from\s|with\s+[a-z_]+\s+as\s*\()/gi;
const HOME = /(\.queries\.ts|^apps\/api\/src\/db\/.+\.ts)$/;

function sqlOutsideHomes(files: string[]): string[] {
  return files.flatMap((file) => {
    if (HOME.test(file) || file.endsWith('.test.ts')) return [];
    const text = readFileSync(join(REPO, file), 'utf8');
    return [...text.matchAll(STATEMENT)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: ${m[0].replace(/\s+/g, ' ').slice(0, 60)}`);
  });
}

test('every SQL statement of the API is in a queries file or under db/', () => {
  expect(sqlOutsideHomes(sourceFiles('apps/api/src'))).toEqual([]);
});
