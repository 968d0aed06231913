import { openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClip } from './support/clips.ts';
import { ffprobeJson, tempDir } from './media/media-helpers.ts';
import { type SignedIn, startWithOwnerAndOther, type TestServer } from './support/test-server.ts';

/* Issue 26 item 4: every processed video gets a storyboard, named in the public playback answer, tokened like its media, new with every new picture. */

let s: TestServer;
let owner: SignedIn;
let videoId: string;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  ({ s, owner } = await startWithOwnerAndOther());
  dir = await tempDir('storyboard-playback');
  const up = await s.upload(owner.accessToken, await makeClip({ codec: 'h264', width: 640, height: 360, seconds: 6, gop: 60, audio: true }), { name: 'Harbour tour' });
  expect(up.status).toBe(201);
  videoId = up.body.id;
}, 120_000);
afterAll(async () => {
  await dir?.remove();
  await s.stop();
});

const playback = async (token?: string) => (await s.api('GET', `/api/playback/${videoId}${token ? `?token=${encodeURIComponent(token)}` : ''}`)).body;
/** The playback answer once it names a storyboard other than `not`. */
async function storyboardOf(not?: string, token?: () => string | undefined) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const info = await playback(token?.());
    if (info.storyboard && info.storyboard.vtt !== not) return info;
    if (Date.now() > deadline) throw new Error(`no storyboard: ${JSON.stringify(info)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Fetches the index and each sheet it names; checks every cue's rectangle lies inside its sheet and the cues cover the video. */
async function checkStoryboard(vttUrl: string, durationSec: number) {
  const res = await fetch(vttUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/vtt');
  const blocks = (await res.text()).split('\n\n').slice(1).filter((b) => b.trim());
  const sheets = new Map<string, { width: number; height: number }>();
  let covered = 0;
  for (const block of blocks) {
    const [timing, target] = block.trim().split('\n');
    const [from, to] = timing.split(' --> ').map((t) => t.split(':').reduce((acc, p) => acc * 60 + Number(p), 0));
    expect(from).toBeCloseTo(covered, 3);
    covered = to;
    const m = /^(sheet-\d+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target) as RegExpExecArray;
    expect(m, target).not.toBeNull();
    const sheetUrl = new URL(m[1], vttUrl).href;
    if (!sheets.has(sheetUrl)) {
      const img = await fetch(sheetUrl);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/jpeg');
      const file = join(dir.path, `${crypto.randomUUID()}.jpg`);
      await writeFile(file, Buffer.from(await img.arrayBuffer()));
      const [stream] = (await ffprobeJson(file)).streams;
      sheets.set(sheetUrl, { width: stream.width, height: stream.height });
    }
    const sheet = sheets.get(sheetUrl) as { width: number; height: number };
    const [x, y, w, h] = m.slice(2).map(Number);
    expect(w).toBe(160);
    expect(x + w).toBeLessThanOrEqual(sheet.width);
    expect(y + h).toBeLessThanOrEqual(sheet.height);
  }
  expect(covered).toBeCloseTo(durationSec, 1);
  return { cues: blocks.length, sheets: [...sheets.values()] };
}

test('a processed video gets a storyboard from its lowest rung: the playback answer names it once the video is ready, the sheet holds a 160 px tile per second, the cues cover the video', async () => {
  await s.waitForVideo(owner.accessToken, videoId, (v) => v.processing.stage === 'ready' && v.processing.isLadderReady, 90_000);
  // Made right after the ladder, before the video shows ready.
  const info = await playback();
  expect(info.storyboard).toEqual({ vtt: `${s.url}/media/videos/${videoId}/storyboard/storyboard.vtt`, width: 160, height: 90 });
  const board = await checkStoryboard(info.storyboard.vtt, info.durationSec);
  expect(board.cues).toBe(Math.ceil(info.durationSec - 0.1));
  expect(board.sheets).toEqual([{ width: 960, height: 90 }]);
});

test('a replace gets a new storyboard in the new picture folder; a non-public video serves it only with its playback token', async () => {
  const first = (await storyboardOf()).storyboard.vtt as string;
  const form = new FormData();
  form.append('video', await openAsBlob(await makeClip({ codec: 'h264', width: 480, height: 360, seconds: 3, gop: 30, audio: true }), { type: 'video/mp4' }), 'new.mp4');
  const res = await fetch(`${s.url}/api/videos/${videoId}/replace`, { method: 'POST', headers: { authorization: `Bearer ${owner.accessToken}` }, body: form });
  expect(res.status).toBe(202);
  const info = await storyboardOf(first);
  expect(info.storyboard.vtt).toMatch(new RegExp(`/media/videos/${videoId}/v-[0-9a-f]{12}/storyboard/storyboard\\.vtt$`));
  expect(info.storyboard).toMatchObject({ width: 160, height: 120 });
  const board = await checkStoryboard(info.storyboard.vtt, info.durationSec);
  expect(board.cues).toBe(3);
  expect(board.sheets).toEqual([{ width: 480, height: 120 }]);

  const set = await s.api('PUT', `/api/videos/${videoId}/privacy`, { token: owner.accessToken, body: { visibility: 'private' } });
  expect(set.status).toBe(200);
  expect((await fetch(info.storyboard.vtt)).status).toBe(403);
  expect((await fetch(new URL('sheet-0.jpg', info.storyboard.vtt))).status).toBe(403);
  const tokened = await playback(set.body.playbackToken.token);
  expect(tokened.storyboard.vtt).toContain(`/~${tokened.token.token}/v-`);
  // Sheets named relative to the index inherit its token.
  const again = await checkStoryboard(tokened.storyboard.vtt, tokened.durationSec);
  expect(again.cues).toBe(3);
});
