// `pnpm bench:captions`: each available transcription engine over the espeak-ng sample (known
// English sentences muxed into an H.264 clip): transcription time as a share of the audio's
// duration (the WAV extraction included) and the word error rate against the known text.
// whisper.cpp runs when CAPTIONS_WHISPER_MODEL names a ggml model file (e.g. ggml-base.en.bin).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transcribeSpeech } from '../src/media/pipelines/text.ts';
import { probe } from '../src/media/probe.ts';
import { pocketsphinxEngine, type TranscriptionEngine, whisperEngine } from '../src/media/transcription.ts';
import { wordErrorRate } from '../src/media/transcript.ts';
import { makeSpeechClip, SPEECH_TEXT } from '../test/support/speech.ts';

const whisperModel = process.env.CAPTIONS_WHISPER_MODEL ?? '';
const engines: TranscriptionEngine[] = [pocketsphinxEngine(), whisperEngine({ model: whisperModel })];
const clip = await makeSpeechClip();
const info = await probe(clip);
console.log(`sample: ${info.durationSec.toFixed(1)} s of espeak-ng speech (${SPEECH_TEXT.split(' ').length} words)`);
console.log('engine        available  time/audio  WER    transcript');
for (const engine of engines) {
  if (!engine.available()) {
    console.log(`${engine.name.padEnd(14)}no${engine.name === 'whisper' ? `         (CAPTIONS_WHISPER_MODEL=${JSON.stringify(whisperModel)}: no such file, or @fugood/whisper.node not installed)` : ''}`);
    continue;
  }
  const work = await mkdtemp(join(tmpdir(), 'reelbase-bench-captions-'));
  try {
    const runs: number[] = [];
    let text = '';
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const cues = await transcribeSpeech(clip, work, info, engine, 'en-US', { timeoutMs: 600_000 });
      runs.push((performance.now() - started) / 1000);
      text = cues.map((c) => c.text).join(' ');
    }
    const median = runs.sort((a, b) => a - b)[1];
    const wer = wordErrorRate(SPEECH_TEXT, text);
    console.log(`${engine.name.padEnd(14)}yes        ${(median / info.durationSec).toFixed(2).padStart(9)}x  ${(wer * 100).toFixed(0).padStart(3)}%   ${text}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
