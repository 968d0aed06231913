import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPocketsphinxArgs, POCKETSPHINX_EN_US_MODEL, POCKETSPHINX_VOICE_FILTER } from './commands/text.ts';
import { runMediaProcess } from './runner.ts';
import { parsePocketsphinxWords, type TimedWord, type WhisperSegment, whisperSegmentsToWords } from './transcript.ts';

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
  /** An ffmpeg audio filter chain its WAV goes through first (what this engine hears better), if any. */
  readonly audioFilter?: string;
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
    audioFilter: POCKETSPHINX_VOICE_FILTER,
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

const WHISPER_CHILD = fileURLToPath(new URL('./whisper-child.ts', import.meta.url));

/** The installed whisper.cpp binding (an optional dependency): its entry and the store folders it loads from. */
function whisperBinding(): { main: string; folders: string[] } | null {
  try {
    const require = createRequire(import.meta.url);
    const main = require.resolve('@fugood/whisper.node');
    const native = createRequire(main).resolve(`@fugood/node-whisper-${process.platform}-${process.arch}/package.json`);
    // <store>/<pkg@version>/node_modules/@fugood/<name>/... : the package folder's node_modules holds its links.
    const up = (file: string, n: number) => Array.from({ length: n }).reduce<string>((d) => dirname(d), file);
    return { main, folders: [up(main, 4), up(native, 3)] };
  } catch {
    return null;
  }
}

/** Whether the optional whisper.cpp binding is installed here. */
export const whisperBindingInstalled = (): boolean => whisperBinding() !== null;

/**
 * whisper.cpp through the npm binding @fugood/whisper.node (its prebuilt native addon, no
 * download), with a ggml model file the operator names (CAPTIONS_WHISPER_MODEL). It runs as a
 * node child in the media box: the binding, the child script and the model bound read-only, no
 * network, the run's folder the only writable one. A model named `*.en.bin` is English only.
 */
export function whisperEngine(o: { model: string; threads?: number }): TranscriptionEngine {
  const binding = whisperBinding();
  const englishOnly = /\.en(-[^/.]*)?\.bin$/i.test(o.model);
  return {
    name: 'whisper',
    supports: (language) => !englishOnly || /^en(-|$)/i.test(language),
    available: () => binding !== null && existsSync(o.model),
    async transcribe(wav, options) {
      if (!binding) throw new Error('the whisper.cpp binding (@fugood/whisper.node) is not installed');
      const language = options.language.split('-')[0].toLowerCase();
      const { stdout } = await runMediaProcess(process.execPath, [WHISPER_CHILD, binding.main, o.model, wav, language, String(o.threads ?? 1)], {
        cwd: options.cwd,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        collectStdout: true,
        readOnlyPaths: [WHISPER_CHILD, binding.main, ...binding.folders, o.model],
      });
      const line = stdout.trim().split('\n').at(-1) ?? '[]';
      return whisperSegmentsToWords(JSON.parse(line) as WhisperSegment[]);
    },
  };
}

export type EngineSettings = { engine: 'pocketsphinx' | 'whisper' | 'off'; pocketsphinxModel?: string; whisperModel?: string };

/**
 * The engine the settings name (CAPTIONS_ENGINE), or null when generated captions are off, or
 * when whisper is named without a model file or binding (refused with a log line saying why).
 */
export function transcriptionEngine(settings: EngineSettings, log: (line: string) => void = (l) => console.error(l)): TranscriptionEngine | null {
  if (settings.engine === 'off') return null;
  if (settings.engine === 'pocketsphinx') return pocketsphinxEngine({ modelDir: settings.pocketsphinxModel });
  const model = settings.whisperModel ?? '';
  if (!model || !existsSync(model)) {
    log(`captions: CAPTIONS_ENGINE=whisper refused: the model file CAPTIONS_WHISPER_MODEL=${JSON.stringify(model)} does not exist (a ggml whisper.cpp model, e.g. ggml-base.en.bin); generated captions are off`);
    return null;
  }
  if (!whisperBinding()) {
    log('captions: CAPTIONS_ENGINE=whisper refused: the optional dependency @fugood/whisper.node is not installed; generated captions are off');
    return null;
  }
  return whisperEngine({ model });
}
