// Viewers on shaped links (issue 32): the product as `npm start` runs it, a 60 s 1080p clip with its
// ladder, and Debian's Chromium on links shaped by DevTools network emulation (4G: 9 Mbit/s, 60 ms;
// 3G: 1.6 Mbit/s, 150 ms; and 9 -> 1.6 Mbit/s mid-video). Per page (embed, share page) and engine
// (default, ?engine=native, ?engine=hlsjs): clicks that never got a frame, click to first frame
// (median, p90), script and all bytes before the first frame, bytes until 10 s after it, stalls.
//   pnpm bench:viewers
// BENCH_TRIES (10), BENCH_LINKS (4g,3g,drop), BENCH_PAGES (embed,watch), BENCH_ENGINES
// (default,native,hlsjs) choose less; BENCH_VIEWPORT (1280x720) sizes the window; BENCH_DATA_DIR
// keeps the product's data (and the clip's ladder) in that folder for the next run.
// BENCH_LOG=1 prints each viewer's requests until its first frame, times from the click.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegPath } from '../src/media/binaries.ts';
import { launchChromium } from '../test/support/browser.ts';
import { startProduct } from './product.ts';
import { LINKS, type TryResult, viewerTry } from './viewers-try.ts';

const list = (name: string, all: string[]) => (process.env[name]?.split(',').map((s) => s.trim().toLowerCase()) ?? all).filter((x) => all.includes(x));
const TRIES = Number(process.env.BENCH_TRIES ?? 10);
const links = list('BENCH_LINKS', ['4g', '3g', 'drop']);
const pages = list('BENCH_PAGES', ['embed', 'watch']);
const engines = list('BENCH_ENGINES', ['default', 'native', 'hlsjs']);
const [vw, vh] = (process.env.BENCH_VIEWPORT ?? '1280x720').split('x').map(Number);
const viewport = { width: vw, height: vh };

// The clip is the one `bench:pipeline` makes (same cache folder): generated once, kept between runs.
const clipDir = join(tmpdir(), 'reelbase-bench-clips-v1');
const clip = join(clipDir, 'clip-h264.mp4');
if (!existsSync(clip)) {
  console.log('generating the 60 s 1080p30 H.264/AAC clip (testsrc2 + sine)…');
  await mkdir(clipDir, { recursive: true });
  const temp = join(clipDir, `.clip-h264.mp4.${process.pid}.part`);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '60'];
  const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'mp4', temp];
  if (spawnSync(resolveFfmpegPath(process.env.FFMPEG_PATH), [...args, ...encode], { stdio: 'inherit' }).status !== 0) throw new Error('ffmpeg failed');
  await rename(temp, clip);
}

