import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { describeEdges, type Edge, importCircles, importGraph, REPO, sourceFiles } from './support/import-graph.ts';

/*
 * Issue 36 item 3: imports only point down (docs/architecture.md, "Layers"). Type-only imports
 * count: they tie the files' meaning as much as a runtime import does, and the two circles this
 * test was written against were each half type-only.
 */

const SOURCES = ['apps/api/src', 'apps/web/src', 'apps/desktop/src', 'packages/api-client/src', 'packages/player/src', 'packages/ui/src'];
const graph = importGraph(SOURCES);
const edges = [...graph.values()].flat();

/** The API's layers, bottom first: a file imports its own layer's files or lower ones (see the siblings rule below). */
const API_LAYERS: { name: string; holds: string[] }[] = [
  { name: 'settings', holds: ['config.ts'] },
  { name: 'ground', holds: ['db/', 'storage/', 'media/', 'images/', 'imports/'] },
  { name: 'plumbing', holds: ['http/', 'queue/', 'mail/', 'jwt-secret.ts'] },
  { name: 'modules', holds: ['modules/'] },
  { name: 'jobs', holds: ['jobs/'] },
  { name: 'composition', holds: ['core.ts', 'server.ts', 'viewers.ts', 'video-details.ts', 'showcases.ts', 'domains.ts', 'review.ts', 'captions.ts', 'captions-engine.ts', 'audio-tracks.ts', 'main.ts', 'worker.ts'] },
];
/** What every layer above the ground may throw although it sits in a sibling. */
const SHARED_SIBLINGS = ['http/errors.ts'];

const API = 'apps/api/src/';
/** The layer and the part (top-level folder or file) of an API source file. */
function apiPlace(file: string): { layer: number; part: string } | undefined {
  const rel = file.slice(API.length);
  for (const [layer, { holds }] of API_LAYERS.entries()) {
    const part = holds.find((p) => (p.endsWith('/') ? rel.startsWith(p) : rel === p));
    if (part) return { layer, part };
  }
  return undefined;
}

/** The imports inside apps/api/src that run up the layers, or sideways between two parts of the ground or the plumbing. */
function upwardImports(all: Edge[]): Edge[] {
  return all.filter((e) => {
    if (!e.from.startsWith(API) || !e.to.startsWith(API)) return false;
    const from = apiPlace(e.from);
    const to = apiPlace(e.to);
    if (!from || !to) return true;
    if (to.layer > from.layer) return true;
    const sideways = to.layer === from.layer && to.part !== from.part && ['ground', 'plumbing'].includes(API_LAYERS[from.layer].name);
    return sideways && !SHARED_SIBLINGS.includes(e.to.slice(API.length));
  });
}

const pkg = (file: string) => file.split('/').slice(0, 2).join('/');
/** Which other workspace folders each package may import: nothing of an app, and only down the packages' own order. */
const PACKAGE_MAY_IMPORT: Record<string, (to: string) => boolean> = {
  // The contract and the typed client: the bottom of ours.
  'packages/api-client': () => false,
  // The embed player reads the contract's shapes and constants, never the client (embeds stay small).
  'packages/player': (to) => to.startsWith('packages/api-client/src/contract/'),
  // The screens talk to the API through the client, and preview videos with the player.
  'packages/ui': (to) => ['packages/api-client', 'packages/player'].includes(pkg(to)),
};

/** Imports from a package to an app, or to a package it must not know. */
function packageViolations(all: Edge[]): Edge[] {
  return all.filter((e) => {
    const from = pkg(e.from);
    const may = PACKAGE_MAY_IMPORT[from];
    return may !== undefined && pkg(e.to) !== from && !may(e.to);
  });
}

