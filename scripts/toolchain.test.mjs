// `npm start` and `npm test` each run scripts/toolchain.mjs, possibly under different Node versions
// and at the same time: neither may break the tools the other installed in .tools/. Run with
// `node --test scripts/` (the README's `npm test` does). npm is a stand-in on PATH that behaves as
// npm does here: it installs the packages it is given into --prefix slowly, and prunes every other
// package of that prefix (what made one run remove the other's pnpm or Node).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const work = mkdtempSync(join(tmpdir(), 'reelbase-toolchain-'));
after(() => rmSync(work, { recursive: true, force: true }));

const major = (node) => Number(spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0]);
const node24 = major(process.execPath) === 24 ? process.execPath : null;
// Another Node than 24, as a fresh machine's system Node often is (Debian 12: 18, here 20).
const otherNode = ['/usr/bin/node', '/usr/local/bin/node', '/bin/node'].find((p) => existsSync(p) && major(p) !== 24) ?? null;

const FAKE_NPM = `
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
const args = process.argv.slice(2);
const prefix = args[args.indexOf('--prefix') + 1];
const specs = args.slice(1).filter((a, i, all) => !a.startsWith('--') && all[i] !== '--prefix');
appendFileSync(process.env.FAKE_LOG, 'npm ' + specs.join(' ') + '\\n');
const modules = join(prefix, 'node_modules');
mkdirSync(modules, { recursive: true });
const names = specs.map((s) => s.slice(0, s.lastIndexOf('@')));
// npm install --no-save without a package.json prunes what it was not asked for.
for (const d of readdirSync(modules)) if (!names.includes(d)) rmSync(join(modules, d), { recursive: true, force: true });
for (const spec of specs) {
  const name = spec.slice(0, spec.lastIndexOf('@'));
  const version = spec.slice(spec.lastIndexOf('@') + 1);
  const dir = join(modules, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: version === '24' ? '24.99.0' : version }));
  await new Promise((r) => setTimeout(r, 400)); // a large download: half there for a while
  if (name === 'pnpm') writeFileSync(join(dir, 'bin', 'pnpm.mjs'), "import { appendFileSync } from 'node:fs'; appendFileSync(process.env.FAKE_LOG, 'pnpm ' + process.versions.node.split('.')[0] + ' ' + process.argv.slice(2)[0] + '\\\\n');\\n");
  else symlinkSync(process.env.FAKE_NODE24, join(dir, 'bin', 'node'));
}
`;

/** A workspace root holding only the toolchain and its package.json, with npm replaced by the stand-in. */
function fakeRoot(name) {
  const root = join(work, name);
  mkdirSync(join(root, 'scripts'), { recursive: true });
  cpSync(join(repo, 'scripts', 'toolchain.mjs'), join(root, 'scripts', 'toolchain.mjs'));
  const { devEngines } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'toolchain-test', private: true, devEngines }));
  const bin = join(root, 'fake-bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'fake-npm.mjs'), FAKE_NPM);
  writeFileSync(join(bin, 'npm'), `#!/bin/sh\nexec "${node24}" "${join(bin, 'fake-npm.mjs')}" "$@"\n`, { mode: 0o755 });
  const log = join(root, 'calls.log');
  writeFileSync(log, '');
  return { root, bin, log, calls: () => readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) };
}

/** `node scripts/toolchain.mjs` with this Node, as `npm start` or `npm test` run it; resolves its exit code. */
function toolchain(r, node) {
  const env = { ...process.env, PATH: `${r.bin}:${process.env.PATH}`, FAKE_LOG: r.log, FAKE_NODE24: node24 };
  const child = spawn(node, [join(r.root, 'scripts', 'toolchain.mjs')], { cwd: r.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

const skip = !node24 || !otherNode || process.platform === 'win32' ? 'needs Node 24 and another Node version on a POSIX system' : false;

test('one after the other under different Node versions, neither removes the tools of the other', { skip }, async () => {
  const r = fakeRoot('sequential');
  // Node 24 needs only pnpm; the other Node then needs Node 24 as well.
  assert.deepEqual(await toolchain(r, node24), { code: 0, stderr: '' });
  assert.deepEqual(await toolchain(r, otherNode), { code: 0, stderr: '' });
  // Each runs again: everything either needs is still there, so nothing is fetched again.
  assert.deepEqual(await toolchain(r, node24), { code: 0, stderr: '' });
  assert.deepEqual(await toolchain(r, otherNode), { code: 0, stderr: '' });
  const calls = r.calls();
  assert.equal(calls.filter((c) => c.startsWith('npm ')).length, 2, calls.join('\n'));
  // pnpm ran under Node 24 every time, four installs.
  assert.deepEqual(calls.filter((c) => c.startsWith('pnpm ')), ['pnpm 24 install', 'pnpm 24 install', 'pnpm 24 install', 'pnpm 24 install']);
});

test('at the same time under different Node versions, both get whole tools', { skip }, async () => {
  const r = fakeRoot('parallel');
  const results = await Promise.all([toolchain(r, node24), toolchain(r, otherNode), toolchain(r, node24)]);
  assert.deepEqual(results, [0, 1, 2].map(() => ({ code: 0, stderr: '' })));
  assert.deepEqual(r.calls().filter((c) => c.startsWith('pnpm ')), ['pnpm 24 install', 'pnpm 24 install', 'pnpm 24 install']);
  // No half-installed or temporary folder is left beside the finished ones.
  const left = spawnSync('ls', ['-A', join(r.root, '.tools')], { encoding: 'utf8' }).stdout.trim().split('\n').sort();
  assert.deepEqual(left, ['bin', `node-${process.platform}-${process.arch}-24`, `pnpm-${JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).devEngines.packageManager.version}`]);
  // The shims on PATH are whole: pnpm runs, node is Node 24.
  assert.equal(major(join(r.root, '.tools', 'bin', 'node')), 24);
});
