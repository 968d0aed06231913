import { existsSync } from 'node:fs';
import type { Config } from './config.ts';
import { type EngineSettings, type TranscriptionEngine, transcriptionEngine, whisperBindingInstalled } from './media/transcription.ts';
import { installedWhisperModel } from './media/whisper-models.ts';

/*
 * Which engine generates captions here, from the settings and what is installed: the one
 * CAPTIONS_ENGINE names, or, unset, whisper.cpp when a model is there (CAPTIONS_WHISPER_MODEL,
 * or the one `pnpm captions:model <name>` installed in CAPTIONS_MODEL_DIR) and its binding is
 * installed, else pocketsphinx. The API (server.ts) and the workers (core.ts) both ask here.
 */

type EngineConfig = Pick<Config, 'CAPTIONS_ENGINE' | 'CAPTIONS_WHISPER_MODEL' | 'CAPTIONS_POCKETSPHINX_MODEL' | 'CAPTIONS_MODEL_DIR'>;

export function captionEngineSettings(config: EngineConfig, hasBinding: () => boolean = whisperBindingInstalled): EngineSettings & { reason: string } {
  const whisperModel = config.CAPTIONS_WHISPER_MODEL || installedWhisperModel(config.CAPTIONS_MODEL_DIR) || '';
  const pocketsphinxModel = config.CAPTIONS_POCKETSPHINX_MODEL;
  if (config.CAPTIONS_ENGINE) return { engine: config.CAPTIONS_ENGINE, whisperModel, pocketsphinxModel, reason: `CAPTIONS_ENGINE=${config.CAPTIONS_ENGINE}` };
  if (!whisperModel) return { engine: 'pocketsphinx', pocketsphinxModel, reason: `no whisper.cpp model (pnpm captions:model <name> installs one in ${config.CAPTIONS_MODEL_DIR})` };
  if (!existsSync(whisperModel)) return { engine: 'pocketsphinx', whisperModel, pocketsphinxModel, reason: `CAPTIONS_WHISPER_MODEL=${JSON.stringify(whisperModel)} does not exist` };
  if (!hasBinding()) return { engine: 'pocketsphinx', whisperModel, pocketsphinxModel, reason: `the model ${whisperModel} is there but the optional dependency @fugood/whisper.node is not installed` };
  return { engine: 'whisper', whisperModel, pocketsphinxModel, reason: `the whisper.cpp model ${whisperModel}` };
}

/** The engine generated captions use here (null: off, or whisper named without a model; logged). */
export function captionEngine(config: EngineConfig, log: (line: string) => void): TranscriptionEngine | null {
  const { reason, ...settings } = captionEngineSettings(config);
  if (!config.CAPTIONS_ENGINE && settings.whisperModel && settings.engine === 'pocketsphinx') log(`captions: pocketsphinx, not whisper: ${reason}`);
  return transcriptionEngine(settings, log);
}
