/*
 * The whisper.cpp run, as its own node process in the media box (transcription.ts starts it):
 * argv = binding entry, model file, WAV, language (whisper's code, e.g. `en`), threads. Prints
 * one JSON line: the timed words. The binding and the model are bound read-only, no network.
 */
const [bindingMain, model, wav, language, threads] = process.argv.slice(2);
const { initWhisper } = await import(bindingMain);
const context = await initWhisper({ filePath: model, useGpu: false });
try {
  // One word per segment, with whisper's token timestamps (t0/t1 in hundredths of a second).
  const { promise } = context.transcribeFile(wav, { language, maxLen: 1, tokenTimestamps: true, maxThreads: Number(threads) || 1 });
  const result: { segments: { text: string; t0: number; t1: number }[] } = await promise;
  const words = result.segments
    .map((s) => ({ word: s.text.trim(), startSec: s.t0 / 100, endSec: s.t1 / 100 }))
    .filter((w) => /[\p{L}\p{N}]/u.test(w.word));
  process.stdout.write(`${JSON.stringify(words)}\n`);
} finally {
  await context.release?.();
}
