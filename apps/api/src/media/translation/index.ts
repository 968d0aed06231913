import { apertiumEngine } from './apertium.ts';
import type { TranslationEngine } from './engine.ts';
import { httpEngine } from './http-engine.ts';

export type { TranslationEngine, TranslationPair } from './engine.ts';
export { pairTarget, TranslationError, targetsFrom } from './engine.ts';
export { protectCue, restoreCue } from './cue-markup.ts';

export interface TranslationSettings {
  engine: 'apertium' | 'http';
  apiBase: string;
  apiKey: string;
}

/** The engine the settings name (TRANSLATION_ENGINE): Apertium by default, or the hosted API of DeepL's shape. */
export function translationEngine(s: TranslationSettings): TranslationEngine {
  return s.engine === 'http' ? httpEngine({ base: s.apiBase, key: s.apiKey }) : apertiumEngine();
}
