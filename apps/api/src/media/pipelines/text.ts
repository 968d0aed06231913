import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Cue } from '@reelbase/api-client';
import { buildSpeechAudioArgs } from '../commands/text.ts';
import { newRunId, tempPath } from '../files.ts';
import type { ProbeResult } from '../probe.ts';
import type { TranscriptionEngine } from '../transcription.ts';
import { punctuate, wordsToCues } from '../transcript.ts';
import { type PipelineOptions, runCleaningUp, runDeadlineMs } from './run.ts';

/* Pipelines that write text tracks: a video's speech transcribed into caption cues. */

/** Why a transcription gave no track, in the owner's words. */
export const TRANSCRIPTION_MESSAGES = {
  noAudio: 'The video has no sound to transcribe.',
  noSpeech: 'No speech was recognised in the video.',
} as const;

export class NoSpeechError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoSpeechError';
  }
}

/**
 * The speech of `input` as caption cues: its audio stream taken out as a 16 kHz mono WAV in
 * `workDir` (a fifth of the progress; through the engine's own audio filter), then transcribed by
 * `engine`, whose timed words get sentence case and full stops (punctuate) and are grouped into cues. Throws NoSpeechError when there is no sound or no word. The WAV is removed.
 */
export async function transcribeSpeech(input: string, workDir: string, probe: ProbeResult, engine: TranscriptionEngine, language: string, options: PipelineOptions): Promise<Cue[]> {
  if (probe.audioStreamIndex === null) throw new NoSpeechError(TRANSCRIPTION_MESSAGES.noAudio);
  const out = resolve(workDir);
  await mkdir(out, { recursive: true });
  const runId = newRunId();
  const wav = tempPath('speech.wav', runId);
  try {
    const args = buildSpeechAudioArgs({ input: resolve(input), audioStreamIndex: probe.audioStreamIndex, output: wav, filter: engine.audioFilter });
    await runCleaningUp(args, out, ['.'], runId, probe.durationSec, { ...options, onProgress: (f) => options.onProgress?.(f * 0.2) });
    const words = await engine.transcribe(join(out, wav), {
      language,
      cwd: out,
      timeoutMs: runDeadlineMs(options, { kind: 'encode', durationSec: probe.durationSec }),
      signal: options.signal,
    });
    const cues = wordsToCues(punctuate(words, { language }));
    if (cues.length === 0) throw new NoSpeechError(TRANSCRIPTION_MESSAGES.noSpeech);
    options.onProgress?.(1);
    return cues;
  } finally {
    await rm(join(out, wav), { force: true });
  }
}
