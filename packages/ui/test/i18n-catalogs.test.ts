// Every catalog of the app: each English message has a German and a Spanish translation, no
// catalog carries a message the English one lacks, and the compiled catalogs are up to date.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));
const folders = [join(src, 'i18n/locales'), ...readdirSync(join(src, 'screens'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(src, 'screens', d.name, 'locales'))];

/** msgid → msgstr of a .po file (multi-line strings joined). */
function readPo(path: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (lines: string) => [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
  for (const m of readFileSync(path, 'utf8').matchAll(/^(?:msgctxt ((?:".*"\n)+))?msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)/gm)) {
    const id = (m[1] ? `${unquote(m[1])}\u0004` : '') + unquote(m[2]);
    if (id) entries.set(id, unquote(m[3]));
  }
  return entries;
}

describe('app catalogs', () => {
  for (const folder of folders) {
    const name = folder.slice(src.length + 1);
    it(`${name}: de and es have exactly the English keys, all translated and compiled`, async () => {
      const en = readPo(join(folder, 'en.po'));
      for (const locale of ['de', 'es']) {
        const catalog = readPo(join(folder, `${locale}.po`));
        expect([...catalog.keys()].sort(), `${name}/${locale}.po keys`).toEqual([...en.keys()].sort());
        const untranslated = [...catalog].filter(([, str]) => !str).map(([id]) => id);
        expect(untranslated, `${name}/${locale}.po untranslated`).toEqual([]);
        const compiled = (await import(join(folder, `${locale}.ts`))) as { messages: Record<string, unknown> };
        expect(Object.keys(compiled.messages).length, `${name}/${locale}.ts is stale: run pnpm i18n:compile`).toBe(en.size);
      }
    });
  }
});

// The app loads every catalog into one table at run time, so a message translated two ways shows
// whichever catalog loaded last, on every screen (the German top bar once lost its search label).
describe('one translation per message across catalogs', () => {
  for (const locale of ['de', 'es']) {
    it(`${locale}: every message has the same translation in every catalog`, () => {
      const seen = new Map<string, Map<string, string[]>>();
      for (const folder of folders) {
        for (const [id, str] of readPo(join(folder, `${locale}.po`))) {
          const byTranslation = seen.get(id) ?? new Map<string, string[]>();
          byTranslation.set(str, [...(byTranslation.get(str) ?? []), folder.slice(src.length + 1)]);
          seen.set(id, byTranslation);
        }
      }
      const twoWays = [...seen].filter(([, t]) => t.size > 1).map(([id, t]) => `${id}: ${[...t].map(([s, f]) => `"${s}" in ${f.join(', ')}`).join(' / ')}`);
      expect(twoWays).toEqual([]);
    });
  }
});
