// Builds the embed bundle and prints what the embed page loads before the first frame, gzipped:
// on the native-HLS path (page, script, stylesheet, playback answer) and on the hls.js path
// (the same plus the lazily imported hls.js chunk). Fails when the native path exceeds the budget,
// or when any path (plain, two caption tracks, chapters and storyboard, lead form and call to
// action) does for a viewer in the heaviest language (its strings chunk on top). Prints the full
// player (every chunk) too.
// Then the same for the share page /watch/{id} (share.example.html is what the API renders for a
// public video: meta tags, JSON-LD, its style and the playback answer inline), budget 40 KB.
//   node scripts/size.ts [--no-build]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Issue 23: the embed stays at most 15 KB gzipped before its first frame; the share page at most 40 KB.
const BUDGET_BYTES = 15_000;
const SHARE_BUDGET_BYTES = 40_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

if (!process.argv.includes('--no-build')) {
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}

const files = readdirSync(dist);
const mainJs = 'reelbase-player.js';
const css = 'reelbase-player.css';
const hlsChunk = files.find((f) => /^reelbase-hls-.*\.js$/.test(f));
for (const required of [mainJs, css]) {
  if (!files.includes(required)) throw new Error(`dist/${required} is missing`);
}
if (!hlsChunk) throw new Error('dist has no hls.js chunk (reelbase-hls-*.js)');
const main = readFileSync(join(dist, mainJs), 'utf8');
// The native path must not pull any other chunk statically (only the dynamic import of hls.js).
if (/(?:^|[;}\n])\s*import\s*(?:["'`]|[\w*{][^;]*?from\s*["'`])/.test(main)) {
  throw new Error(`${mainJs} imports another chunk statically; the native-HLS path would load it`);
}
// The captions chunk loads only for a video with tracks, after the player is up; the controls chunk
// (speed and quality menus, shortcuts, resume) after the first frame or on first use; chunks they
// share (e.g. storage) with them. None of them is loaded before the first frame.
const captionsChunk = files.find((f) => /^reelbase-captions-.*\.js$/.test(f));
if (!captionsChunk) throw new Error('dist has no captions chunk (reelbase-captions-*.js)');
// Issue 27: the lead form and the call to action load only for a video that has them on (and share a small helper chunk).
// (lead-constants: the zod-free constants the lead form shares with the sessions chunk.)
const engageChunks = ['lead-form', 'call-to-action', 'engage', 'lead-constants'].map((name) => {
  const found = files.find((f) => new RegExp(`^reelbase-${name}-.*\\.js$`).test(f));
  if (!found) throw new Error(`dist has no ${name} chunk (reelbase-${name}-*.js)`);
  return found;
});
// Issue 26: the chapters chunk loads only for a video with chapters, the storyboard chunk on the first
// hover or touch of the seek bar; the seek-pointer chunk is the little both share.
const chunkOf = (name: string) => files.find((f) => new RegExp(`^reelbase-${name}-.*\\.js$`).test(f));
const laterChunks = Object.fromEntries(['chapters', 'storyboard', 'seek-pointer'].map((name) => [name, chunkOf(name)]));
for (const [name, file] of Object.entries(laterChunks)) if (!file) throw new Error(`dist has no ${name} chunk (reelbase-${name}-*.js)`);
// Issue 26: a viewer whose language is German or Spanish fetches that language's strings (English is built in).
// Its texts of the controls chunk (menus, the "?" overlay) are a chunk of their own, fetched with that chunk.
const languageChunks = ['de', 'es'].map((lang) => {
  const file = files.find((f) => new RegExp(`^reelbase-${lang}-(?!later-).*\\.js$`).test(f));
  if (!file) throw new Error(`dist has no ${lang} strings chunk (reelbase-${lang}-*.js)`);
  return { lang, file };
});
// Issue 33: the viewer's session (watched ranges and their reports) loads on the first play.
const sessionsChunk = chunkOf('sessions');
if (!sessionsChunk) throw new Error('dist has no sessions chunk (reelbase-sessions-*.js)');
const controlsChunk = files.find((f) => /^reelbase-controls-.*\.js$/.test(f));
if (!controlsChunk) throw new Error('dist has no controls chunk (reelbase-controls-*.js)');
const lazyChunks = files.filter((f) => f.endsWith('.js') && f !== mainJs && f !== hlsChunk);

// A representative playback answer (the API writes the real one), of the heavier kind: a video
// that is not public, its URLs and the answer carrying a playback token.
const TOKEN = '1795643950.1.Qm9vbXNoYWthbGFrYWJvb21zaGFrYWxha2Fib29tc2hh';
const playback = JSON.stringify({
  id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  name: 'Spring sale',
  hlsSource: `/media/videos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/~${TOKEN}/hls/master.m3u8`,
  mp4Source: `/media/videos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/~${TOKEN}/main.mp4`,
  poster: `/media/videos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/~${TOKEN}/thumbs/cover.jpg`,
  playerConfig: {
    id: '5a6b7c8d-9e0f-1a2b-3c4d-5e6f7a8b9c0d',
    endAction: 'pause',
    nextVideo: null,
    startAction: 'none',
    autoHideControls: true,
    playPauseButton: true,
    volumeControl: true,
    videoPopOut: true,
    showLogoInPlayer: true,
    logoPatn: '/media/logos/5a6b7c8d.png',
    colorScheme: { playerCanvas: '#1974BB', transparentCanvas: false, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' },
    ...{ speedMenu: true, qualityMenu: true, pictureInPicture: true, captionsButton: true, keyboardShortcuts: true, resumePlayback: true },
  },
  nextVideo: null,
  durationSec: 93.4,
  width: 1280,
  height: 720,
  processing: false,
  visibility: 'unlisted',
  token: { token: TOKEN, expiresAt: '2026-11-25T22:10:00.000Z' },
  // Issue 34: null unless the owner allows downloads.
  download: null,
});

const gz = (data: string | Buffer) => gzipSync(data).length;
const rows: Array<[string, number, number]> = [
  ['embed page (embed.example.html)', ...sizes(readFileSync(join(root, 'embed.example.html')))],
  [`dist/${mainJs}`, ...sizes(readFileSync(join(dist, mainJs)))],
  [`dist/${css}`, ...sizes(readFileSync(join(dist, css)))],
  ['playback answer (sample JSON)', ...sizes(Buffer.from(playback))],
];
function sizes(data: Buffer): [number, number] {
  return [data.length, gz(data)];
}
const hlsRow: [string, number, number] = [`dist/${hlsChunk}`, ...sizes(readFileSync(join(dist, hlsChunk)))];

const native = rows.reduce((sum, [, , g]) => sum + g, 0);
const hlsjs = native + hlsRow[2];
const kb = (n: number) => `${(n / 1000).toFixed(2)} KB`;
const width = Math.max(...[...rows, hlsRow].map(([name]) => name.length));
console.log('Loaded before the first frame (gzip, default level):');
for (const [name, raw, g] of [...rows, hlsRow]) console.log(`  ${name.padEnd(width)}  ${kb(raw).padStart(10)} raw  ${kb(g).padStart(10)} gzip`);
console.log(`native-HLS path: ${native} bytes (${kb(native)}) of a ${kb(BUDGET_BYTES)} budget`);
console.log(`hls.js path:     ${hlsjs} bytes (${kb(hlsjs)}) (native path + hls.js chunk)`);
// A video with caption tracks: two tracks in its answer, and the captions chunk it then fetches.
const captioned = JSON.stringify({
  ...JSON.parse(playback),
  captions: ['en', 'es'].map((language, i) => ({
    id: `7c9e6679-7425-40de-944b-e07fc1f90ae${i}`,
    label: language === 'en' ? 'English' : 'Español',
    language,
    isDefault: i === 0,
    src: `/media/videos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/~${TOKEN}/captions/7c9e6679-7425-40de-944b-e07fc1f90ae${i}.vtt`,
  })),
});
// The captions chunk and the shared chunks it imports.
const captionsCode = readFileSync(join(dist, captionsChunk), 'utf8');
const captionsImports = [...captionsCode.matchAll(/from\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]);
const captionsGz = [captionsChunk, ...captionsImports].reduce((sum, f) => sum + gz(readFileSync(join(dist, f))), 0);
const withCaptions = native - gz(playback) + gz(captioned) + captionsGz;
console.log(`captions chunk:  ${captionsGz} bytes (${kb(captionsGz)}), fetched only for a video with caption tracks`);
for (const { lang, file } of languageChunks) {
  const langGz = gz(readFileSync(join(dist, file)));
  console.log(`${lang} strings chunk: ${langGz} bytes (${kb(langGz)}), fetched only by a viewer in that language; native-HLS path then ${native + langGz} bytes (${kb(native + langGz)})`);
}
console.log(`native-HLS path of a video with two caption tracks (its answer + the captions chunk): ${withCaptions} bytes (${kb(withCaptions)}) of a ${kb(BUDGET_BYTES)} budget`);

// A video with the lead form and the call to action on: their settings in its answer, and the two chunks (and their helper) it then fetches.
const engaged = JSON.stringify({
  ...JSON.parse(playback),
  playerConfig: {
    ...JSON.parse(playback).playerConfig,
    leadForm: { enabled: true, when: 'beforePlay', atSec: 0, required: true, heading: 'Enter your email to watch the full tour', buttonText: 'Watch now', nameField: true, consentText: 'Yes, send me news about the spring offers' },
    callToAction: { enabled: true, when: 'end', atSec: 0, text: 'Ready to book your spring tour?', buttonText: 'Book now', url: 'https://shop.example.com/spring-tour', newWindow: true },
  },
  leadScope: 'Qm9vbXNoYWthbGFr',
});
const engageGz = engageChunks.reduce((sum, f) => sum + gz(readFileSync(join(dist, f))), 0);
// Both come after the first frame (or, for a form before play, on the first play); before it only their settings in the answer.
const withEngage = native - gz(playback) + gz(engaged);
console.log(`lead form + call to action chunks: ${engageGz} bytes (${kb(engageGz)}), fetched after the first frame, only for a video that has them on`);
console.log(`native-HLS path of a video with the lead form and a call to action, before the first frame (its answer): ${withEngage} bytes (${kb(withEngage)}) of a ${kb(BUDGET_BYTES)} budget; ${kb(withEngage + engageGz)} once their chunks are there`);
// A video with chapters and a storyboard: its answer names them; the chapters chunk comes after the
// first frame, the storyboard chunk (and the tiles) only once the viewer points at the seek bar.
const later = (name: string) => gz(readFileSync(join(dist, laterChunks[name] as string)));
const withChapters = JSON.stringify({
  ...JSON.parse(playback),
  chapters: ['Intro', 'The harbour', 'Boats at dawn', 'Questions', 'Credits'].map((title, i) => ({ start: i * 18, title })),
  chaptersVtt: `/media/videos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/~${TOKEN}/chapters.vtt`,
  storyboard: { vtt: `/media/videos/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/~${TOKEN}/v-0123456789ab/storyboard/storyboard.vtt`, width: 160, height: 90 },
});
const chaptersFirst = native - gz(playback) + gz(withChapters);
console.log(`chapters chunk:  ${later('chapters') + later('seek-pointer')} bytes (${kb(later('chapters') + later('seek-pointer'))}), fetched after the first frame, only for a video with chapters`);
console.log(`storyboard chunk: ${later('storyboard') + later('seek-pointer')} bytes (${kb(later('storyboard') + later('seek-pointer'))}), fetched on the first hover or touch of the seek bar`);
console.log(`native-HLS path of a video with five chapters and a storyboard, before the first frame: ${chaptersFirst} bytes (${kb(chaptersFirst)}) of a ${kb(BUDGET_BYTES)} budget`);
console.log(`sessions chunk:  ${gz(readFileSync(join(dist, sessionsChunk)))} bytes (${kb(gz(readFileSync(join(dist, sessionsChunk))))}), fetched on the first play`);
// Issue 26: every path above in the viewer's language: the heaviest strings chunk (German or Spanish) on top.
const worstLang = languageChunks.map(({ lang, file }) => ({ lang, gz: gz(readFileSync(join(dist, file))) })).sort((a, b) => b.gz - a.gz)[0];
const paths: Array<[string, number]> = [
  ['plain video', native],
  ['two caption tracks', withCaptions],
  ['five chapters and a storyboard', chaptersFirst],
  ['lead form + call to action', withEngage],
].map(([name, bytes]) => [name as string, (bytes as number) + worstLang.gz]);
console.log(`Before the first frame in the heaviest language (${worstLang.lang}: its strings chunk, ${kb(worstLang.gz)}), native-HLS path:`);
for (const [name, bytes] of paths) console.log(`  ${name.padEnd(32)} ${bytes} bytes (${kb(bytes)}) of a ${kb(BUDGET_BYTES)} budget${bytes > BUDGET_BYTES ? '  OVER' : ''}`);
// The full player: every file of dist (a viewer who uses every control of a captioned video on hls.js).
const fullRows: Array<[string, number, number]> = [rows[1], rows[2], hlsRow, ...lazyChunks.sort().map((f): [string, number, number] => [`dist/${f}`, ...sizes(readFileSync(join(dist, f)))])];
const full = fullRows.reduce((sum, [, , g]) => sum + g, 0);
const lazy = fullRows.slice(3).reduce((sum, [, , g]) => sum + g, 0);
console.log('The full player, every chunk (gzip, default level):');
for (const [name, raw, g] of fullRows) console.log(`  ${name.padEnd(width)}  ${kb(raw).padStart(10)} raw  ${kb(g).padStart(10)} gzip`);
console.log(`chunks after the first frame or on first use (captions, controls, chapters, storyboard, lead form, call to action, password form, sessions, languages, shared): ${lazy} bytes (${kb(lazy)})`);
console.log(`FULL PLAYER: ${full} bytes (${kb(full)}) with hls.js; ${full - hlsRow[2]} bytes (${kb(full - hlsRow[2])}) without it`);
console.log(`BEFORE FIRST FRAME (embed, native-HLS path): ${native} bytes (${kb(native)}) of a ${kb(BUDGET_BYTES)} budget`);

// The share page: its HTML carries the playback answer inline; the player's files are the embed's.
const shareRows: Array<[string, number, number]> = [['share page (share.example.html)', ...sizes(readFileSync(join(root, 'share.example.html')))], rows[1], rows[2]];
const share = shareRows.reduce((sum, [, , g]) => sum + g, 0);
console.log('Share page /watch/{id}, loaded before the first frame (gzip, default level):');
for (const [name, raw, g] of [...shareRows, hlsRow]) console.log(`  ${name.padEnd(width)}  ${kb(raw).padStart(10)} raw  ${kb(g).padStart(10)} gzip`);
console.log(`share page, native-HLS path: ${share} bytes (${kb(share)}) of a ${kb(SHARE_BUDGET_BYTES)} budget`);
console.log(`share page, hls.js path:     ${share + hlsRow[2]} bytes (${kb(share + hlsRow[2])}) (native path + hls.js chunk)`);
if (withCaptions > BUDGET_BYTES) {
  console.error(`FAIL: a video with captions is ${withCaptions - BUDGET_BYTES} bytes over budget on the native-HLS path`);
  process.exit(1);
}
if (withEngage > BUDGET_BYTES) {
  console.error(`FAIL: a video with the lead form and a call to action is ${withEngage - BUDGET_BYTES} bytes over budget on the native-HLS path`);
  process.exit(1);
}
if (chaptersFirst > BUDGET_BYTES) {
  console.error(`FAIL: a video with chapters and a storyboard is ${chaptersFirst - BUDGET_BYTES} bytes over budget before its first frame`);
  process.exit(1);
}
for (const [name, bytes] of paths) {
  if (bytes > BUDGET_BYTES) {
    console.error(`FAIL: a ${worstLang.lang} viewer of a video with ${name} is ${bytes - BUDGET_BYTES} bytes over budget before the first frame`);
    process.exit(1);
  }
}
if (native > BUDGET_BYTES) {
  console.error(`FAIL: the native-HLS path is ${native - BUDGET_BYTES} bytes over budget`);
  process.exit(1);
}
if (share > SHARE_BUDGET_BYTES) {
  console.error(`FAIL: the share page is ${share - SHARE_BUDGET_BYTES} bytes over budget`);
  process.exit(1);
}
