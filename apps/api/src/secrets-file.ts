import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The JWT secret: from the setting, else generated once into DATA_DIR so restarts keep sessions. */
export async function jwtSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')).jwtSecret as string;
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify({ jwtSecret: secret }), { mode: 0o600, flag: 'wx' }).catch(() => {});
    return JSON.parse(await readFile(file, 'utf8')).jwtSecret as string;
  }
}
