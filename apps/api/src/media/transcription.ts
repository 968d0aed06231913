import { existsSync } from 'node:fs';
import { buildPocketsphinxArgs, POCKETSPHINX_EN_US_MODEL } from './commands/text.ts';
import { runMediaProcess } from './runner.ts';
import { parsePocketsphinxWords, type TimedWord } from './transcript.ts';

/*
 * The one interface every transcription engine sits behind: a 16 kHz mono WAV in, timed words
 * out. Engines run as boxed processes (box.ts) like ffmpeg, on the workers only.
 */

export interface TranscribeOptions {
  /** BCP 47, canonical case (the engine's `supports` said yes). */
  language: string;
  /** The run's folder (writable in the box), holding the WAV. */
  cwd: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TranscriptionEngine {
  /** Its name in settings, logs and the bench. */
  readonly name: string;
  /** Whether it transcribes this language (BCP 47). */
  supports(language: string): boolean;
  /** Whether its program and model are on this machine. */
  available(): boolean;
  transcribe(wav: string, options: TranscribeOptions): Promise<TimedWord[]>;
}

/** Debian's pocketsphinx_continuous. */
export const POCKETSPHINX_BINARY = '/usr/bin/pocketsphinx_continuous';

/**
 * The default engine: Debian's pocketsphinx (CMU Sphinx) with Debian's en-US model
 * (`apt-get install pocketsphinx pocketsphinx-en-us`, done by scripts/ensure-ffmpeg.mjs): English
 * only, no network, no model to fetch, about real time on one core.
 */
export function pocketsphinxEngine(o: { binary?: string; modelDir?: string } = {}): TranscriptionEngine {
  const binary = o.binary ?? POCKETSPHINX_BINARY;
  const modelDir = o.modelDir ?? POCKETSPHINX_EN_US_MODEL;
  return {
    name: 'pocketsphinx',
    supports: (language) => /^en(-|$)/i.test(language),
    available: () => existsSync(binary) && existsSync(`${modelDir}/en-us/mdef`),
    async transcribe(wav, options) {
      const { stdout } = await runMediaProcess(binary, buildPocketsphinxArgs({ wav, modelDir }), {
        cwd: options.cwd,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        collectStdout: true,
      });
      return parsePocketsphinxWords(stdout);
    },
  };
}

/** The engine the settings name (CAPTIONS_ENGINE), or null when generated captions are off. */
export function transcriptionEngine(settings: { engine: 'pocketsphinx' | 'off'; pocketsphinxModel?: string }): TranscriptionEngine | null {
  return settings.engine === 'off' ? null : pocketsphinxEngine({ modelDir: settings.pocketsphinxModel });
}
