// `pnpm bench:captions`: each transcription engine over two samples of known speech (espeak-ng's
// synthetic sentences, and a real voice from Debian's pocketsphinx-testdata: bench/captions-samples.ts),
// through the product's pipeline (WAV extraction, the engine's audio filter, punctuation, cues):
// the time as a share of the audio's duration (median of BENCH_RUNS runs, 3 unless set) and the
// word error rate against the known text. "pocketsphinx before" is the pipeline as it was before
// issue 37 (no audio filter, pocketsphinx's default beams), kept here only to measure the change;
// its transcript is punctuated like the rest (word error rates ignore case and punctuation).
// whisper.cpp runs when a model is there: CAPTIONS_WHISPER_MODEL, or `pnpm captions:model <name>`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captionEngineSettings } from '../src/captions-engine.ts';
import { loadConfig } from '../src/config.ts';
import { POCKETSPHINX_EN_US_MODEL } from '../src/media/commands/text.ts';
import { transcribeSpeech } from '../src/media/pipelines/text.ts';
import { probe } from '../src/media/probe.ts';
import { runMediaProcess } from '../src/media/runner.ts';
import { POCKETSPHINX_BINARY, pocketsphinxEngine, type TranscriptionEngine, whisperEngine } from '../src/media/transcription.ts';
import { parsePocketsphinxWords, wordErrorRate } from '../src/media/transcript.ts';
import { espeakSample, humanSample, type SpeechSample } from './captions-samples.ts';

const RUNS = Number(process.env.BENCH_RUNS) || 3;

/** pocketsphinx as generated captions ran it before issue 37: the WAV as extracted, the default search beams. */
function pocketsphinxBefore(): TranscriptionEngine {
  const after = pocketsphinxEngine();
  const m = POCKETSPHINX_EN_US_MODEL;
  return {
    ...after,
    name: 'pocketsphinx before',
    audioFilter: undefined,
    async transcribe(wav, o) {
      const args = ['-infile', wav, '-hmm', `${m}/en-us`, '-lm', `${m}/en-us.lm.bin`, '-dict', `${m}/cmudict-en-us.dict`, '-time', 'yes', '-logfn', '/dev/null'];
      const { stdout } = await runMediaProcess(POCKETSPHINX_BINARY, args, { cwd: o.cwd, timeoutMs: o.timeoutMs, signal: o.signal, collectStdout: true });
      return parsePocketsphinxWords(stdout);
    },
  };
}

const config = loadConfig();
const { whisperModel = '' } = captionEngineSettings({ ...config, CAPTIONS_ENGINE: 'whisper' });
const engines: TranscriptionEngine[] = [pocketsphinxBefore(), { ...pocketsphinxEngine(), name: 'pocketsphinx after' }, whisperEngine({ model: whisperModel })];
const human = await humanSample();
const samples: SpeechSample[] = [await espeakSample(), ...(human ? [human] : [])];
for (const s of samples) {
  const info = await probe(s.file);
  console.log(`sample ${s.name}: ${info.durationSec.toFixed(1)} s, ${s.reference.split(/\s+/).length} words (${s.about})`);
}
if (!human) console.log('sample human: not here (Debian\'s pocketsphinx-testdata: apt-get install pocketsphinx-testdata)');
console.log(`\nengine               sample     time/audio  WER    transcript (median of ${RUNS} runs)`);
for (const engine of engines) {
  if (!engine.available()) {
    console.log(`${engine.name.padEnd(21)}not here: ${engine.name === 'whisper' ? `no model (pnpm captions:model <name>, or CAPTIONS_WHISPER_MODEL; found ${JSON.stringify(whisperModel)}) or @fugood/whisper.node not installed` : 'not installed'}`);
    continue;
  }
  for (const s of samples) {
    const info = await probe(s.file);
    const work = await mkdtemp(join(tmpdir(), 'reelbase-bench-captions-'));
    try {
      const runs: number[] = [];
      let text = '';
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const cues = await transcribeSpeech(s.file, work, info, engine, 'en-US', { timeoutMs: 600_000 });
        runs.push((performance.now() - started) / 1000);
        text = cues.map((c) => c.text).join(' ');
      }
      const median = runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
      const wer = wordErrorRate(s.reference, text);
      console.log(`${engine.name.padEnd(21)}${s.name.padEnd(11)}${(median / info.durationSec).toFixed(2).padStart(9)}x  ${(wer * 100).toFixed(0).padStart(3)}%   ${text}`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
