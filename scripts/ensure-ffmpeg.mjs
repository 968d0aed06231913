#!/usr/bin/env node
// `npm start` and `npm test` run media through the same current, security-maintained ffmpeg
// (Debian's, version 5 or newer) inside bubblewrap, not the years-old static binaries from npm,
// and import from video-sharing pages with Debian's yt-dlp. Generated captions use Debian's
// pocketsphinx with its en-US model (the default transcription engine); the tests and
// `pnpm bench:captions` speak their sample sentences with Debian's espeak-ng; captions are translated
// with Debian's apertium and its English<->Spanish/Catalan/Galician pairs. Installs whichever of these packages
// is missing when this machine can (root with apt-get); otherwise says what is needed.
// `node scripts/ensure-ffmpeg.mjs start` never fails: the server then refuses media and says why
// at start (apps/api/src/media/readiness.ts). Without `start` (the tests) a missing ffmpeg fails.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const forStart = process.argv[2] === 'start';
const who = forStart ? 'the server' : 'the tests';
const major = (bin) => {
  try {
    const out = execFileSync(bin, ['-hide_banner', '-version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return Number(/version\s+n?(\d+)\./.exec(out)?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const missing = [];
if (major('/usr/bin/ffmpeg') < 5 || major('/usr/bin/ffprobe') < 5) missing.push('ffmpeg');
if (!existsSync('/usr/bin/bwrap')) missing.push('bubblewrap');
if (!existsSync('/usr/bin/yt-dlp')) missing.push('yt-dlp');
if (!existsSync('/usr/bin/pocketsphinx_continuous')) missing.push('pocketsphinx');
if (!existsSync('/usr/share/pocketsphinx/model/en-us/en-us/mdef')) missing.push('pocketsphinx-en-us');
if (!forStart && !existsSync('/usr/bin/espeak-ng')) missing.push('espeak-ng');
// Caption translation's default engine (issue 37): Apertium with the English pairs Debian ships.
if (!existsSync('/usr/bin/apertium')) missing.push('apertium');
for (const [mode, pkg] of [['eng-spa', 'apertium-eng-spa'], ['eng-cat', 'apertium-eng-cat'], ['en-gl', 'apertium-en-gl']]) {
  if (!existsSync(`/usr/share/apertium/modes/${mode}.mode`)) missing.push(pkg);
}
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.error(
    `[media] ${who} need${forStart ? 's' : ''} ${missing.join(', ')} (Debian: apt-get install ${missing.join(' ')}). ` +
      'Without ffmpeg 5 or newer and bubblewrap, media is refused unless MEDIA_SANDBOX=off and FFMPEG_PATH (and FFPROBE_PATH) are set on purpose; without yt-dlp, imports from video-sharing pages are refused; without pocketsphinx, captions are generated only by a configured whisper.cpp model; without apertium and its pairs, captions are translated only by a hosted API (TRANSLATION_ENGINE=http).',
  );
  process.exit(!forStart && missing.includes('ffmpeg') && !process.env.FFMPEG_PATH ? 1 : 0);
}
console.log(`[media] installing Debian's ${missing.join(', ')} for ${who}…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
} catch (err) {
  console.error(`[media] apt-get could not install ${missing.join(', ')}: ${err.message}`);
  if (!forStart) process.exit(1);
}
