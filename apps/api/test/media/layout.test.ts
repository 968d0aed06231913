import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

/*
 * Issue 25 item 6: the media builders are split by what they produce and import no circle, and
 * the shared constants sit in one leaf module.
 */

const MEDIA = resolve(import.meta.dirname, '../../src/media');

function mediaFiles(dir = MEDIA): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? mediaFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** Relative imports (type-only ones too) of a media file that stay inside src/media. */
function mediaImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gms)].map((m) => resolve(dirname(file), m[1])).filter((p) => p.startsWith(MEDIA));
}

/** The first import circle found, as a list of files relative to src/media, or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 'done') return null;
    if (state.get(f) === 'open') return [...stack.slice(stack.indexOf(f)), f];
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    stack.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of graph.keys()) {
    const circle = visit(f);
    if (circle) return circle.map((p) => relative(MEDIA, p));
  }
  return null;
}

describe('media module layout', () => {
  const files = mediaFiles();
  const graph = new Map(files.map((f) => [f, mediaImports(f)]));

  test('no media module imports itself back through others', () => {
    expect(findCircle(graph)).toBeNull();
  });

  test('the circle finder sees a circle when there is one', () => {
    const [a, b, c] = ['x.ts', 'y.ts', 'z.ts'].map((n) => join(MEDIA, n));
    expect(findCircle(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual(['x.ts', 'y.ts', 'z.ts', 'x.ts']);
    expect(findCircle(new Map([[a, [b, c]], [b, [c]], [c, []]]))).toBeNull();
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
