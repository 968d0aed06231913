import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runMediaProcess } from '../runner.ts';
import { joinFragments, splitFragments } from './cue-markup.ts';
import { batches, type TranslationEngine, TranslationError, type TranslationPair } from './engine.ts';

/** Debian's apertium (a shell pipeline of lttoolbox and apertium programs) and the folder of its installed modes (one file per direction). */
export const APERTIUM_BINARY = '/usr/bin/apertium';
export const APERTIUM_MODES = '/usr/share/apertium/modes';

// Apertium names languages by ISO 639-3 in newer pairs (eng-spa) and 639-1 in older ones (en-gl); BCP 47 wants the short code.
const SHORT: Record<string, string> = { eng: 'en', spa: 'es', cat: 'ca', glg: 'gl', por: 'pt', fra: 'fr', ita: 'it', deu: 'de', eus: 'eu', epo: 'eo', oci: 'oc', isl: 'is', mkd: 'mk', nob: 'nb', nno: 'nn', swe: 'sv', dan: 'da', ron: 'ro', arg: 'an', ast: 'ast' };
const short = (code: string) => SHORT[code] ?? code;

/** The directions of installed mode files ('eng-spa.mode' -> en to es); variants ('eng-cat_valencia') are left out. */
export function apertiumPairs(modeFiles: readonly string[]): (TranslationPair & { mode: string })[] {
  return modeFiles
    .map((f) => /^([a-z]{2,3})-([a-z]{2,3})\.mode$/.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ source: short(m[1]), target: short(m[2]), mode: `${m[1]}-${m[2]}` }));
}

/** One run's arguments: HTML in and out (cue-markup.ts), unknown words unmarked ('*'), files in the run's folder. */
export function buildApertiumArgs(o: { mode: string; input: string; output: string }): string[] {
  return ['-u', '-f', 'html', o.mode, o.input, o.output];
}

/** Characters of one run; a whole track is a few runs at most (a long track is a few hundred kB). */
const RUN_MAX_CHARS = 256 * 1024;

/**
 * The default engine: Debian's Apertium (rule-based, no network, no model to fetch) with the
 * pairs Debian ships (apertium-eng-spa, apertium-eng-cat, apertium-en-gl: English to and from
 * Spanish, Catalan and Galician), run in the media box like ffmpeg. A whole track goes through one
 * run: its cues are paragraphs of one HTML document that name their index.
 */
export function apertiumEngine(o: { binary?: string; modesDir?: string } = {}): TranslationEngine {
  const binary = o.binary ?? APERTIUM_BINARY;
  const modesDir = o.modesDir ?? APERTIUM_MODES;
  const installed = () => {
    try {
      return apertiumPairs(readdirSync(modesDir));
    } catch {
      return [];
    }
  };
  return {
    name: 'apertium',
    pairs: async () => installed().map(({ source, target }) => ({ source, target })),
    async translate(fragments, source, target, options) {
      const mode = installed().find((p) => p.source === source && p.target === target)?.mode;
      if (!mode) throw new TranslationError(`Apertium cannot translate ${source} to ${target} on this server.`, true);
      const out: string[] = [];
      const runs = batches(fragments, (f) => f.length + 16, Number.POSITIVE_INFINITY, RUN_MAX_CHARS);
      for (const [n, run] of runs.entries()) {
        const input = join(options.cwd, `in-${n}.html`);
        const output = join(options.cwd, `out-${n}.html`);
        await writeFile(input, joinFragments(run));
        await runMediaProcess(binary, buildApertiumArgs({ mode, input, output }), { cwd: options.cwd, timeoutMs: options.timeoutMs, signal: options.signal });
        const translated = splitFragments(await readFile(output, 'utf8'), run.length);
        if (!translated) throw new TranslationError('Apertium lost the order of the cues.', false);
        out.push(...translated);
      }
      return out;
    },
  };
}
