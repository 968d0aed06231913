import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * A static reader of the workspace's imports, for the layering test. The code names every file
 * it imports by a relative path with its extension, or by a workspace package's export, so a
 * pattern over the source is exact enough; no compiler needed.
 */

export const REPO = resolve(import.meta.dirname, '../../../..');

export interface Edge {
  /** Both paths from the repository's root. */
  from: string;
  to: string;
  /** `import type` / `export type`, or every name marked `type`: erased at run time. */
  typeOnly: boolean;
  /** `import('...')`: loaded when first used. */
  dynamic: boolean;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.(test|spec)\.tsx?$|\.d\.ts$/;

/** The source files under `dir` (from the repository's root), tests left out. */
export function sourceFiles(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(join(d, e.name))) : SOURCE.test(e.name) && !TEST.test(e.name) ? [join(d, e.name)] : []));
  return walk(join(REPO, dir)).map((f) => relative(REPO, f));
}

/** Where each workspace package's exports point: '@reelbase/api-client/constants' -> its file. */
function workspaceExports(): Map<string, string> {
  const map = new Map<string, string>();
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(REPO, group))) {
      const file = join(REPO, group, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; exports?: Record<string, string> };
      for (const [sub, target] of Object.entries(pkg.exports ?? {})) map.set(sub === '.' ? pkg.name : `${pkg.name}/${sub.slice(2)}`, relative(REPO, join(REPO, group, name, target)));
    }
  }
  return map;
}
const EXPORTS = workspaceExports();

// Static imports and re-exports (over several lines too), side-effect imports, dynamic imports
// and `import('...')` in type positions.
const STATIC = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gms;
const BARE = /^import\s+'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

/** What `spec` names from `file`: a path from the repository's root, or undefined for a third-party module. */
export function resolveImport(file: string, spec: string): string | undefined {
  if (spec.startsWith('.')) return relative(REPO, resolve(REPO, dirname(file), spec));
  return EXPORTS.get(spec);
}

/** The imports of one file that name a file of this repository. */
export function importsOf(file: string): Edge[] {
  const text = readFileSync(join(REPO, file), 'utf8');
  const edges: Edge[] = [];
  const add = (spec: string, typeOnly: boolean, dynamic: boolean) => {
    const to = resolveImport(file, spec);
    if (to) edges.push({ from: file, to, typeOnly, dynamic });
  };
  for (const m of text.matchAll(STATIC)) {
    const names = m[3].match(/^\{([^}]*)\}$/s)?.[1].split(',').map((n) => n.trim()).filter(Boolean);
    add(m[4], Boolean(m[2]) || (names !== undefined && names.length > 0 && names.every((n) => n.startsWith('type '))), false);
  }
  for (const m of text.matchAll(BARE)) add(m[1], false, false);
  for (const m of text.matchAll(DYNAMIC)) add(m[1], false, true);
  return edges;
}

/** Every file under `dirs` with its imports of files of this repository. */
export function importGraph(dirs: string[]): Map<string, Edge[]> {
  return new Map(dirs.flatMap(sourceFiles).map((f) => [f, importsOf(f)]));
}

/**
 * The import circles of a graph: each group of files that reach each other (a strongly connected
 * component, by Tarjan's algorithm), with the edges that tie it. Empty when there is none.
 */
export function importCircles(graph: Map<string, Edge[]>): Edge[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (f: string) => {
    index.set(f, index.size);
    low.set(f, index.get(f) as number);
    stack.push(f);
    onStack.add(f);
    for (const { to } of graph.get(f) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(f, Math.min(low.get(f) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(f, Math.min(low.get(f) as number, index.get(to) as number));
    }
    if (low.get(f) === index.get(f)) {
      const group: string[] = [];
      let g: string;
      do {
        g = stack.pop() as string;
        onStack.delete(g);
        group.push(g);
      } while (g !== f);
      const selfImport = graph.get(f)?.some((e) => e.to === f);
      if (group.length > 1 || selfImport) groups.push(group);
    }
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return groups.map((group) => group.flatMap((f) => (graph.get(f) ?? []).filter((e) => group.includes(e.to))));
}

/** One line per edge, for a failure message. */
export const describeEdges = (edges: Edge[]) => edges.map((e) => `  ${e.from} -> ${e.to}${e.typeOnly ? ' (type only)' : ''}${e.dynamic ? ' (dynamic)' : ''}`).join('\n');
