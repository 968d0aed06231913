import { openAsBlob } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { ApiError } from '../src/client/errors.ts';
import { signedIn } from './support/client.ts';

const sample = () => openAsBlob(inject('sampleVideo'), { type: 'video/mp4' });

/** The worker probes an upload after it is stored; the embed's ratio needs its size. */
async function probed(client: Awaited<ReturnType<typeof signedIn>>['client'], id: string) {
  for (let i = 0; i < 600 && !(await client.videos.get(id)).metadata?.video?.width; i++) await new Promise((r) => setTimeout(r, 100));
}

describe('embed code from the API', () => {
  it("is the API's hls embed by default: a responsive box with the video's aspect ratio", async () => {
    const { client, requests } = await signedIn();
    // The sample is 320x240: a 4 / 3 box at any width when no size is asked.
    const video = await client.videos.upload({ file: await sample(), filename: 'e.mp4' });
    await probed(client, video.id);
    requests.length = 0;
    const code = await client.videos.embedCode(video.id, { newWindow: true, redirect: ' https://shop.example/?a=1&b=2 ' });
    expect(requests).toEqual([`GET /api/videos/${video.id}/embed`]);
    // The API signs the redirect (sig), so the embed page follows it.
    expect(code).toMatch(new RegExp(`src="${client.baseUrl}/embed/hls/${video.id}\\?redirect=https%3A%2F%2Fshop\\.example%2F%3Fa%3D1%26b%3D2&amp;sig=[\\w-]{43}&amp;new-window=1"`));
    expect(code).toMatch(/^<div style="position:relative;width:100%;aspect-ratio:4 \/ 3">/);
  });

  it('takes the mp4 type; a size gives a fixed iframe, and a zero side counts as 1', async () => {
    const { client } = await signedIn();
    const video = await client.videos.upload({ file: await sample(), filename: 'e.mp4' });
    const code = await client.videos.embedCode(video.id, { width: 600, height: 600, type: 'mp4' });
    expect(code).toMatch(new RegExp(`^<iframe src="${client.baseUrl}/embed/mp4/${video.id}" [^>]*width="600" height="600"`));
    expect(await client.videos.embedCode(video.id, { width: 10.4, height: 0 })).toMatch(/width="10" height="1"/);
  });

  it("a 404 is 'Video not found', with no embed code made up here", async () => {
    const { client, requests } = await signedIn();
    const video = await client.videos.upload({ file: await sample(), filename: 'gone.mp4' });
    await client.videos.remove(video.id);
    for (const videoId of [video.id, crypto.randomUUID(), 'not-a-video']) {
      requests.length = 0;
      const err = await client.videos.embedCode(videoId, { width: 600, height: 600 }).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 404, message: 'Video not found' });
      expect(requests).toEqual([`GET /api/videos/${encodeURIComponent(videoId)}/embed`]);
    }
  });

  it("another user's video is not found either; a bad redirect is the API's 422", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const video = await owner.client.videos.upload({ file: await sample(), filename: 'mine.mp4' });
    await expect(other.client.videos.embedCode(video.id, { width: 600, height: 600 })).rejects.toMatchObject({ status: 404, message: 'Video not found' });
    await expect(owner.client.videos.embedCode(video.id, { width: 600, height: 600, redirect: 'javascript:alert(1)' })).rejects.toMatchObject({
      status: 422,
      message: 'Redirect must match format "http:// or https://".',
    });
  });
});
