import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Keyring = { env: NodeJS.ProcessEnv; stop(): Promise<void> } | { unavailable: string };

/**
 * A private D-Bus session bus with GNOME Keyring's secret service on it, unlocked with a test
 * password, in a throw-away home: the keychain a Linux desktop has, without touching the real one.
 */
export async function startKeyring(): Promise<Keyring> {
  for (const bin of ['dbus-daemon', 'dbus-send', 'gnome-keyring-daemon', 'secret-tool'])
    if (!existsSync(`/usr/bin/${bin}`)) return { unavailable: `${bin} is not installed (scripts/ensure-keyring.mjs installs it as root)` };
  const home = await mkdtemp(join(tmpdir(), 'reelbase-keyring-'));
  const runtime = join(home, 'run');
  await mkdir(runtime);
  await chmod(runtime, 0o700);
  const base = { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_RUNTIME_DIR: runtime };
  const bus: ChildProcess = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], { env: base, stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise<string | null>((resolve) => {
    let out = '';
    bus.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(out.trim());
    });
    bus.on('exit', () => resolve(null));
    setTimeout(() => resolve(null), 10_000);
  });
  const stopBus = async () => {
    bus.kill();
    await rm(home, { recursive: true, force: true });
  };
  if (!address) {
    await stopBus();
    return { unavailable: 'the D-Bus session bus did not start' };
  }
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: address };
  // --unlock reads the keyring password from stdin and creates the login keyring on first use.
  const daemon = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets', '--foreground'], { env, stdio: ['pipe', 'ignore', 'pipe'] });
  daemon.stdin?.end('test-password');
  let err = '';
  daemon.stderr?.on('data', (d) => (err += d));
  const stop = async () => {
    daemon.kill();
    await stopBus();
  };
  // Ready once the secret service answers on the bus.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (daemon.exitCode !== null) break;
    const ok = await new Promise<boolean>((resolve) => {
      const c = spawn('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      c.stdout.on('data', (d) => (out += d));
      c.on('error', () => resolve(false));
      c.on('exit', () => resolve(out.includes('boolean true')));
    });
    if (ok) return { env, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  return { unavailable: `gnome-keyring-daemon did not start: ${err.trim() || 'no answer on the bus'}` };
}
