#!/usr/bin/env node
// The desktop app's keychain test talks to a real GNOME Keyring over D-Bus through libsecret's
// secret-tool. Installs them when missing and this machine can (root with apt-get); otherwise
// says so, and that test reports itself as not run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = { '/usr/bin/secret-tool': 'libsecret-tools', '/usr/bin/gnome-keyring-daemon': 'gnome-keyring', '/usr/bin/dbus-daemon': 'dbus-daemon', '/usr/bin/dbus-send': 'dbus-bin' };
const missing = Object.entries(needed).filter(([bin]) => !existsSync(bin)).map(([, pkg]) => pkg);
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
  console.warn(`[keyring] the keychain test needs ${missing.join(', ')} (Debian: apt-get install ${missing.join(' ')}); it will say it did not run.`);
  process.exit(0);
}
console.log(`[keyring] installing ${missing.join(', ')} for the desktop keychain test…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
