import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { resolveFfmpegPath } from '../../src/media/binaries.ts';
import { mediaBoxReport } from '../../src/media/box.ts';
import { MediaProcessError, runMediaProcess } from '../../src/media/runner.ts';

// This machine has bubblewrap and prlimit (Debian packages, installed as root): the box is complete.
const sh = (script: string, cwd?: string) => runMediaProcess('/bin/sh', ['-c', script], { timeoutMs: 10_000, collectStdout: true, cwd });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reelbase-box-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('the box is complete here: bubblewrap and limits', () => {
  const report = mediaBoxReport();
  expect(report.isolation).toMatch(/^bubblewrap/);
  expect(report.limits).toEqual({ memoryBytes: 6 * 1024 ** 3, cpuSeconds: 24 * 3600 });
});

test('a media run sees none of our environment', async () => {
  process.env.REELBASE_TEST_SECRET = 'do-not-leak';
  try {
    const { stdout } = await sh('env');
    expect(stdout).not.toContain('do-not-leak');
    expect(stdout).not.toMatch(/DATABASE_URL|JWT_SECRET|S3_SECRET/);
    expect(stdout).toContain('PATH=/usr/local/bin:/usr/bin:/bin');
  } finally {
    delete process.env.REELBASE_TEST_SECRET;
  }
});

test('it runs in its own folder, with address-space and CPU limits', async () => {
  const { stdout } = await sh('pwd; grep -E "Max (address space|cpu time)" /proc/self/limits');
  expect(stdout).toMatch(/^\/tmp\/reelbase-media-/);
  expect(stdout).toMatch(/Max cpu time\s+86400\s+86400/);
  expect(stdout).toMatch(new RegExp(`Max address space\\s+${6 * 1024 ** 3}\\s+${6 * 1024 ** 3}`));
});

test('it writes only its own folders and reads nothing of the service', async () => {
  await writeFile(join(dir, 'in.txt'), 'input');
  const { stdout } = await runMediaProcess('/bin/sh', ['-c', 'cat "$1" > out.txt; ls /root /work 2>&1; touch /usr/x /etc/x 2>&1; echo done', 'sh', join(dir, 'in.txt')], {
    timeoutMs: 10_000,
    collectStdout: true,
    cwd: dir,
  });
  expect(await readFile(join(dir, 'out.txt'), 'utf8')).toBe('input');
  expect(stdout).toMatch(/ls: cannot access '\/root': No such file or directory/);
  expect(stdout).toMatch(/ls: cannot access '\/work': No such file or directory/);
  expect(stdout).toMatch(/touch: cannot touch '\/usr\/x': Read-only file system/);
  expect(stdout).toMatch(/done$/m);
});

test('ffmpeg cannot reach the network, not even loopback', async () => {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests++;
    res.end('x');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  try {
    const err = await runMediaProcess(resolveFfmpegPath(), ['-hide_banner', '-nostdin', '-i', `http://127.0.0.1:${port}/clip.mp4`, '-f', 'null', '-'], { timeoutMs: 20_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(MediaProcessError);
    expect(err.stderrTail).toMatch(/Connection refused|Network is unreachable/);
    expect(requests).toBe(0);
  } finally {
    server.close();
  }
});

test('a crash is reported as the signal that killed the tool', async () => {
  const err = await sh('kill -SEGV $$').catch((e) => e);
  expect(err).toBeInstanceOf(MediaProcessError);
  expect(err.exitSignal).toBe('SIGSEGV');
});
