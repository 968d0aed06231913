import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The newest mail to `to` in the main stack's outbox (.eml files) that `accept` takes, unfolded; what it answers. */
async function newestMail<T>(to: string, accept: (raw: string) => T | null | undefined, what: string): Promise<T> {
  const dir = join(process.env.E2E_TMP as string, 'data-main', 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(`To: ${to}`)) continue;
      const found = accept(raw);
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${what} mail to ${to}`);
}

/** The newest mail to `to` whose text holds `includes`. */
export function lastMailText(to: string, includes: string): Promise<string> {
  return newestMail(to, (raw) => (raw.includes(includes) ? raw : null), `"${includes}"`);
}

/** The newest link to `path` mailed to `to`. */
export function lastLink(to: string, path: string): Promise<string> {
  return newestMail(to, (raw) => raw.match(new RegExp(`https?://\\S+${path}\\?token=[^\\s"<]+`))?.[0], path);
}
