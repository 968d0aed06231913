import { SPEECH_SAMPLE_RATE } from '../constants.ts';
import { globalArgs, inputArgs, outputName, STRIP_METADATA } from './args.ts';

/* ffmpeg commands for text tracks: the audio a transcription engine reads. */

export interface SpeechAudioOptions {
  input: string;
  /** The probe's audio stream. */
  audioStreamIndex: number;
  output: string;
}

/**
 * The audio as speech engines read it: one channel, SPEECH_SAMPLE_RATE Hz, 16-bit PCM in a WAV
 * file (pocketsphinx and whisper.cpp both take 16 kHz mono), nothing else of the source.
 */
export function buildSpeechAudioArgs(o: SpeechAudioOptions): string[] {
  return [
    ...globalArgs(),
    ...inputArgs(o.input),
    '-map',
    `0:${o.audioStreamIndex}`,
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(SPEECH_SAMPLE_RATE),
    '-c:a',
    'pcm_s16le',
    ...STRIP_METADATA,
    '-f',
    'wav',
    outputName(o.output),
  ];
}
