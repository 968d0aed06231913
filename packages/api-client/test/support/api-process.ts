import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const API_MAIN = resolve(import.meta.dirname, '../../../../apps/api/src/main.ts');

// The API's helper, loaded by path so this package does not typecheck the API's sources.
export const freePort = async (): Promise<number> =>
  ((await import(resolve(import.meta.dirname, '../../../../apps/api/src/db/embedded-postgres.ts'))) as { freePort(): Promise<number> }).freePort();

export interface ApiProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts `node apps/api/src/main.ts` on a free port with its own data directory; resolves once /api/health answers 200. */
export async function startApiProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'reelbase-client-test-'));
  // As root, embedded PostgreSQL runs as a `postgres` user that must reach DATA_DIR/postgres.
  await chmod(dataDir, 0o755);
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [API_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // These tests sign up and upload many times from 127.0.0.1.
      ...((await import(resolve(import.meta.dirname, '../../../../apps/api/test/support/unlimited.ts'))) as { UNLIMITED: Record<string, string> }).UNLIMITED,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is shown only when the API fails to start; shutdown noise stays out of test output.
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null = null;
  const exit = new Promise<void>((r) =>
    child.once('exit', (code) => {
      exited = code ?? -1;
      r();
    }),
  );
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exit;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the API exited with code ${exited} before it was healthy:\n${log.join('')}`);
    }
    const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API did not become healthy in time:\n${log.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, dataDir, stop };
}
