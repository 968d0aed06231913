import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffprobeJson } from '../media/media-helpers.ts';
import type { TestServer } from './test-server.ts';

/** Duration in seconds of a published video file, downloaded as a viewer would and read by ffprobe. */
export async function publishedDuration(url: string): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'reelbase-dl-'));
  try {
    const file = join(dir, 'video.mp4');
    await writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
    return Number((await ffprobeJson(file)).format.duration);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Uploads a clip and waits until it is fully processed (ladder included). */
export async function uploadReady(s: TestServer, token: string, clip: string, name: string) {
  const up = await s.upload(token, clip, { name });
  if (up.status !== 201) throw new Error(`upload failed: ${JSON.stringify(up.body)}`);
  return s.waitForVideo(token, up.body.id, (v) => v.status === 'ready' && v.processing.isLadderReady && v.processing.stage === 'ready');
}

/** Every file the video's playlists lead to (master, variants, segments), relative to the video's folder. */
export async function listedHlsFiles(master: string): Promise<string[]> {
  const base = new URL('..', master).pathname;
  const files = new Set([new URL(master).pathname]);
  const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
  for (const rel of uris(await (await fetch(master)).text())) {
    const variant = new URL(rel, master);
    files.add(variant.pathname);
    for (const seg of uris(await (await fetch(variant)).text())) files.add(new URL(seg, variant).pathname);
  }
  return [...files].map((p) => p.slice(base.length)).sort();
}

/** Every file of the video in local storage (data dir), relative to its folder. */
export async function storedFiles(dataDir: string, id: string): Promise<string[]> {
  const dir = join(dataDir, 'media', 'videos', id);
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

/**
 * Every file a viewer of the video can reach, relative to its folder: the mp4, the playlists and
 * what they list, the frames and the cover.
 */
export async function reachableFiles(v: { id: string; videoSource: string; hlsSource: string; thumbnails: string[]; imageUrl: string }): Promise<Set<string>> {
  const master = new URL(v.hlsSource);
  const base = `${master.origin}/media/videos/${v.id}/`;
  const listed = (await listedHlsFiles(v.hlsSource)).map((f) => new URL(`../${f}`, master).toString());
  // The storyboard beside the picture (issue 26): its index and the sheets it names.
  const index = new URL('storyboard/storyboard.vtt', v.videoSource).toString();
  const res = await fetch(index);
  const board = res.ok ? [index, ...new Set([...(await res.text()).matchAll(/^(sheet-\d+\.jpg)#/gm)].map((m) => new URL(m[1], index).toString()))] : [];
  return new Set([v.videoSource, ...listed, ...v.thumbnails, v.imageUrl, ...board].map((u) => u.slice(base.length)));
}

/** Waits until every one of `files` (relative to the video's folder) answers 404: they go a grace after the switch (STALE_MEDIA_GRACE_SECONDS). */
export async function untilGone(s: Pick<TestServer, 'url'>, id: string, files: Iterable<string>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const f of files) {
    for (;;) {
      const status = (await fetch(`${s.url}/media/videos/${id}/${f}`, { method: 'HEAD' })).status;
      if (status === 404) break;
      if (Date.now() > deadline) throw new Error(`${f} still answers ${status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
