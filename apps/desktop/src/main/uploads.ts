import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '@reelbase/api-client';
import { folderMirror } from './folder-mirror.ts';
import { mediaTools } from './media-tools.ts';
import { preTrim } from './pre-trim.ts';
import { QueueStore } from './queue-store.ts';
import { type QueueOptions, UploadQueue } from './upload-queue.ts';

/**
 * The upload queue wired to the API client, the folder calls and the shipped ffmpeg, with its
 * state in `dataDir` (the app's user-data folder). Used by the main process and by the tests.
 * `clientOf` gives the current client (the main process makes a new one after each sign-in).
 */
export async function openUploadQueue(
  clientOf: () => ApiClient,
  dataDir: string,
  o: Pick<QueueOptions, 'concurrency' | 'chunkSize' | 'backoff' | 'onChange' | 'onDrained' | 'onResume'> = {},
): Promise<UploadQueue> {
  const workDir = join(dataDir, 'trimmed');
  await mkdir(workDir, { recursive: true });
  const tools = mediaTools();
  const queue = new UploadQueue({
    ...o,
    store: new QueueStore(join(dataDir, 'upload-queue.json')),
    workDir,
    api: {
      resumableUpload: (input) => clientOf().videos.resumableUpload(input),
      uploadOffset: (url) => clientOf().videos.resumableOffset(url),
      getVideo: (id) => clientOf().videos.get(id),
      async findVideo(name, size, since) {
        const page = await clientOf().videos.list({ search: name, limit: 100, field: 'createdAt', direction: 'DESC' });
        return page.items.find((v) => v.name === name && v.size === size && Date.parse(v.createdAt) >= since - 1000)?.id ?? null;
      },
    },
    folders: folderMirror({
      list: async (parentId) => (await clientOf().folders.list(parentId)).items,
      create: async (name, parentId) => (await clientOf().folders.create(name, parentId)).folder,
    }),
    trim: async (input, outputBase, range) => (await preTrim(tools, input, outputBase, range)).output,
  });
  await queue.open();
  return queue;
}