describe('imports only point down', () => {
  test('the reader sees every source folder and the imports between them', () => {
    for (const dir of SOURCES) expect(sourceFiles(dir).length, dir).toBeGreaterThan(0);
    expect(edges.length).toBeGreaterThan(1500);
    expect(edges.some((e) => e.typeOnly)).toBe(true);
    expect(edges.some((e) => e.dynamic)).toBe(true);
    expect(edges.some((e) => e.to === 'packages/api-client/src/contract/constants.ts' && e.from.startsWith('packages/player/'))).toBe(true);
  });

  test('no import circle anywhere (type-only and dynamic imports count)', () => {
    const circles = importCircles(graph);
    expect(circles.map(describeEdges).join('\n\n'), `import circles:\n${circles.map(describeEdges).join('\n\n')}`).toBe('');
  });

  test('every API source file stands in a layer', () => {
    expect([...graph.keys()].filter((f) => f.startsWith(API) && !apiPlace(f))).toEqual([]);
  });

  test('in the API no import runs up the layers (nor sideways in the ground or the plumbing)', () => {
    const up = upwardImports(edges);
    expect(describeEdges(up), `imports against the layers:\n${describeEdges(up)}`).toBe('');
  });

  test('packages import no app, and only the packages below them', () => {
    const wrong = packageViolations(edges);
    expect(describeEdges(wrong), `imports a package must not make:\n${describeEdges(wrong)}`).toBe('');
  });

  test('inside the api-client the contract knows no client', () => {
    const wrong = edges.filter((e) => e.from.startsWith('packages/api-client/src/contract/') && e.to.startsWith('packages/api-client/src/client/'));
    expect(describeEdges(wrong)).toBe('');
  });
});

describe('the checks see a wrong import when there is one', () => {
  const edge = (from: string, to: string): Edge => ({ from, to, typeOnly: false, dynamic: false });

  test('a circle, also through a type-only import', () => {
    const [a, b, c] = ['x.ts', 'y.ts', 'z.ts'].map((n) => `apps/api/src/${n}`);
    expect(importCircles(new Map([[a, [edge(a, b)]], [b, [edge(b, c)]], [c, [{ ...edge(c, a), typeOnly: true }]]]))).toHaveLength(1);
    expect(importCircles(new Map([[a, [edge(a, b), edge(a, c)]], [b, [edge(b, c)]], [c, []]]))).toEqual([]);
    expect(importCircles(new Map([[a, [edge(a, a)]]]))).toHaveLength(1);
  });

  test('the layers: up, sideways and down', () => {
    const api = (p: string) => `apps/api/src/${p}`;
    const wrong = [edge(api('modules/videos/videos.service.ts'), api('jobs/process-video.ts')), edge(api('db/orm.ts'), api('modules/users/user.entity.ts')), edge(api('http/app.ts'), api('modules/access/guards.ts')), edge(api('db/orm.ts'), api('storage/storage.ts')), edge(api('queue/queue.ts'), api('mail/outbox.ts')), edge(api('nowhere/x.ts'), api('db/sql.ts'))];
    const right = [edge(api('jobs/process-video.ts'), api('modules/videos/video-view.ts')), edge(api('modules/videos/videos.service.ts'), api('queue/job-contract.ts')), edge(api('queue/queue.ts'), api('http/errors.ts')), edge(api('core.ts'), api('jobs/workers.ts')), edge(api('modules/a/x.ts'), api('modules/b/y.ts'))];
    expect(upwardImports([...wrong, ...right])).toEqual(wrong);
  });

  test('the packages', () => {
    const wrong = [edge('packages/player/src/player.ts', 'packages/api-client/src/client/api.ts'), edge('packages/api-client/src/client/api.ts', 'packages/ui/src/app.tsx'), edge('packages/ui/src/app.tsx', 'apps/web/src/main.tsx')];
    const right = [edge('packages/player/src/types.ts', 'packages/api-client/src/contract/index.ts'), edge('packages/ui/src/app.tsx', 'packages/player/src/index.ts'), edge('apps/web/src/main.tsx', 'packages/ui/src/index.ts')];
    expect(packageViolations([...wrong, ...right])).toEqual(wrong);
  });
});

describe('files that do one thing (issue 36 item 4)', () => {
  /** Written by a script from another file (their size is the contract's), not by hand. */
  const GENERATED = /\.generated\.ts$/;
  const MAX_LINES = 400;
  test(`no source file is over ${MAX_LINES} lines (generated files aside)`, () => {
    const lines = (file: string) => readFileSync(join(REPO, file), 'utf8').split('\n').length - 1;
    const long = SOURCES.flatMap(sourceFiles).filter((f) => !GENERATED.test(f) && lines(f) > MAX_LINES);
    expect(long.map((f) => `${f}: ${lines(f)} lines`)).toEqual([]);
  });
});
