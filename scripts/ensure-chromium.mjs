#!/usr/bin/env node
// Browser tests drive Debian's Chromium (no browser download). Installs it when missing and
// this machine can (root with apt-get); otherwise says what is needed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.error(`Browser tests need Chromium at ${path} (Debian: apt-get install chromium), or CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('[chromium] installing Debian chromium for the browser tests…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
