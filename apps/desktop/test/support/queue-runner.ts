// A queue in its own process, as the app's main process runs it: the folder-upload test starts
// it, lets it kill itself mid-upload (SIGKILL, nothing flushed on the way out), and starts
// another that must continue. Prints one JSON line per event.
//   node queue-runner.ts <dataDir> [<folder to add>]   env: API_URL, SESSION (JSON), DIE_AFTER_BYTES
import { createApiClient, memoryTokenStorage } from '@reelbase/api-client';
import { walkFolder } from '../../src/main/folder-walk.ts';
import { openUploadQueue } from '../../src/main/uploads.ts';

const [dataDir, folder] = process.argv.slice(2);
const dieAfter = Number(process.env.DIE_AFTER_BYTES ?? 0);
const print = (o: object) => process.stdout.write(`${JSON.stringify(o)}\n`);
const client = createApiClient({ baseUrl: process.env.API_URL as string, storage: memoryTokenStorage(JSON.parse(process.env.SESSION as string)) });

let dying = false;
const CHUNK = 16 * 1024;
const queue = await openUploadQueue(() => client, dataDir, {
  concurrency: 3,
  chunkSize: CHUNK,
  backoff: () => 200,
  onResume: (r) => print({ event: 'resume', ...r }),
  onChange(s) {
    // Past the threshold, and while a file is mid-way: more than its first chunk sent (so the server
    // acknowledged that chunk) and not all of it, so the server holds part of it whenever the kill lands.
    if (dieAfter && !dying && s.total.sent >= dieAfter && s.items.some((i) => i.sent > CHUNK && i.sent < i.size)) {
      dying = true;
      print({ event: 'dying', sent: s.total.sent });
      // The state as the last completed write left it, then the hardest stop there is.
      void queue.saved().then(() => process.kill(process.pid, 'SIGKILL'));
    }
  },
  onDrained(summary) {
    print({ event: 'drained', ...summary, items: queue.snapshot().items });
    void queue.close().then(() => process.exit(0));
  },
});
if (folder) {
  const found = await walkFolder(folder);
  await queue.addFolder(folder, found.videos, true);
}
queue.start();
