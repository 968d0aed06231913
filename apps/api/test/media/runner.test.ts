import { describe, expect, test } from 'vitest';
import { resolveFfmpegPath } from '../../src/media/binaries.ts';
import { createProgressParser, MediaProcessError, MediaTimeoutError, runFfmpeg, runMediaProcess } from '../../src/media/runner.ts';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
/** A 30 s test pattern read at real time: runs until something stops it. */
const slow = ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=30', '-f', 'null', '-'];

describe('runner', () => {
  test('kills ffmpeg at the time limit and says so', async () => {
    const started = Date.now();
    const err = await runFfmpeg(ffmpeg, slow, { timeoutMs: 400 }).catch((e) => e);
    expect(err).toBeInstanceOf(MediaTimeoutError);
    expect(err.message).toMatch(/ffmpeg ran longer than its 400 ms limit and was killed/);
    expect(err.exitSignal).toBe('SIGKILL');
    // Stopped by the limit, not by the input's end (30 s read at real time): the load on the machine
    // may delay the kill, never by that much.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  test('an abort signal stops the run with the signal reason', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expect(runFfmpeg(ffmpeg, slow, { timeoutMs: 30_000, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(runFfmpeg(ffmpeg, slow, { timeoutMs: 30_000, signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('a failure carries the last lines ffmpeg printed', async () => {
    const err = await runFfmpeg(ffmpeg, ['-hide_banner', '-nostdin', '-i', 'file:/nonexistent/in.mp4', '-f', 'null', '-'], { timeoutMs: 10_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(MediaProcessError);
    expect(err.exitCode).toBe(1);
    expect(err.message).toMatch(/^ffmpeg failed \(exit 1\): .*No such file or directory/s);
  });

  test('progress climbs from -progress output to 1', async () => {
    const seen: number[] = [];
    const args = ['-hide_banner', '-nostdin', '-nostats', '-progress', 'pipe:1', '-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=2', '-f', 'null', '-'];
    await runFfmpeg(ffmpeg, args, { timeoutMs: 10_000, durationSec: 2, onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  test('children run at niceness 10', async () => {
    const { stdout } = await runMediaProcess('/bin/sh', ['-c', "awk '{print $19}' /proc/$$/stat"], { timeoutMs: 5_000, collectStdout: true });
    expect(stdout.trim()).toBe(String(Math.min(19, (await currentNiceness()) + 10)));
  });
});

async function currentNiceness(): Promise<number> {
  const { stdout } = await runMediaProcess('/bin/sh', ['-c', "awk '{print $19}' /proc/$$/stat"], { timeoutMs: 5_000, collectStdout: true, niceness: 0 });
  return Number(stdout.trim());
}

test('the progress parser copes with lines split across chunks', () => {
  const seen: number[] = [];
  const parse = createProgressParser(10, (f) => seen.push(f));
  parse('frame=1\nout_time_us=25');
  parse('00000\nprogress=continue\nout_time_us=N/A\nout_time_us=1000000\n');
  parse('out_time_us=5000000\nprogress=end\n');
  expect(seen).toEqual([0.25, 0.5, 1]);
});
