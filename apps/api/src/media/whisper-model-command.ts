import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { installWhisperModel, ModelInstallError, modelFileName, WHISPER_MARKER, WHISPER_MODELS } from './whisper-models.ts';

/*
 * `pnpm captions:model <name>` (e.g. base.en): fetches whisper.cpp's ggml model <name> from
 * CAPTIONS_MODEL_BASE_URL into CAPTIONS_MODEL_DIR (DATA_DIR/models unless set), checks its SHA-1
 * against whisper.cpp's list, and marks it the installed model: the API and workers started after
 * it use whisper for generated captions unless CAPTIONS_ENGINE says otherwise. A model already
 * there with the right checksum is marked without downloading it again. Exit 1 on any refusal.
 */
const list = () => Object.entries(WHISPER_MODELS).map(([name, m]) => `  ${name.padEnd(20)} ${m.mib} MiB${name.includes('.en') ? ', English only' : ''}`);

const name = process.argv[2];
if (!name || name.startsWith('-')) {
  console.error(['usage: pnpm captions:model <name>', 'models (README "Captions: the engines" says what each costs and how well it hears):', ...list()].join('\n'));
  process.exit(1);
}
const known = WHISPER_MODELS[name];
if (!known) {
  console.error([`captions:model: unknown model ${JSON.stringify(name)}; the models:`, ...list()].join('\n'));
  process.exit(1);
}
const config = loadConfig();
const dir = config.CAPTIONS_MODEL_DIR;
const path = join(dir, modelFileName(name));

async function sha1Of(file: string): Promise<string> {
  const hash = createHash('sha1');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

try {
  if (existsSync(path) && (await sha1Of(path)) === known.sha1) {
    await writeFile(join(dir, WHISPER_MARKER), `${JSON.stringify({ name, file: modelFileName(name), sha1: known.sha1 }, null, 2)}\n`);
    console.log(`${path} is already here with the right checksum; it is now the installed model.`);
  } else {
    console.log(`downloading ${modelFileName(name)} (${known.mib} MiB) from ${config.CAPTIONS_MODEL_BASE_URL} into ${dir}`);
    let shown = -1;
    const done = await installWhisperModel({
      name,
      dir,
      baseUrl: config.CAPTIONS_MODEL_BASE_URL,
      onProgress: (received, total) => {
        const tenth = total ? Math.floor((received / total) * 10) : Math.floor(received / 50e6);
        if (tenth === shown) return;
        shown = tenth;
        console.log(total ? `  ${tenth * 10}%` : `  ${Math.round(received / 1e6)} MB`);
      },
    });
    console.log(`installed ${done.path} (${(done.bytes / 2 ** 20).toFixed(0)} MiB, SHA-1 ${done.sha1} as whisper.cpp lists it).`);
  }
  console.log(
    config.CAPTIONS_ENGINE && config.CAPTIONS_ENGINE !== 'whisper'
      ? `CAPTIONS_ENGINE=${config.CAPTIONS_ENGINE} is set: unset it (or set CAPTIONS_ENGINE=whisper) for whisper to generate captions.`
      : 'Restart the API and workers: generated captions now use whisper.cpp with it (unless CAPTIONS_WHISPER_MODEL names another file).',
  );
} catch (err) {
  if (!(err instanceof ModelInstallError)) throw err;
  console.error(`captions:model: ${err.message}`);
  process.exit(1);
}
