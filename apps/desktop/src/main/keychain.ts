import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { type DeviceTokenStorage, isSession, type Session, type TokenStorage } from '@reelbase/api-client';

/** One secret per API origin, so switching servers keeps each server's sign-in apart. */
export interface SecretStore {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

const SERVICE = 'Reelbase';

function secretTool(args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('secret-tool', args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    // A tool that exits before reading its input (a lookup reads none) closes the pipe: EPIPE is
    // not a failure of ours, its exit code says how it went.
    child.stdin.on('error', () => {});
    // The secret goes through stdin, never the command line (visible to every local user).
    child.stdin.end(input ?? '');
  });
}

/**
 * The freedesktop Secret Service (GNOME Keyring, KWallet) through libsecret's `secret-tool`:
 * the Linux keychain without a native Node module to build. `env` carries the D-Bus session.
 */
export function libsecretStore(env: NodeJS.ProcessEnv = process.env): SecretStore {
  const attrs = (account: string) => ['service', SERVICE, 'account', account];
  return {
    async get(account) {
      const r = await secretTool(['lookup', ...attrs(account)], env);
      // lookup exits 1 with no output when there is no such secret.
      if (r.code !== 0) {
        if (r.stderr.trim()) throw new Error(`The keychain could not be read: ${r.stderr.trim()}`);
        return null;
      }
      return r.stdout;
    },
    async set(account, secret) {
      const r = await secretTool(['store', `--label=${SERVICE} (${account})`, ...attrs(account)], env, secret);
      if (r.code !== 0) throw new Error(`The keychain refused the sign-in: ${r.stderr.trim() || `exit ${r.code}`}`);
    },
    async delete(account) {
      const r = await secretTool(['clear', ...attrs(account)], env);
      if (r.code !== 0 && r.stderr.trim()) throw new Error(`The keychain could not forget the sign-in: ${r.stderr.trim()}`);
    },
  };
}

/** Whether libsecret's secret-tool is on PATH (the deb depends on it; an AppImage may lack it). */
export const hasSecretTool = (env: NodeJS.ProcessEnv = process.env) => (env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, 'secret-tool')));

/** The part of Electron's safeStorage used here (macOS Keychain and Windows DPAPI hold its key). */
export interface StringCipher {
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Where there is no Secret Service (macOS, Windows): the secret encrypted by Electron's
 * safeStorage, whose key lives in the OS keychain, in one file per account.
 */
export function encryptedFileStore(cipher: StringCipher, fileFor: (account: string) => string): SecretStore {
  return {
    async get(account) {
      const data = await readFile(fileFor(account)).catch(() => null);
      return data ? cipher.decryptString(data) : null;
    },
    async set(account, secret) {
      await writeFile(fileFor(account), cipher.encryptString(secret), { mode: 0o600 });
    },
    async delete(account) {
      await rm(fileFor(account), { force: true });
    },
  };
}

/**
 * The api-client's token storage on top of a keychain: the session (both tokens and the two
 * flags) as one secret named after the API's origin; saving null (sign-out) removes it.
 */
export function keychainTokens(store: SecretStore, apiOrigin: string): TokenStorage {
  return {
    async load(): Promise<Session | null> {
      const raw = await store.get(apiOrigin);
      if (!raw) return null;
      try {
        const v: unknown = JSON.parse(raw);
        return isSession(v) ? v : null;
      } catch {
        return null;
      }
    },
    async save(session) {
      if (session) await store.set(apiOrigin, JSON.stringify(session));
      else await store.delete(apiOrigin);
    },
  };
}

/**
 * The device token of this app's last password sign-in to an API, as its own secret: it outlives
 * sign-outs (the server recognises this device by it while sign-ins from new devices are paused).
 */
export function keychainDeviceToken(store: SecretStore, apiOrigin: string): DeviceTokenStorage {
  const account = `${apiOrigin} device`;
  return {
    load: () => store.get(account),
    save: (token) => store.set(account, token),
  };
}
