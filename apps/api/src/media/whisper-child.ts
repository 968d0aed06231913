/*
 * The whisper.cpp run, as its own node process in the media box (transcription.ts starts it):
 * argv = binding entry, model file, WAV, language (whisper's code, e.g. `en`), threads. Prints
 * one JSON line: whisper's segments (text, t0, t1). The binding and the model are bound read-only, no network.
 */
const [bindingMain, model, wav, language, threads] = process.argv.slice(2);
const { initWhisper } = await import(bindingMain);
const context = await initWhisper({ filePath: model, useGpu: false });
try {
  // About one token per segment, with whisper's token timestamps (t0/t1 in hundredths of a second);
  // the parent joins them into words (transcript.ts whisperSegmentsToWords).
  const { promise } = context.transcribeFile(wav, { language, maxLen: 1, tokenTimestamps: true, maxThreads: Number(threads) || 1 });
  const result: { segments: { text: string; t0: number; t1: number }[] } = await promise;
  const segments = result.segments.map((s) => ({ text: s.text, t0: s.t0, t1: s.t1 }));
  process.stdout.write(`${JSON.stringify(segments)}\n`);
} finally {
  await context.release?.();
}
