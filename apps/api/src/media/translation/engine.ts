/*
 * The one interface every caption-translation engine sits behind (issue 37 item 1): fragments of
 * cue text in, the same number of fragments out, in order. A fragment is a cue's WebVTT text with
 * its tags replaced by placeholders (cue-markup.ts), so it reads as HTML to an engine: entities
 * kept, inline tags kept in place.
 */

/** A direction an engine translates: `source` a primary language subtag ('en'), `target` a BCP 47 tag as the engine names it ('es', 'en-GB'). */
export interface TranslationPair {
  source: string;
  target: string;
}

export interface TranslateOptions {
  /** Wall-clock limit of the whole translation. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** A folder of this run (writable in the media box) for engines that work on files. */
  cwd: string;
}

export interface TranslationEngine {
  /** Its name in settings and logs. */
  readonly name: string;
  /** The directions it translates on this machine (installed language pairs, or what the hosted API lists). */
  pairs(): Promise<TranslationPair[]>;
  /** Each fragment in `target` (a pair's target), translated from `source` (a pair's source), in order. */
  translate(fragments: readonly string[], source: string, target: string, options: TranslateOptions): Promise<string[]>;
}

/** A translation that failed: `permanent` when trying again cannot help (a refused key, an exhausted quota); the message is the owner's. */
export class TranslationError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = 'TranslationError';
    this.permanent = permanent;
  }
}

/** The primary language subtag of a BCP 47 tag, lower case ('en-US' -> 'en'). */
export const primaryLanguage = (tag: string) => tag.split('-')[0].toLowerCase();

/**
 * The engine's target for a track in `sourceLanguage` asked in `requested` (BCP 47, canonical):
 * the pair named exactly, else the pair of the requested language alone ('es-MX' -> 'es'), else
 * a regional one of it ('en' -> 'en-GB'); null when the engine does not translate that way.
 */
export function pairTarget(pairs: readonly TranslationPair[], sourceLanguage: string, requested: string): string | null {
  const source = primaryLanguage(sourceLanguage);
  const from = pairs.filter((p) => p.source === source && primaryLanguage(p.target) !== source);
  const want = requested.toLowerCase();
  const hit =
    from.find((p) => p.target.toLowerCase() === want) ??
    from.find((p) => p.target.toLowerCase() === primaryLanguage(requested)) ??
    from.find((p) => primaryLanguage(p.target) === primaryLanguage(requested));
  return hit?.target ?? null;
}

/** The targets offered for a track in `sourceLanguage`, each once, sorted. */
export function targetsFrom(pairs: readonly TranslationPair[], sourceLanguage: string): string[] {
  const from = primaryLanguage(sourceLanguage);
  return [...new Set(pairs.filter((p) => p.source === from && primaryLanguage(p.target) !== from).map((p) => p.target))].sort();
}

/** Splits `items` into runs of at most `maxItems` whose `size` sums stay under `maxSize` (one item over it goes alone). */
export function batches<T>(items: readonly T[], size: (item: T) => number, maxItems: number, maxSize: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let total = 0;
  for (const item of items) {
    const s = size(item);
    if (current.length && (current.length >= maxItems || total + s > maxSize)) {
      out.push(current);
      current = [];
      total = 0;
    }
    current.push(item);
    total += s;
  }
  if (current.length) out.push(current);
  return out;
}
