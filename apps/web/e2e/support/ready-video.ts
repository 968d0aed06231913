import type { APIRequestContext } from '@playwright/test';
import { type Account, apiToken, expect, registerViaApi, uploadViaApi } from './fixtures.ts';

export { clips, MINUTES_CLIP_SECONDS } from './clips.ts';

export interface ReadyVideo {
  id: string;
  account: Account;
  /** An access token fresh when the video became ready. */
  token: string;
}

interface ReadyOptions {
  /** The account to upload as (a new one when absent). */
  account?: Account;
  /** Wait until the master playlist lists exactly these rungs, e.g. 'RESOLUTION=640x360 RESOLUTION=426x240' (the ladder lands after the first playable rendition). */
  rungs?: string;
  /** A WebVTT caption track to add once ready, as the default English track. */
  captions?: string;
}

/**
 * Uploads `file` through the API and waits until it plays as mp4 and HLS: the one "a ready video"
 * helper of the player specs. It signs in again when the server refuses an ended access token
 * (the short-token stack's end while a clip is processed), so it works on either stack.
 */
export async function uploadReady(request: APIRequestContext, baseURL: string, file: string, name: string, opts: ReadyOptions = {}): Promise<ReadyVideo> {
  const account = opts.account ?? (await registerViaApi(request, baseURL));
  const { id } = await uploadViaApi(request, baseURL, account, file, name);
  let token = await apiToken(request, baseURL, account);
  const get = () => request.get(`${baseURL}/api/videos/${id}`, { headers: { authorization: `Bearer ${token}` } });
  await expect
    .poll(async () => {
      let res = await get();
      if (res.status() === 401) {
        token = await apiToken(request, baseURL, account);
        res = await get();
      }
      const v = await res.json();
      return v.isMainReady && v.isHlsReady;
    }, { timeout: 240_000, intervals: [500] })
    .toBe(true);
  if (opts.rungs) {
    await expect
      .poll(async () => {
        const info = await (await request.get(`${baseURL}/api/playback/${id}`)).json();
        if (!info.hlsSource) return '';
        return (await (await request.get(new URL(info.hlsSource, baseURL).href)).text()).match(/RESOLUTION=\d+x\d+/g)?.join(' ') ?? '';
      }, { timeout: 240_000, intervals: [500] })
      .toBe(opts.rungs);
  }
  token = await apiToken(request, baseURL, account);
  if (opts.captions) {
    const res = await request.post(`${baseURL}/api/videos/${id}/captions`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: { language: 'en', label: 'English', isDefault: 'true', file: { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(opts.captions) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { id, account, token };
}

/**
 * One ready video per worker and key: the first test of a file that asks uploads it, the others
 * share it (a retry runs in a new worker, so it uploads its own).
 */
const perWorker = new Map<string, Promise<ReadyVideo>>();
export function sharedReady(key: string, make: () => Promise<ReadyVideo>): Promise<ReadyVideo> {
  let v = perWorker.get(key);
  if (!v) {
    v = make();
    perWorker.set(key, v);
  }
  return v;
}
