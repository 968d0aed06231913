import { setTimeout as pause } from 'node:timers/promises';
import { batches, primaryLanguage, type TranslationEngine, TranslationError, type TranslationPair } from './engine.ts';

/*
 * A hosted translation API of DeepL's shape (https://developers.deepl.com/docs/api-reference):
 * POST {base}/v2/translate with `Authorization: DeepL-Auth-Key <key>` and JSON
 * `{ text: [...], source_lang, target_lang, tag_handling: 'html' }` answering
 * `{ translations: [{ detected_source_language, text }] }`, the languages from
 * GET {base}/v2/languages?type=source|target. Tests run it against a local stand-in.
 */

/** DeepL's limits of one request: 50 texts, 128 KiB of body (kept under with room for the JSON). */
const TEXTS_PER_REQUEST = 50;
const CHARS_PER_REQUEST = 100 * 1024;
/** Tries of one request on 429, 5xx or no answer; the job's own retries come after. */
const TRIES = 3;
const RETRY_AFTER_MAX_MS = 30_000;
const LANGUAGES_TTL_MS = 10 * 60_000;

/** A DeepL language code as BCP 47 ('EN-GB' -> 'en-GB', 'ZH-HANS' -> 'zh-Hans'). */
export function fromDeeplCode(code: string): string {
  try {
    return Intl.getCanonicalLocales(code)[0] ?? code.toLowerCase();
  } catch {
    return code.toLowerCase();
  }
}
export const toDeeplCode = (tag: string) => tag.toUpperCase();

export interface HttpEngineOptions {
  /** The API's origin and path prefix, without the trailing /v2. */
  base: string;
  key: string;
  fetch?: typeof fetch;
  /** The first wait before trying again without a Retry-After (doubling each try); tests shorten it. */
  backoffMs?: number;
}

export function httpEngine(o: HttpEngineOptions): TranslationEngine {
  const call = o.fetch ?? fetch;
  const backoff = (attempt: number) => 2 ** attempt * (o.backoffMs ?? 500);
  const base = o.base.replace(/\/+$/, '');
  const headers = { Authorization: `DeepL-Auth-Key ${o.key}`, 'User-Agent': 'Reelbase' };
  let languages: { pairs: TranslationPair[]; until: number } | null = null;

  /** One request, tried again on 429, 5xx and network errors (Retry-After honoured, capped); other answers are final. */
  async function request(path: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
    let last = '';
    for (let attempt = 0; attempt < TRIES; attempt++) {
      let res: Response;
      try {
        res = await call(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers }, signal });
      } catch (err) {
        if (signal?.aborted) throw err;
        last = `no answer (${(err as Error).message})`;
        await pause(backoff(attempt), undefined, { signal });
        continue;
      }
      if (res.ok) return res.json();
      await res.body?.cancel();
      if (res.status === 429 || res.status >= 500) {
        last = `${res.status}`;
        const after = Number(res.headers.get('Retry-After'));
        await pause(Number.isFinite(after) && res.headers.has('Retry-After') ? Math.min(after * 1000, RETRY_AFTER_MAX_MS) : backoff(attempt), undefined, { signal });
        continue;
      }
      if (res.status === 403 || res.status === 401) throw new TranslationError('The translation service refused its key (TRANSLATION_API_KEY).', true);
      if (res.status === 456) throw new TranslationError("The translation service's character quota is used up.", true);
      throw new TranslationError(`The translation service refused the request (${res.status}).`, true);
    }
    throw new TranslationError(`The translation service is unavailable (${last}). Try again later.`, false);
  }

  const list = async (type: 'source' | 'target') => {
    const body = (await request(`/v2/languages?type=${type}`, { method: 'GET' })) as { language: string }[];
    return body.map((l) => fromDeeplCode(l.language));
  };

  return {
    name: 'http',
    async pairs() {
      if (languages && languages.until > Date.now()) return languages.pairs;
      const [sources, targets] = await Promise.all([list('source'), list('target')]);
      const pairs = sources.flatMap((s) => targets.filter((t) => primaryLanguage(t) !== primaryLanguage(s)).map((t) => ({ source: primaryLanguage(s), target: t })));
      languages = { pairs, until: Date.now() + LANGUAGES_TTL_MS };
      return pairs;
    },
    async translate(fragments, source, target, options) {
      const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
      const out: string[] = [];
      for (const run of batches(fragments, (f) => f.length + 8, TEXTS_PER_REQUEST, CHARS_PER_REQUEST)) {
        const body = { text: run, source_lang: toDeeplCode(source), target_lang: toDeeplCode(target), tag_handling: 'html' };
        const answer = (await request('/v2/translate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, signal)) as {
          translations?: { text?: unknown }[];
        };
        const texts = answer.translations?.map((t) => t.text);
        if (!texts || texts.length !== run.length || texts.some((t) => typeof t !== 'string')) {
          throw new TranslationError('The translation service answered a different number of texts.', false);
        }
        out.push(...(texts as string[]));
      }
      return out;
    },
  };
}
