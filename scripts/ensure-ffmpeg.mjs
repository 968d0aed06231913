#!/usr/bin/env node
// The suites run media through a current, security-maintained ffmpeg (Debian's, version 5 or
// newer) inside bubblewrap, not the years-old static binaries from npm. Installs Debian's ffmpeg
// and bubblewrap when missing and this machine can (root with apt-get); otherwise says what is needed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.error(`The tests need ${missing.join(' and ')} (Debian: apt-get install ${missing.join(' ')}); ffmpeg 5 or newer may also be given with FFMPEG_PATH and FFPROBE_PATH.`);
  process.exit(missing.includes('ffmpeg') && !process.env.FFMPEG_PATH ? 1 : 0);
}
console.log(`[media] installing Debian ${missing.join(' and ')} for the tests…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
