// Measures caption translation by Apertium on this machine, as the translate-captions job runs it
// (in the media box, the cues' markup protected): a whole track in one run for tracks of 20, 200
// and 2,000 cues, beside one run per cue (20 cues, the cost of not batching). Prints the figures
// docs/benchmarks.md records.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apertiumEngine } from '../src/media/translation/apertium.ts';
import { protectCue, restoreCue } from '../src/media/translation/cue-markup.ts';

const SENTENCES = [
  'Good morning, and welcome to the quarterly review.',
  'Sales grew by twelve percent in the northern region.',
  'The new warehouse opens next month near the harbour.',
  'Our customers asked for faster delivery and better support.',
  '<i>This</i> is the most important slide of the day.',
  'Thank you all for your hard work this year.',
];
const engine = apertiumEngine();
const dir = await mkdtemp(join(tmpdir(), 'reelbase-bench-translation-'));
await chmod(dir, 0o755);
const cues = (n: number) => Array.from({ length: n }, (_, i) => protectCue(SENTENCES[i % SENTENCES.length]));
const timed = async (fn: () => Promise<unknown>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};

console.log('Apertium en->es, in the media box (ms)');
console.log('| cues | one run per track | per cue |');
console.log('|---:|---:|---:|');
for (const n of [20, 200, 2000]) {
  const marked = cues(n);
  let out: string[] = [];
  const ms = await timed(async () => {
    out = await engine.translate(marked.map((m) => m.html), 'en', 'es', { cwd: dir, timeoutMs: 600_000 });
  });
  if (out.length !== n || !restoreCue(out[4], marked[4].tags).startsWith('<i>')) throw new Error('a cue went missing or lost its markup');
  console.log(`| ${n} | ${Math.round(ms)} | ${(ms / n).toFixed(1)} |`);
}
const single = cues(20);
const perCue = await timed(async () => {
  for (const m of single) await engine.translate([m.html], 'en', 'es', { cwd: dir, timeoutMs: 60_000 });
});
console.log(`| 20, one run per cue | ${Math.round(perCue)} | ${(perCue / 20).toFixed(1)} |`);
await rm(dir, { recursive: true, force: true });
