import { openAsBlob } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { UploadProgress } from '../src/client/transport.ts';
import { signedIn, sleep } from './support/client.ts';

const sample = () => openAsBlob(inject('sampleVideo'), { type: 'video/mp4' });

describe('videos through the client', () => {
  it('uploads a file in one multipart request with progress, then lists, renames and deletes it', async () => {
    const { client } = await signedIn();
    const progress: UploadProgress[] = [];
    const video = await client.videos.upload({ file: await sample(), filename: 'My holiday.mp4', onProgress: (p) => progress.push(p) });
    expect(video.name).toBe('My holiday');
    expect(progress.at(-1)?.percent).toBe(100);

    const list = await client.videos.list({ limit: 10, page: 1, direction: 'DESC', field: 'createdAt' });
    expect(list.items.map((v) => v.id)).toContain(video.id);
    expect(list.meta).toMatchObject({ limit: 10, currentPage: 1, totalItems: 1 });

    const renamed = await client.videos.rename(video.id, 'Renamed clip');
    expect(renamed.name).toBe('Renamed clip');
    expect((await client.videos.list({ search: 'renamed' })).items).toHaveLength(1);

    await client.videos.remove(video.id);
    const gone = await client.videos.get(video.id).catch((e) => e);
    expect(gone.status).toBe(404);
  });

  it('uploads large files resumably (tus) and returns the new video', async () => {
    const { client } = await signedIn();
    const progress: number[] = [];
    const video = await client.videos.upload({ file: await sample(), filename: 'big.mp4', name: 'Resumable', resumableAboveBytes: 0, onProgress: (p) => progress.push(p.percent) });
    expect(video.name).toBe('Resumable');
    expect(progress.at(-1)).toBe(100);
    // The video gets processed into a playable mp4.
    for (let i = 0; i < 120; i++) {
      const v = await client.videos.get(video.id);
      if (v.isMainReady) {
        expect(v.videoSource).toBeTruthy();
        return;
      }
      await sleep(500);
    }
    throw new Error('video never became ready');
  });

  it('replaces a video file with progress, in one request and resumably, keeping the video', async () => {
    const { client } = await signedIn();
    const untilReady = async (videoId: string) => {
      for (let i = 0; i < 120; i++) {
        const v = await client.videos.get(videoId);
        if (v.processing.activity === 'ready' && v.processing.isLadderReady) return v;
        await sleep(500);
      }
      throw new Error('video never became ready');
    };
    const video = await untilReady((await client.videos.upload({ file: await sample(), filename: 'First cut.mp4' })).id);
    for (const resumableAboveBytes of [undefined, 0]) {
      const before = await client.videos.get(video.id);
      const progress: number[] = [];
      const replaced = await client.videos.replace(video.id, { file: await sample(), filename: 'second.mp4', resumableAboveBytes, onProgress: (p) => progress.push(p.percent) });
      expect(replaced).toMatchObject({ id: video.id, name: 'First cut' });
      expect(progress.at(-1)).toBe(100);
      const after = await untilReady(video.id);
      expect(after.hlsSource).not.toBe(before.hlsSource);
    }
  });

  it('refuses files that are not videos before sending them', async () => {
    const { client, requests } = await signedIn();
    requests.length = 0;
    const err = await client.videos.upload({ file: new Blob(['hello'], { type: 'text/plain' }), filename: 'notes.txt' }).catch((e) => e);
    expect(err.message).toBe('Only video files are accepted.');
    expect(requests).toEqual([]);
  });
});
