// Measures the upload pipeline on this machine and prints the figures the README records:
// time from upload end to a playable HLS, the bare remux floor, the full ladder time, and the
// API's peak memory while a 1 GB file streams in.
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from './product.ts';

const require = createRequire(import.meta.url);
const ffmpeg: string = process.env.FFMPEG_PATH ?? require('@ffmpeg-installer/ffmpeg').path;
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-'));
// As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
await chmod(dir, 0o755);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const run = (args: string[]) => {
  const r = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${args.join(' ')}`);
};

console.log('generating a 60 s 1080p30 H.264/AAC clip…');
const clip = join(dir, 'clip-1080p.mp4');
run(['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', clip]);

const floorStart = performance.now();
run(['-i', clip, '-c', 'copy', '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', join(dir, 'floor.m3u8')]);
const floorMs = performance.now() - floorStart;

const { api, base, token, call, stop: stopApi } = await startProduct(join(dir, 'data'));

/** Streams a file as multipart without reading it into memory; resolves the upload-end time too. */
async function upload(file: string, type: string): Promise<{ body: any; uploadEnd: number }> {
  const boundary = `----reelbase${crypto.randomUUID()}`;
  let uploadEnd = 0;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nBench clip\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip"\r\nContent-Type: ${type}\r\n\r\n`;
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) controller.enqueue(new Uint8Array(chunk as Buffer));
      controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
      uploadEnd = performance.now();
      controller.close();
    },
  });
  const res = await fetch(`${base}/api/videos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { body: await res.json(), uploadEnd };
}

async function waitFor(id: string, until: (v: any) => boolean, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const v = await call('GET', `/api/videos/${id}`, undefined, token);
    if (until(v)) return performance.now();
    if (performance.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const { body: video, uploadEnd } = await upload(clip, 'video/mp4');
if (!video.id) throw new Error(`upload failed: ${JSON.stringify(video)}`);
const playableAt = await waitFor(video.id, (v) => v.isHlsReady && v.isMainReady, 60_000);
const ladderAt = await waitFor(video.id, (v) => v.processing?.isLadderReady, 30 * 60_000);
const storedBytes = await bytesUnder(join(dir, 'data', 'media', 'videos', video.id));

// 1 GB: the clip as MPEG-TS repeated (TS concatenates cleanly, so it is still one valid video).
console.log('building a 1 GB upload…');
const ts = join(dir, 'clip.ts');
run(['-i', clip, '-c', 'copy', '-f', 'mpegts', ts]);
const tsBytes = await readFile(ts);
const big = join(dir, 'big.ts');
const out = createWriteStream(big);
for (let written = 0; written < 1024 ** 3; written += tsBytes.length) if (!out.write(tsBytes)) await new Promise<void>((r) => out.once('drain', () => r()));
await new Promise<void>((r) => out.end(() => r()));
const bigSize = (await stat(big)).size;

const statusFile = `/proc/${api.pid}/status`;
const kb = async (field: string) => Number((await readFile(statusFile, 'utf8')).match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
// Writing 5 to clear_refs resets the peak (VmHWM), so the figure covers the upload alone.
if (existsSync(`/proc/${api.pid}/clear_refs`)) await writeFile(`/proc/${api.pid}/clear_refs`, '5').catch(() => {});
const rssBefore = await kb('VmRSS');
let sampledPeak = rssBefore;
const sampler = setInterval(() => void kb('VmRSS').then((v) => (sampledPeak = Math.max(sampledPeak, v))), 50);
const bigStart = performance.now();
const bigUpload = await upload(big, 'video/mp2t');
const bigMs = performance.now() - bigStart;
clearInterval(sampler);
const peak = Math.max(await kb('VmHWM'), sampledPeak);
if (!bigUpload.body.id) throw new Error(`1 GB upload failed: ${JSON.stringify(bigUpload.body)}`);

/** What storage holds for one video (local disk: DATA_DIR/media/videos/<id>). */
async function bytesUnder(folder: string) {
  let total = 0;
  for (const e of await readdir(folder, { recursive: true, withFileTypes: true })) if (e.isFile()) total += (await stat(join(e.parentPath, e.name))).size;
  return total;
}

const mb = (k: number) => (k / 1024).toFixed(0);
console.log('\nReelbase pipeline benchmark');
console.log(`  clip: 60 s 1080p30 H.264/AAC, ${((await stat(clip)).size / 1024 ** 2).toFixed(1)} MB`);
console.log(`  upload end -> isHlsReady:          ${seconds(playableAt - uploadEnd)} s`);
console.log(`  bare ffmpeg -c copy HLS remux:     ${seconds(floorMs)} s (the floor)`);
console.log(`  upload end -> full ladder ready:   ${seconds(ladderAt - uploadEnd)} s for a 60 s clip (${((ladderAt - uploadEnd) / 60_000).toFixed(2)}x real time)`);
const clipBytes = (await stat(clip)).size;
console.log(`  storage per uploaded byte:         ${(storedBytes / clipBytes).toFixed(2)}x (${(storedBytes / 1024 ** 2).toFixed(1)} MB stored for ${(clipBytes / 1024 ** 2).toFixed(1)} MB uploaded, ladder included)`);
console.log(`  1 GB upload (${(bigSize / 1024 ** 3).toFixed(2)} GiB) took ${seconds(bigMs)} s; API peak RSS ${mb(peak)} MB (before: ${mb(rssBefore)} MB)`);

await stopApi();
await rm(dir, { recursive: true, force: true });
