#!/usr/bin/env node
// Runs a command and prints the CPU seconds (user + system) its whole process tree spent, by kind
// of process (Chromium's GPU, renderer and browser processes, node, PostgreSQL, ffmpeg). Linux
// only: it samples /proc every 300 ms, so processes shorter than that may be missed.
// Usage: node scripts/timings/cpu-sample.mjs <command> [args...]
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
/** [parent pid, user + system ticks] from /proc/<pid>/stat (the name may hold spaces: split after it). */
const statOf = (pid) => {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [Number(f[1]), Number(f[11]) + Number(f[12])];
};
const kindOf = (pid) => {
  const cmd = (read(`/proc/${pid}/cmdline`) ?? '').replaceAll('\0', ' ');
  if (cmd.includes('chrom')) return `chromium ${/--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser'}`;
  if (/ff(mpeg|probe)/.test(cmd)) return 'ffmpeg';
  if (cmd.includes('postgres')) return 'postgres';
  if (cmd.includes('node')) return cmd.includes('playwright') ? 'node (Playwright)' : 'node (stacks, servers, tests)';
  return cmd.split(' ')[0].split('/').pop() || '?';
};

const child = spawn(process.argv[2], process.argv.slice(3), { stdio: 'inherit' });
const seen = new Map(); // pid -> { kind, ticks }
const sample = () => {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(name);
    if (s) parents.set(Number(name), s);
  }
  const tree = new Set([child.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, [ppid]] of parents) {
      if (tree.has(pid) || !tree.has(ppid)) continue;
      tree.add(pid);
      grew = true;
    }
  }
  for (const pid of tree) {
    const s = parents.get(pid);
    if (s) seen.set(pid, { kind: seen.get(pid)?.kind ?? kindOf(pid), ticks: s[1] });
  }
};
const timer = setInterval(sample, 300);
child.on('exit', (code) => {
  clearInterval(timer);
  const byKind = new Map();
  for (const { kind, ticks } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + ticks / TICKS_PER_SECOND);
  const rows = [...byKind].sort((a, b) => b[1] - a[1]);
  for (const [kind, s] of rows) console.log(`${s.toFixed(1).padStart(8)} CPU-s  ${kind}`);
  console.log(`${rows.reduce((n, [, s]) => n + s, 0).toFixed(1).padStart(8)} CPU-s  total (sampled)`);
  process.exitCode = code ?? 1;
});
