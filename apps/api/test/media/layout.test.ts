import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { describeEdges, importCircles, importGraph, REPO, sourceFiles } from '../support/import-graph.ts';

/*
 * Issue 25 item 6: the media builders are split by what they produce and import no circle, and
 * the shared constants sit in one leaf module.
 */

const MEDIA = resolve(import.meta.dirname, '../../src/media');
const files = sourceFiles('apps/api/src/media').map((f) => join(REPO, f));

describe('media module layout', () => {
  test('no media module imports itself back through others (test/layering.test.ts checks all of src)', () => {
    const graph = importGraph(['apps/api/src/media']);
    expect(importCircles(graph).map(describeEdges)).toEqual([]);
  });

  test('the shared constants are a leaf: constants.ts imports nothing', () => {
    expect(readFileSync(join(MEDIA, 'constants.ts'), 'utf8')).not.toMatch(/^import /m);
  });

  test('builders are split by what they produce, and the old catch-all files are gone', () => {
    const names = files.map((f) => relative(MEDIA, f));
    expect(names).toEqual(expect.arrayContaining(['commands/hls.ts', 'commands/mp4.ts', 'commands/images.ts', 'commands/text.ts', 'pipelines/hls.ts', 'pipelines/mp4.ts', 'pipelines/images.ts']));
    expect(names).not.toContain('commands.ts');
    expect(names).not.toContain('pipelines.ts');
    for (const f of files) expect(readFileSync(f, 'utf8').split('\n').length, relative(MEDIA, f)).toBeLessThan(400);
  });
});
