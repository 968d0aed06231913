// Measures the edit tools' media steps on this machine beside the bare ffmpeg command doing the
// same work, and prints the figures the README records: a trim of a 10 min H.264 file by stream
// copy, a 10 s 10 fps 480 px GIF with text (both passes; ours also writes the MP4 snippet), and
// watermarking a 60 s 1080p clip. The service's functions run as the jobs call them, without
// queue or storage.
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { resolveFfmpegPath } from '../src/media/binaries.ts';
import { fontFile } from '../src/media/fonts.ts';
import { makeGif } from '../src/media/gif.ts';
import { probe } from '../src/media/probe.ts';
import { trimVideo } from '../src/media/trim.ts';
import { burnWatermark } from '../src/media/watermark.ts';

const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH);
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-edit-'));
await chmod(dir, 0o755);
const run = (args: string[]) => {
  const r = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${args.join(' ')}`);
};
const timed = async (fn: () => unknown) => {
  const t = performance.now();
  await fn();
  return (performance.now() - t) / 1000;
};
const rows: { step: string; ours: number; bare: number; goal: string }[] = [];
const row = (r: (typeof rows)[number]) => `${r.step.padEnd(50)}${`${r.ours.toFixed(2)} s`.padEnd(10)}${`${r.bare.toFixed(2)} s`.padEnd(14)}${(r.ours / r.bare).toFixed(2).padEnd(8)}${r.goal}`;
const add = (r: (typeof rows)[number]) => {
  rows.push(r);
  console.log(row(r));
};
const opts = { timeoutMs: 30 * 60_000 };

try {
  console.log('generating a 60 s 1080p30 H.264/AAC clip, and a 10 min file of it repeated…');
  const hd = join(dir, 'clip-1080p.mp4');
  run(['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '6M', '-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', hd]);
  // Ten copies joined by stream copy: a 10 min H.264 file (450 MB) without encoding 18,000 frames.
  await writeFile(join(dir, 'ten.txt'), 'ffconcat version 1.0\n' + 'file clip-1080p.mp4\n'.repeat(10));
  const long = join(dir, 'long-1080p.mp4');
  run(['-f', 'concat', '-safe', '0', '-i', join(dir, 'ten.txt'), '-c', 'copy', long]);

  // Trim: 9 of the 10 minutes, from a keyframe (the 2 s grid), by copy.
  const longInfo = await probe(long, {});
  let plan = '';
  const trimOurs = await timed(async () => {
    plan = (await trimVideo(long, join(dir, 'trim'), longInfo, { startSec: 30, endSec: 570 }, opts)).plan.method;
  });
  if (plan !== 'copy') throw new Error(`the trim was not a copy (${plan})`);
  const trimBare = await timed(() => run(['-ss', '30', '-i', long, '-t', '540', '-map', '0', '-c', 'copy', join(dir, 'trim-bare.mp4')]));
  add({ step: 'trim 10 min H.264 by copy', ours: trimOurs, bare: trimBare, goal: 'under 1 s' });

  // GIF: 10 s at 10 fps, 480 px wide, with text.
  const text = { text: 'Summer sale', color: '#ffffff', fontFamily: 'Roboto' as const, fontWeight: 700 as const, fontSize: 36, x: 0.1, y: 0.1 };
  const gifOurs = await timed(() => makeGif(long, join(dir, 'gif'), { startSec: 60, durationSec: 10, fps: 10, size: '480:-1', text }, opts));
  const font = fontFile('Roboto', 700);
  const filters = `fps=10,scale=480:-1:flags=lanczos,drawtext=fontfile=${font}:text='Summer sale':fontsize=36:fontcolor=white:x=w*0.1:y=h*0.1`;
  const gifBare = await timed(() => {
    run(['-ss', '60', '-t', '10', '-i', long, '-vf', `${filters},palettegen=stats_mode=diff`, join(dir, 'palette.png')]);
    run(['-ss', '60', '-t', '10', '-i', long, '-i', join(dir, 'palette.png'), '-lavfi', `${filters}[x];[x][1:v]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle`, '-loop', '0', join(dir, 'bare.gif')]);
  });
  const gifBytes = (await stat(join(dir, 'gif', 'clip.gif'))).size;
  const mp4Bytes = (await stat(join(dir, 'gif', 'clip.mp4'))).size;
  add({ step: '10 s 10 fps 480 px GIF with text (+ MP4 snippet)', ours: gifOurs, bare: gifBare, goal: 'within 1.5x' });

  // Watermark: a 240x80 PNG at the top right of a 60 s 1080p clip.
  const mark = join(dir, 'mark.png');
  await sharp({ create: { width: 240, height: 80, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.8 } } }).png().toFile(mark);
  const hdInfo = await probe(hd, {});
  const placement = { positionX: 0.8, positionY: 0.05, width: 0.125, height: 0.074, opacity: 0.7 };
  const markOurs = await timed(() => burnWatermark(hd, mark, join(dir, 'mark'), hdInfo, placement, opts));
  const markBare = await timed(() =>
    run(['-i', hd, '-i', mark, '-filter_complex', '[1:v]scale=240:80,format=rgba,colorchannelmixer=aa=0.7[m];[0:v][m]overlay=1536:54', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-c:a', 'copy', join(dir, 'mark-bare.mp4')]),
  );
  add({ step: 'watermark 60 s 1080p (burn-in encode)', ours: markOurs, bare: markBare, goal: '-' });

  console.log('\nstep                                              ours      bare ffmpeg   ratio   goal');
  for (const r of rows) console.log(row(r));
  console.log(`\nGIF ${(gifBytes / 1e6).toFixed(2)} MB, its MP4 snippet ${(mp4Bytes / 1e6).toFixed(2)} MB (${(gifBytes / mp4Bytes).toFixed(1)}x lighter)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
