#!/usr/bin/env node
// The custom-domain test runs Debian's Caddy (on-demand TLS with its internal issuer) in front of
// the API. Installs it when missing and this machine can (root with apt-get); otherwise says what
// is needed. Only the binary is wanted: the package's own service is not started here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CADDY_PATH ?? '/usr/bin/caddy';
if (existsSync(path)) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.error(`The custom-domain test needs Caddy at ${path} (Debian: apt-get install caddy), or CADDY_PATH.`);
  process.exit(1);
}
console.log('[caddy] installing Debian caddy for the custom-domain test…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'caddy'], { stdio: 'inherit', env });
