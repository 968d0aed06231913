// Measures the upload pipeline on this machine and prints the figures the README records: for a
// 60 s 1080p clip in H.264, HEVC and VP9, the time from upload end to playable and to the full
// ladder, and storage per uploaded byte, each beside the floor of bare ffmpeg commands run here
// in the same run; the quality (SSIM) and bit rate of each rung of the H.264 ladder; and the
// API's peak memory while a 1 GB file streams in; then the H.264 clip's time to playable with
// that ffmpeg in bubblewrap and without the box, side by side (BENCH_BOX_ROUNDS rounds). Beside each
// clip's ladder: the storyboard's time (issue 26; at most 10% of the ladder's).
// FFMPEG_PATH / FFPROBE_PATH choose the ffmpeg (clips are generated with the same one).
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath, resolveFfprobePath } from '../src/media/binaries.ts';
import { buildLadderArgs } from '../src/media/commands/hls.ts';
import { planLadder } from '../src/media/ladder.ts';
import { GROWING_PRESET, GROWING_SEGMENT_SECONDS, growingRung } from '../src/media/pipelines/hls.ts';
import { makeStoryboard } from '../src/media/pipelines/storyboard.ts';
import { probe } from '../src/media/probe.ts';
import { BENCH_USER, startProduct } from './product.ts';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-'));
// As root the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
await chmod(dir, 0o755);
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const run = (args: string[], cwd?: string) => {
  const r = spawnSync(ffmpeg, [...quiet, ...args], { stdio: ['ignore', 'inherit', 'pipe'], cwd });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${args.join(' ')}\n${r.stderr}`);
  return r.stderr.toString();
};
const timed = (args: string[], cwd?: string) => {
  const started = performance.now();
  run(args, cwd);
  return performance.now() - started;
};

const source = ['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '60'];
const allClips = [
  { name: 'HEVC', file: 'clip-hevc.mp4', type: 'video/mp4', encode: ['-c:v', 'libx265', '-preset', 'ultrafast', '-b:v', '4M', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'] },
  { name: 'H.264', file: 'clip-h264.mp4', type: 'video/mp4', encode: ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'] },
  { name: 'VP9', file: 'clip-vp9.webm', type: 'video/webm', encode: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-b:v', '4M', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '128k'] },
];
/** BENCH_CLIPS=H.264 (names, comma-separated) measures only those clips; all three by default. */
const chosen = process.env.BENCH_CLIPS?.split(',').map((n) => n.trim().toLowerCase());
const clips = allClips.filter((c) => !chosen || chosen.includes(c.name.toLowerCase()));
// Generated clips are kept between runs (the HEVC and VP9 encodes take minutes on two cores).
const clipDir = join(tmpdir(), 'reelbase-bench-clips-v1');
await mkdir(clipDir, { recursive: true });
// The H.264 clip is always made: the 1 GB upload is built from it.
for (const c of allClips.filter((c) => clips.includes(c) || c.name === 'H.264')) {
  if (existsSync(join(clipDir, c.file))) continue;
  console.log(`generating a 60 s 1080p30 ${c.name} clip…`);
  const temp = join(clipDir, `.${c.file}.${process.pid}.part`);
  run([...source, ...c.encode, '-f', c.file.endsWith('.webm') ? 'webm' : 'mp4', temp]);
  await rename(temp, join(clipDir, c.file));
}

/** Wall time from starting a bare ffmpeg run until `file` (relative to `cwd`) exists; the run is then stopped. */
async function timeToFile(args: string[], cwd: string, file: string): Promise<number> {
  const started = performance.now();
  const child = spawn(ffmpeg, [...quiet, ...args], { cwd, stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  for (;;) {
    if (existsSync(join(cwd, file))) break;
    if (child.exitCode !== null) throw new Error(`ffmpeg ended without writing ${file}: ${args.join(' ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  child.kill('SIGKILL');
  await exited;
  return ms;
}

/** BENCH_LADDER_FLOOR=1 also times the whole ladder as one bare ffmpeg run (as long again as the service's ladder). */
const LADDER_FLOOR = process.env.BENCH_LADDER_FLOOR === '1';

/** The floors: what bare ffmpeg needs on this machine for the same work, without the service around it. */
async function floors(file: string) {
  const info = await probe(file, { ffprobePath: process.env.FFPROBE_PATH });
  const work = join(dir, `floor-${crypto.randomUUID()}`);
  await mkdir(work);
  const remux = info.videoCodec === 'h264';
  let playableMs: number;
  if (remux) {
    playableMs = timed(['-i', file, '-c', 'copy', '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', 'remux.m3u8'], work);
  } else {
    // The first 2 s segment of the starting rung, encoded as the service does.
    const rung = growingRung(info);
    const args = ['-i', file, '-vf', `scale=${rung.width}:${rung.height}`, '-c:v', 'libx264', '-preset', GROWING_PRESET, '-b:v', `${rung.videoKbps}k`, '-force_key_frames', `expr:gte(t,n_forced*${GROWING_SEGMENT_SECONDS})`, '-c:a', 'aac'];
    // ffmpeg opens segment 1 when segment 0 is complete.
    playableMs = await timeToFile([...args, '-f', 'hls', '-hls_time', String(GROWING_SEGMENT_SECONDS), '-hls_segment_filename', 'g%d.ts', 'g.m3u8'], work, 'g1.ts');
  }
  // The whole ladder in one bare ffmpeg run (the service's own arguments), and a plain decode.
  const rungs = planLadder(info).slice(remux ? 1 : 0);
  const ladderArgs = buildLadderArgs({
    input: file,
    videoStreamIndex: info.videoStreamIndex,
    audioStreamIndex: info.audioStreamIndex,
    deinterlace: false,
    sourceFps: info.fps,
    outputs: rungs.map((rung) => ({ rung, hls: { playlist: `${rung.name}.m3u8`, segmentPattern: `${rung.name}-%d.ts` } })),
  });
  const ladderMs = LADDER_FLOOR ? timed(ladderArgs.filter((a) => !['-progress', 'pipe:1'].includes(a)), work) : null;
  const decodeMs = timed(['-i', file, '-f', 'null', '-']);
  await rm(work, { recursive: true, force: true });
  return { playableMs, ladderMs, decodeMs, remux };
}

/** A product started as `npm start` starts it, with an uploader signed in. */
async function session(dataDir: string, env: Record<string, string> = {}) {
  const { api, base, call, stop } = await startProduct(dataDir, env);
  // Access tokens expire during a long run: signed in again for each call.
  let token = '';
  let signedInAt = Number.NEGATIVE_INFINITY;
  async function freshToken() {
    if (performance.now() - signedInAt > 60_000) {
      token = (await call('POST', '/api/auth/login', { email: BENCH_USER.email, password: BENCH_USER.password })).accessToken;
      signedInAt = performance.now();
    }
    return token;
  }
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
      headers: { authorization: `Bearer ${await freshToken()}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    return { body: await res.json(), uploadEnd };
  }
  /**
   * Polls the video until `until` holds. Every `everyMs`: 25 ms for the sub-second playable figure; the
   * ladder's figure is read every 500 ms, as 40 calls a second would take CPU from the encode it times.
   */
  async function waitFor(id: string, until: (v: any) => boolean, timeoutMs: number, everyMs: number) {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const v = await call('GET', `/api/videos/${id}`, undefined, await freshToken());
      if (until(v)) return performance.now();
      if (performance.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v)}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
  return { api, call, stop, upload, waitFor };
}

const product = await session(join(dir, 'data'));
const { api, upload, waitFor } = product;

interface ClipResult {
  name: string;
  bytes: number;
  playableMs: number;
  ladderMs: number;
  storedBytes: number;
  floor: Awaited<ReturnType<typeof floors>>;
  storyboard: Awaited<ReturnType<typeof storyboardTimes>>;
}

/**
 * Issue 26: the storyboard's cost beside the ladder's: the storyboard pipeline alone on the lowest
 * rung (process-video makes it right after the ladder, so the ladder figure above includes it
 * once, with fetching the rung from storage and storing the tiles). Checks the playback answer
 * names it once the ladder is ready.
 */
async function storyboardTimes(id: string) {
  const deadline = performance.now() + 5 * 60_000;
  let info: any;
  for (;;) {
    info = await product.call('GET', `/api/playback/${id}`);
    if (info.storyboard || performance.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!info.storyboard) throw new Error(`no storyboard: ${JSON.stringify(info)}`);
  // The lowest rung on disk: the master's smallest RESOLUTION, its playlist's map.
  const hls = join(dir, 'data', 'media', 'videos', id, 'hls');
  const lines = (await readFile(join(hls, 'master.m3u8'), 'utf8')).split('\n');
  const rungs = lines.flatMap((l, i) => {
    const m = /RESOLUTION=(\d+)x(\d+)/.exec(l);
    return m ? [{ pixels: Number(m[1]) * Number(m[2]), width: Number(m[1]), height: Number(m[2]), uri: lines[i + 1] }] : [];
  });
  const low = rungs.sort((a, b) => a.pixels - b.pixels)[0];
  const playlist = join(hls, low.uri);
  const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(await readFile(playlist, 'utf8'))?.[1] as string;
  const out = join(dir, `storyboard-${id}`);
  const started = performance.now();
  const { plan } = await makeStoryboard(join(playlist, '..', map), out, { durationSec: info.durationSec, width: low.width, height: low.height }, { timeoutMs: 5 * 60_000 });
  const pipelineMs = performance.now() - started;
  await rm(out, { recursive: true, force: true });
  return { pipelineMs, rung: `${low.width}x${low.height}`, tiles: plan.tiles, intervalSec: plan.intervalSec };
}
const SSIM_SECONDS = 20;
/** SSIM (ffmpeg's ssim filter, first SSIM_SECONDS) of each rung of a video's ladder against the source scaled to the rung, with the rung's bit rate. */
async function ladderQuality(id: string, sourceFile: string) {
  const hls = join(dir, 'data', 'media', 'videos', id, 'hls');
  const master = await readFile(join(hls, 'master.m3u8'), 'utf8');
  const rows: { rung: string; kbps: number; ssim: string }[] = [];
  const lines = master.split('\n');
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const [w, h] = (/RESOLUTION=(\d+)x(\d+)/.exec(line) ?? []).slice(1).map(Number);
    const kbps = Math.round(Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0) / 1000);
    const uri = lines[i + 1];
    const log = run(['-loglevel', 'info', '-t', String(SSIM_SECONDS), '-i', join(hls, uri), '-t', String(SSIM_SECONDS), '-i', sourceFile, '-lavfi', `[1:v]scale=${w}:${h}:flags=bicubic[ref];[0:v][ref]ssim`, '-f', 'null', '-']);
    rows.push({ rung: uri.split('/')[0], kbps, ssim: /All:([\d.]+)/.exec(log)?.[1] ?? '?' });
  }
  return rows;
}
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(`machine: ${cpus().length} cores (${cpu}); ffmpeg ${ffmpeg}`);
/** Each clip's figures are printed as soon as they are measured (a loaded machine may take long). */
function printClip(r: ClipResult) {
  const floorWhat = r.floor.remux ? 'bare ffmpeg -c copy HLS remux' : 'bare ffmpeg first 2 s segment of the start rung';
  const ladderFloor = r.floor.ladderMs === null ? '' : `bare ffmpeg ladder ${seconds(r.floor.ladderMs)} s; `;
  console.log(`  ${r.name} 60 s 1080p30, ${(r.bytes / 1024 ** 2).toFixed(1)} MB (load average ${loadavg()[0].toFixed(1)}):`);
  console.log(`    upload end -> playable (isHlsReady): ${seconds(r.playableMs)} s   (floor, ${floorWhat}: ${seconds(r.floor.playableMs)} s)`);
  console.log(`    upload end -> full ladder:           ${seconds(r.ladderMs)} s = ${(r.ladderMs / 60_000).toFixed(2)}x real time   (floor: ${ladderFloor}decode alone ${seconds(r.floor.decodeMs)} s)`);
  const sb = r.storyboard;
  console.log(`    storyboard (${sb.tiles} tiles, one every ${sb.intervalSec} s, from the ${sb.rung} rung): ${seconds(sb.pipelineMs)} s = ${((sb.pipelineMs / r.ladderMs) * 100).toFixed(1)}% of the ladder's ${seconds(r.ladderMs)} s (target <= 10%)`);
  console.log(`    storage per uploaded byte:           ${(r.storedBytes / r.bytes).toFixed(2)}x (${(r.storedBytes / 1024 ** 2).toFixed(1)} MB stored, ladder included)`);
}

for (const c of clips) {
  const file = join(clipDir, c.file);
  console.log(`${c.name}: bare ffmpeg floors…`);
  const floor = await floors(file);
  console.log(`${c.name}: upload and processing…`);
  const { body: video, uploadEnd } = await upload(file, c.type);
  if (!video.id) throw new Error(`upload failed: ${JSON.stringify(video)}`);
  const playableAt = await waitFor(video.id, (v) => v.isHlsReady, 5 * 60_000, 25);
  const ladderAt = await waitFor(video.id, (v) => v.processing?.isLadderReady, 30 * 60_000, 500);
  const storyboard = await storyboardTimes(video.id);
  const storedBytes = await bytesUnder(join(dir, 'data', 'media', 'videos', video.id));
  printClip({ name: c.name, bytes: (await stat(file)).size, playableMs: playableAt - uploadEnd, ladderMs: ladderAt - uploadEnd, storedBytes, floor, storyboard });
  if (c.name !== 'H.264') continue;
  console.log(`  H.264 ladder quality (SSIM over the first ${SSIM_SECONDS} s vs the source scaled to the rung; bit rate = AVERAGE-BANDWIDTH):`);
  for (const q of await ladderQuality(video.id, file)) console.log(`    ${q.rung.padEnd(6)} ${String(q.kbps).padStart(5)} kbit/s  SSIM ${q.ssim}`);
}

/**
 * What the box costs on the way to playable: the H.264 clip uploaded in turns to this product
 * (the system's ffmpeg in bubblewrap, as `npm start` runs it) and to a second one running the
 * same ffmpeg without the box (MEDIA_SANDBOX=off and FFMPEG_PATH, as an operator may choose), each
 * upload's ladder finished before the next upload so no figure includes another's encode, and the
 * bare remux floor in each round. BENCH_BOX_ROUNDS rounds (3; 0 skips this).
 */
const BOX_ROUNDS = Number(process.env.BENCH_BOX_ROUNDS ?? 3);
if (BOX_ROUNDS > 0) {
  const file = join(clipDir, 'clip-h264.mp4');
  console.log(`H.264: boxed and unboxed, ${BOX_ROUNDS} rounds…`);
  const unboxed = await session(join(dir, 'data-unboxed'), { MEDIA_SANDBOX: 'off', FFMPEG_PATH: ffmpeg, FFPROBE_PATH: resolveFfprobePath(process.env.FFPROBE_PATH) });
  const figures = { boxed: [] as number[], unboxed: [] as number[], floor: [] as number[] };
  const loads: number[] = [];
  for (let round = 0; round < BOX_ROUNDS; round++) {
    for (const [name, p] of [['boxed', product], ['unboxed', unboxed]] as const) {
      const { body: video, uploadEnd } = await p.upload(file, 'video/mp4');
      if (!video.id) throw new Error(`upload failed: ${JSON.stringify(video)}`);
      figures[name].push((await p.waitFor(video.id, (v) => v.isHlsReady, 5 * 60_000, 25)) - uploadEnd);
      loads.push(loadavg()[0]);
      await p.waitFor(video.id, (v) => v.processing?.isLadderReady, 30 * 60_000, 500);
    }
    const work = join(dir, `floor-${round}`);
    await mkdir(work);
    figures.floor.push(timed(['-i', file, '-c', 'copy', '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', 'remux.m3u8'], work));
    await rm(work, { recursive: true, force: true });
  }
  await unboxed.stop();
  const range = (ms: number[]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return `${seconds(sorted[0])}-${seconds(sorted.at(-1) as number)} s (median ${seconds(sorted[Math.floor(sorted.length / 2)])})`;
  };
  console.log(`  H.264 upload end -> playable, ${BOX_ROUNDS} rounds (load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}), ffmpeg ${ffmpeg}:`);
  console.log(`    in bubblewrap:                 ${range(figures.boxed)}`);
  console.log(`    without the box (same ffmpeg): ${range(figures.unboxed)}`);
  console.log(`    floor, bare ffmpeg -c copy HLS remux: ${range(figures.floor)}`);
}

// 1 GB: the clip as MPEG-TS repeated (TS concatenates cleanly, so it is still one valid video).
console.log('building a 1 GB upload…');
const ts = join(dir, 'clip.ts');
run(['-i', join(clipDir, 'clip-h264.mp4'), '-c', 'copy', '-f', 'mpegts', ts]);
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
console.log(`  1 GB upload (${(bigSize / 1024 ** 3).toFixed(2)} GiB) took ${seconds(bigMs)} s; API peak RSS ${mb(peak)} MB (before: ${mb(rssBefore)} MB)`);

await product.stop();
await rm(dir, { recursive: true, force: true });