const kept = process.env.BENCH_DATA_DIR;
const dir = kept ?? (await mkdtemp(join(tmpdir(), 'reelbase-bench-viewers-')));
await mkdir(dir, { recursive: true });
await chmod(dir, 0o755);
const product = await startProduct(join(dir, 'data'));
const browser = await launchChromium();
try {
  console.log('uploading the clip and waiting for its ladder…');
  const id = (kept && (await keptVideo(product.base, product.token))) || (await uploadAndWait(product.base, product.token, clip));
  const rungs = await rungWeights(product.base, id);
  console.log(`ladder: ${Object.entries(rungs).map(([r, w]) => `${r} ${w.height}p ${(w.bps / 1e6).toFixed(2)} Mbit/s`).join(', ')}`);
  const url = (page: string, engine: string) => `${product.base}/${page === 'embed' ? 'embed/hls' : 'watch'}/${id}${engine === 'default' ? '' : `?engine=${engine}`}`;
  const kb = (n: number) => `${(n / 1000).toFixed(0)} KB`;
  const header = (cols: string[]) => console.log(cols.join(' | '));

  for (const l of links.filter((x) => x !== 'drop') as ('4g' | '3g')[]) {
    const link = LINKS[l];
    console.log(`\n${link.name}: ${link.downMbps} Mbit/s down, ${link.latencyMs} ms; ${TRIES} viewers per row, each clicking play the moment the button shows (fresh cache, ${vw}x${vh}); goal: median <= ${l === '4g' ? '1.0' : '2.5'} s, p90 <= 1.5x median`);
    header(['page, engine (used)', 'no frame', 'first frame median', 'p90', 'script before', 'all before', 'start rung', 'bytes to 10 s (x 25 s of rung)', 'stalls (longest)']);
    for (const p of pages) {
      for (const e of engines) {
        const results: TryResult[] = [];
        for (let i = 0; i < TRIES; i++) {
          // The first viewer keeps watching 10 s: bytes and stalls.
          results.push(await viewerTry(browser, { url: url(p, e), link, viewport, frameTimeoutMs: l === '4g' ? 12_000 : 20_000, watchMs: i === 0 ? 10_500 : 0 }));
        }
        const got = results.filter((r) => r.firstFrameMs !== null);
        const times = got.map((r) => r.firstFrameMs as number).sort((a, b) => a - b);
        const q = (f: number) => (times.length ? `${(times[Math.max(0, Math.ceil(f * times.length) - 1)] / 1000).toFixed(2)} s` : '-');
        const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : 0);
        const watched = results[0];
        const used = [...new Set(results.map((r) => r.engine))].join('/');
        const dominant = Object.entries(watched.rungBytes).sort((a, b) => b[1] - a[1])[0]?.[0];
        const ratio = watched.bytesTo10s !== null && dominant && rungs[dominant] ? ` (${(watched.bytesTo10s / ((rungs[dominant].bps * 25) / 8)).toFixed(2)}x ${dominant})` : '';
        const starts = [...new Set(got.map((r) => (r.startRung && rungs[r.startRung] ? `${rungs[r.startRung].height}p` : r.startRung)))].join('/');
        header([
          `${p}, ${e} (${used})`,
          `${results.length - got.length} of ${results.length}`,
          q(0.5),
          q(0.9),
          kb(median(got.map((r) => r.scriptBytesBefore))),
          kb(median(got.map((r) => r.allBytesBefore))),
          starts || '-',
          watched.bytesTo10s === null ? '-' : `${(watched.bytesTo10s / 1e6).toFixed(2)} MB${ratio}`,
          watched.bytesTo10s === null ? '-' : `${watched.stalls.length} (${(Math.max(0, ...watched.stalls) / 1000).toFixed(1)} s)`,
        ]);
      }
    }
  }

  if (links.includes('drop')) {
    console.log(`\n9 -> 1.6 Mbit/s drop: 4G until 8 s after the first frame, then 3G, watched 30 s; goal: steps down, no stall over 1 s`);
    header(['page, engine (used)', 'first frame', 'start rung', 'rungs fetched after the drop', 'stalls (longest)']);
    for (const p of pages) {
      for (const e of engines) {
        const r = await viewerTry(browser, { url: url(p, e), link: LINKS['4g'], viewport, frameTimeoutMs: 12_000, watchMs: 30_000, dropTo: { link: LINKS['3g'], atMs: 8_000 } });
        const name = (x: string | null) => (x && rungs[x] ? `${rungs[x].height}p` : (x ?? '-'));
        header([
          `${p}, ${e} (${r.engine})`,
          r.firstFrameMs === null ? 'none' : `${(r.firstFrameMs / 1000).toFixed(2)} s`,
          name(r.startRung),
          r.rungsAfterDrop.map(name).join(' -> ') || '-',
          `${r.stalls.length} (${(Math.max(0, ...r.stalls) / 1000).toFixed(1)} s)`,
        ]);
      }
    }
  }
  console.log(`\n(${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end; loopback, Chromium's own network emulation)`);
} finally {
  await browser.close();
  await product.stop();
  if (!kept) await rm(dir, { recursive: true, force: true });
}

/** The clip uploaded by an earlier run into BENCH_DATA_DIR, once its ladder is ready. */
async function keptVideo(base: string, token: string): Promise<string | null> {
  const page = (await fetch(`${base}/api/videos`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())) as any;
  const items: any[] = page.items ?? page.videos ?? page.data ?? (Array.isArray(page) ? page : []);
  return items.find((v) => v.name === 'Viewers bench' && v.processing?.isLadderReady)?.id ?? null;
}

/** Uploads the clip (multipart, streamed) and resolves its id once the ladder is ready; public, so every page plays it. */
async function uploadAndWait(base: string, token: string, file: string): Promise<string> {
  const boundary = `----reelbase${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nViewers bench\r\n--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) controller.enqueue(new Uint8Array(chunk as Buffer));
      controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
      controller.close();
    },
  });
  const auth = { authorization: `Bearer ${token}` };
  const res = await fetch(`${base}/api/videos`, { method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, body, duplex: 'half' } as RequestInit);
  const video = (await res.json()) as { id?: string };
  if (!video.id) throw new Error(`upload failed: ${JSON.stringify(video)}`);
  for (let i = 0; ; i++) {
    const v = (await fetch(`${base}/api/videos/${video.id}`, { headers: auth }).then((r) => r.json())) as any;
    if (v.processing?.isLadderReady) return video.id;
    if (i > 1200) throw new Error(`no ladder after 10 minutes: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Each rung's folder -> its height and AVERAGE-BANDWIDTH, from the master the playback answer names. */
async function rungWeights(base: string, id: string): Promise<Record<string, { height: number; bps: number }>> {
  const info = (await fetch(`${base}/api/playback/${id}`).then((r) => r.json())) as { hlsSource: string };
  const text = await fetch(new URL(info.hlsSource, base)).then((r) => r.text());
  const out: Record<string, { height: number; bps: number }> = {};
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1]);
    const bps = Number(/AVERAGE-BANDWIDTH=(\d+)/.exec(line)?.[1] ?? /BANDWIDTH=(\d+)/.exec(line)?.[1]);
    const folder = lines[i + 1]?.split('/')[0];
    if (folder) out[folder] = { height, bps };
  });
  return out;
}
