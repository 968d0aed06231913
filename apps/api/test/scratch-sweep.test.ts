import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { processScratchDir } from '../src/storage/scratch.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

/** A process that makes its scratch folder with a half-written job in it, as a worker does, and is then killed. */
async function deadWorkerFolder(root: string): Promise<string> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  const dir = processScratchDir(root, child.pid);
  await mkdir(join(dir, 'work', 'video-1'), { recursive: true });
  await writeFile(join(dir, 'work', 'video-1', 'source.mp4'), Buffer.alloc(1024));
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  return dir;
}

test('work folders and partial form uploads of processes that died are swept; those of running ones stay', async () => {
  const jobs = join(s.dataDir, 'tmp', 'jobs');
  const multipart = join(s.dataDir, 'tmp', 'multipart');
  const deadJob = await deadWorkerFolder(jobs);
  const deadUpload = await deadWorkerFolder(multipart);
  const mine = processScratchDir(jobs);
  await mkdir(join(mine, 'work', 'running'), { recursive: true });

  await s.services.sweep();
  const left = await readdir(jobs);
  expect(left).not.toContain(deadJob.split('/').pop());
  expect(left).toContain(mine.split('/').pop());
  expect(await readdir(multipart)).not.toContain(deadUpload.split('/').pop());
});

test('a reused process id does not protect a dead folder: the start time tells them apart', async () => {
  const jobs = join(s.dataDir, 'tmp', 'jobs');
  // This process's id with another start time: an earlier process that had the same id.
  const stale = join(jobs, `${process.pid}.1`);
  await mkdir(join(stale, 'work'), { recursive: true });
  await s.services.sweep();
  expect(await readdir(jobs)).not.toContain(`${process.pid}.1`);
});
