#!/usr/bin/env node
// Runs a workspace script on Node.js 24 with the pinned pnpm, fetching both from the npm
// registry into .tools/ when the machine lacks them, so a fresh machine needs only Node and npm.
// Written for any Node >= 18: it is the one file that runs before Node 24 is there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

function installedVersion(pkg) {
  const file = join(tools, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

function ensureTools() {
  const wanted = [];
  const systemMajor = Number(process.versions.node.split('.')[0]);
  const nodePkg = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const needNode = systemMajor !== NODE_MAJOR;
  if (needNode && !installedVersion(nodePkg)?.startsWith(`${NODE_MAJOR}.`)) wanted.push(`${nodePkg}@${NODE_MAJOR}`);
  if (installedVersion('pnpm') !== pnpmVersion) wanted.push(`pnpm@${pnpmVersion}`);
  if (wanted.length) {
    console.log(`[toolchain] fetching ${wanted.join(', ')} from the npm registry into .tools/`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    run(npm, ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...wanted]);
  }
  const nodeBin = needNode ? join(tools, 'node_modules', nodePkg, 'bin') : dirname(process.execPath);
  return { nodeBin, node: join(nodeBin, 'node'), pnpm: join(tools, 'node_modules', 'pnpm', 'bin', 'pnpm.mjs') };
}

const script = process.argv[2];
const extra = process.argv.slice(3);
const { nodeBin, node, pnpm } = ensureTools();
// A pnpm shim on PATH lets scripts call `pnpm` while our Node 24 runs it.
const shimDir = join(tools, 'bin');
const env = {
  ...process.env,
  PATH: [shimDir, nodeBin, join(root, 'node_modules', '.bin'), process.env.PATH].join(process.platform === 'win32' ? ';' : ':'),
  npm_config_nodedir: '',
};
delete env.NODE_OPTIONS;
await import('node:fs').then(({ mkdirSync, writeFileSync, chmodSync }) => {
  mkdirSync(shimDir, { recursive: true });
  const shim = join(shimDir, 'pnpm');
  writeFileSync(shim, `#!/bin/sh\nexec "${node}" "${pnpm}" "$@"\n`);
  chmodSync(shim, 0o755);
});
run(node, [pnpm, 'install', '--frozen-lockfile=' + existsSync(join(root, 'pnpm-lock.yaml')), '--reporter=append-only'], env);
if (script) run(node, [pnpm, 'run', script, ...extra], env);
