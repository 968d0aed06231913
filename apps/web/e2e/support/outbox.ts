import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The newest mail to `to` in the main stack's outbox (.eml files) whose text holds `includes`, unfolded. */
export async function lastMailText(to: string, includes: string): Promise<string> {
  const dir = join(process.env.E2E_TMP as string, 'data-main', 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (raw.includes(`To: ${to}`) && raw.includes(includes)) return raw;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with "${includes}"`);
}
