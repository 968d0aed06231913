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

/** Where Debian's pocketsphinx-en-us puts its model (acoustic model, language model, dictionary). */
export const POCKETSPHINX_EN_US_MODEL = '/usr/share/pocketsphinx/model/en-us';

export interface PocketsphinxOptions {
  /** A WAV from buildSpeechAudioArgs. */
  wav: string;
  /** A folder laid out as Debian's en-US model: en-us/ (acoustic), en-us.lm.bin, cmudict-en-us.dict. */
  modelDir?: string;
}

/**
 * pocketsphinx_continuous over one WAV, every recognised word printed with its start and end
 * seconds (`-time yes`) on stdout, its log thrown away.
 */
export function buildPocketsphinxArgs(o: PocketsphinxOptions): string[] {
  const model = o.modelDir ?? POCKETSPHINX_EN_US_MODEL;
  return ['-infile', o.wav, '-hmm', `${model}/en-us`, '-lm', `${model}/en-us.lm.bin`, '-dict', `${model}/cmudict-en-us.dict`, '-time', 'yes', '-logfn', '/dev/null'];
}
