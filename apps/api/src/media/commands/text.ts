import { SPEECH_SAMPLE_RATE } from '../constants.ts';
import { globalArgs, inputArgs, outputName, STRIP_METADATA } from './args.ts';

/* ffmpeg commands for text tracks: the audio a transcription engine reads. */

export interface SpeechAudioOptions {
  input: string;
  /** The probe's audio stream. */
  audioStreamIndex: number;
  output: string;
  /** An ffmpeg audio filter chain run before the resampling (an engine's own, e.g. POCKETSPHINX_VOICE_FILTER). */
  filter?: string;
}

/**
 * What pocketsphinx hears better (pnpm bench:captions, before and after): the loudness evened out
 * (loudnorm, EBU R128 at its -24 LUFS default) and then the rumble and hum below any voice taken
 * away (a high-pass at 80 Hz). Measured with the wider beams below, on the bench's two samples
 * (word error rate espeak-ng / human voice): this chain 28% / 30%; loudnorm alone 32% / 30%;
 * high-pass first 40% / 31%; with a 7.6 kHz low-pass too 44% / 30%; loudnorm at -16 LUFS 68% / 35%;
 * a narrower voice band (100 Hz-7 kHz) 56% / 37%; dynaudnorm without the beams 48% / 34%.
 * whisper.cpp normalises its own input, so it gets none of this.
 */
export const POCKETSPHINX_VOICE_FILTER = 'loudnorm,highpass=f=80';

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
    ...(o.filter ? ['-af', o.filter] : []),
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
 * Wider search beams than pocketsphinx's defaults (1e-48, 7e-29, 1e-48): fewer likely words
 * pruned early (with loudnorm, espeak-ng sample 56% -> 32% word error rate; wider still, 1e-80,
 * changed nothing). Other flags tried did not help on the bench's samples: -lw 4/5.5/7.5/10,
 * -topn 8, -fwdflat no, -bestpath no, -cmn batch, -pl_window 0.
 */
export const POCKETSPHINX_TUNING = ['-beam', '1e-60', '-wbeam', '1e-40', '-pbeam', '1e-60'];

/**
 * pocketsphinx_continuous over one WAV, every recognised word printed with its start and end
 * seconds (`-time yes`) on stdout, its log thrown away.
 */
export function buildPocketsphinxArgs(o: PocketsphinxOptions): string[] {
  const model = o.modelDir ?? POCKETSPHINX_EN_US_MODEL;
  return ['-infile', o.wav, '-hmm', `${model}/en-us`, '-lm', `${model}/en-us.lm.bin`, '-dict', `${model}/cmudict-en-us.dict`, ...POCKETSPHINX_TUNING, '-time', 'yes', '-logfn', '/dev/null'];
}
