import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The newest link mailed to `to` by the main stack (its outbox holds .eml files). */
export async function lastLink(to: string, path: string): Promise<string> {
  const dir = join(process.env.E2E_TMP as string, 'data-main', 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = raw.match(new RegExp(`https?://\\S+${path}\\?token=[^\\s"<]+`))?.[0];
      if (raw.includes(`To: ${to}`) && link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${path} mail to ${to}`);
}
