import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { walkFolder } from '../src/main/folder-walk.ts';
import type { QueueState } from '../src/main/queue-store.ts';
import { type Login, makeClip, sessionOf, signUpAndLogin, startTestServer, type TestServer } from './support/api.ts';
import { distinctCopies } from './support/videos.ts';

const RUNNER = resolve(import.meta.dirname, 'support/queue-runner.ts');

let s: TestServer;
let user: Login;
let tmp: string;
let tree: string;

type Line = { event: string; [k: string]: any };

/** Runs the queue in a new process until it exits (by itself, or killed); returns its JSON lines. */
function runQueue(dataDir: string, folder: string | null, env: Record<string, string> = {}): Promise<{ lines: Line[]; signal: string | null }> {
  const child = spawn(process.execPath, [RUNNER, dataDir, ...(folder ? [folder] : [])], {
    env: { ...process.env, API_URL: s.url, SESSION: JSON.stringify(sessionOf(user)), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((done, fail) =>
    child.on('exit', (code, signal) => {
      if (code && code !== 0) return fail(new Error(`queue process exited ${code}: ${err}`));
      done({ lines: out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line), signal });
    }),
  );
}

const tusHead = (url: string) =>
  fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', authorization: `Bearer ${user.accessToken}` } }).then((r) => ({ status: r.status, offset: Number(r.headers.get('upload-offset')) }));

beforeAll(async () => {
  s = await startTestServer();
  user = await signUpAndLogin(s);
  tmp = await mkdtemp(join(tmpdir(), 'reelbase-desktop-'));
  // Three levels: the picked folder, trips/, trips/2024/. 20 video files (one is a byte copy of
  // another under a new name), plus files that are not videos whatever their names say.
  tree = join(tmp, 'Holidays');
  const dirs = [tree, join(tree, 'trips'), join(tree, 'trips', '2024')];
  for (const d of dirs) await mkdir(d, { recursive: true });
  const base = await makeClip({ seconds: 2, width: 320, height: 240, audio: true });
  const copies = await distinctCopies(base, 19, join(tmp, 'clips'));
  for (const [i, file] of copies.entries()) {
    const dir = dirs[i % 3];
    // One without an extension: its content still says video.
    await copyFile(file, join(dir, i === 4 ? `clip ${i}` : `clip ${i}.mp4`));
  }
  await copyFile(copies[0], join(dirs[2], 'same as clip 0.mp4'));
  await writeFile(join(tree, 'notes.txt'), 'shopping list');
  await writeFile(join(dirs[1], 'fake.mp4'), 'this is text with a video name');
  await writeFile(join(dirs[2], 'cover.jpg'), Buffer.from('ffd8ffe000104a46494600', 'hex'));
});
afterAll(async () => {
  await s?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('the walk keeps video files by their content, through every level', async () => {
  const found = await walkFolder(tree);
  expect(found.videos).toHaveLength(20);
  expect(found.videos.map((v) => v.relPath)).toContain('trips/clip 4');
  expect(found.skipped.sort()).toEqual(['notes.txt', 'trips/2024/cover.jpg', 'trips/fake.mp4']);
  expect(found.folders).toEqual([['trips'], ['trips', '2024']]);
  expect(found.videos.every((v) => v.mime === 'video/mp4')).toBe(true);
});

test('a queue killed mid-upload is continued by a new process from each file’s last byte; duplicates are skipped', async () => {
  const dataDir = join(tmp, 'app-data');
  const sizes = (await walkFolder(tree)).videos.map((v) => v.size);
  const totalBytes = sizes.reduce((a, b) => a + b, 0);

  const first = await runQueue(dataDir, tree, { DIE_AFTER_BYTES: String(Math.floor(totalBytes * 0.3)) });
  expect(first.signal, JSON.stringify(first.lines.slice(-2))).toBe('SIGKILL');
  expect(first.lines.some((l) => l.event === 'drained')).toBe(false);

  // What the killed process left: files under way with their tus uploads on the server, part-sent.
  const state = JSON.parse(await readFile(join(dataDir, 'upload-queue.json'), 'utf8')) as QueueState;
  expect(state.items).toHaveLength(20);
  const underWay = state.items.filter((i) => i.uploadUrl && i.status !== 'done');
  expect(underWay.length).toBeGreaterThan(0);
  const held = new Map<string, number>();
  for (const i of underWay) {
    const h = await tusHead(i.uploadUrl as string);
    // 404: its last bytes arrived (the server made the video) but the id never reached the state;
    // 410: the same, caught while the server is still turning the upload into a video.
    expect([200, 404, 410]).toContain(h.status);
    if (h.status === 200) held.set(i.id, h.offset);
  }
  const partial = [...held.entries()].filter(([id, offset]) => offset > 0 && offset < (state.items.find((i) => i.id === id)?.size ?? 0));
  expect(partial.length).toBeGreaterThan(0);

  const second = await runQueue(dataDir, null);
  const resumes = new Map(second.lines.filter((l) => l.event === 'resume').map((r) => [r.id, r.offset]));
  // Every file the server held part of continued from exactly that byte. (One whose last byte
  // had arrived may have become a video meanwhile, and is then found instead.)
  for (const [id, offset] of held) {
    const size = state.items.find((i) => i.id === id)?.size;
    if (offset < (size ?? 0)) expect(resumes.get(id)).toBe(offset);
  }
  for (const id of resumes.keys()) expect(held.has(id)).toBe(true);
  const drained = second.lines.find((l) => l.event === 'drained') as Line;
  expect(drained).toBeTruthy();
  const items = drained.items as { relPath: string; status: string; videoId: string; size: number }[];
  expect(items.filter((i) => i.status === 'failed')).toEqual([]);
  // The copy of clip 0 is skipped: it names clip 0's video.
  const copy = items.find((i) => i.relPath === 'trips/2024/same as clip 0.mp4');
  expect(copy?.status).toBe('skipped');
  expect(copy?.videoId).toBe(items.find((i) => i.relPath === 'clip 0.mp4')?.videoId);

  const list = await s.api('GET', '/api/videos?limit=100', { token: user.accessToken });
  const videos = list.body.items;
  expect(videos).toHaveLength(19);
  // The picked tree is mirrored as Reelbase folders, and each uploaded file sits in its own one.
  const folderIds = await folderTree();
  expect([...folderIds.keys()]).toEqual(['.', 'trips', 'trips/2024']);
  for (const i of items) {
    const v = await s.api('GET', `/api/videos/${i.videoId}`, { token: user.accessToken });
    expect(v.status).toBe(200);
    expect(v.body.size).toBe((await stat(join(tree, i.relPath))).size);
    if (i.status === 'done') expect(v.body.folderId, i.relPath).toBe(folderIds.get(dirname(i.relPath)));
  }
  for (const [dir, id] of folderIds) {
    const inside = await s.api('GET', `/api/videos?folder_id=${id}&limit=100`, { token: user.accessToken });
    expect(inside.body.items.length).toBe(items.filter((i) => i.status === 'done' && dirname(i.relPath) === dir).length);
  }

  // The same folder again: every file is already there.
  const third = await runQueue(join(tmp, 'app-data'), tree);
  const again = third.lines.find((l) => l.event === 'drained') as Line;
  expect(again.skipped).toBe(20);
  expect(again.done).toBe(0);
  const after = await s.api('GET', '/api/videos?limit=100', { token: user.accessToken });
  expect(after.body.items).toHaveLength(19);
  // The existing folders were reused, not made twice.
  expect(await folderTree()).toEqual(folderIds);
});

/** The account's folders below the top-level 'Holidays', by path relative to the picked folder. */
async function folderTree(): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const walk = async (parentId: string | null, path: string | null) => {
    const level = await s.api('GET', `/api/folders${parentId ? `?parent_id=${parentId}` : ''}`, { token: user.accessToken });
    for (const f of level.body.items as { id: string; name: string }[]) {
      const p = path === null ? '.' : path === '.' ? f.name : `${path}/${f.name}`;
      ids.set(p, f.id);
      await walk(f.id, p);
    }
  };
  await walk(null, null);
  return ids;
}
