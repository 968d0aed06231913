import type { Video as VideoDto } from '@reelbase/api-client';
import { copySuffix, TRIM_MESSAGES, VIDEO_NAME_MAX, withSuffix } from '@reelbase/api-client';
import type { Orm } from '../../../db/orm.ts';
import { type Sql, sqlOf } from '../../../db/sql.ts';
import { conflict } from '../../../http/errors.ts';
import type { JobQueue } from '../../../queue/job-queue.ts';
import type { Storage } from '../../../storage/storage.ts';
import { planAudioCopies } from '../../audio-tracks/audio-copy.ts';
import { copyCaptions } from '../../captions/captions.service.ts';
import type { PlaybackTokens } from '../../playback/playback-tokens.ts';
import type { StorageQuota } from '../quota/storage-quota.ts';
import { isStale } from '../stale-media.ts';
import { videoKeys } from '../storage-layout.ts';
import { keptPrivacy, ownedVideo, pickFacts } from '../video-basics.ts';
import { toVideo } from '../video-view.ts';
import { Video } from '../video.entity.ts';
import { videoNamesLike } from './edits.queries.ts';

/** A copy's reservation, should its process die while copying. */
const COPY_RESERVATION_MS = 3600 * 1000;

/**
 * A second video with the same files (copied through storage, so each video owns its files
 * and deleting one never touches the other), name '<name> (copy)', the same folder and player
 * settings; statistics and bandwidth start at zero. Its bytes are reserved in the storage quota
 * before the first file is copied (413 when they do not fit).
 */
export async function copyVideo(d: { orm: Orm; storage: Storage; queue: JobQueue; quota: StorageQuota; tokens?: PlaybackTokens }, userId: string, id: string): Promise<VideoDto> {
  const { em, video: source } = await ownedVideo(d.orm, userId, id);
  if (source.status !== 'ready' || !source.originalKey) throw conflict(TRIM_MESSAGES.busy);
  // Everything the source stores, reserved before a byte is copied (parallel uploads included).
  // Copying is work like a job's: it takes a slot of the account's (429 past its cap).
  const slot = await d.queue.takeSlot(userId, 'copy-video', source.storedBytes, COPY_RESERVATION_MS);
  const copyId = crypto.randomUUID();
  const from = `${videoKeys.dir(source.id)}/`;
  const to = `${videoKeys.dir(copyId)}/`;
  // URLs and keys below the source's folder point into the copy's folder instead.
  const moveKey = (key: string) => to + key.slice(from.length);
  const moveUrl = (url: string | null) => (url?.startsWith(d.storage.url(from)) ? d.storage.url(to + url.slice(d.storage.url(from).length)) : url);
  try {
    // The source's GIFs stay its own (their rows name it).
    let storedBytes = 0;
    // A trim or replace that overwrote the source meanwhile may have swapped files under the copy,
    // or removed a listed one before it was copied: either is the owner's "busy", not a failure.
    const sourceChanged = async () => {
      const now = await em.fork().findOne(Video, { id: source.id });
      return now?.status !== 'ready' || now.lastEditId !== source.lastEditId || now.mediaVersion !== source.mediaVersion;
    };
    const audio = await planAudioCopies(sqlOf(em), source.id);
    try {
      for await (const o of d.storage.list(videoKeys.dir(source.id))) {
        // Nor does the copy take files of an earlier picture still in their grace (stale-media.ts).
        const key = o.key.startsWith(`${from}gifs/`) || isStale(source, o.key) ? null : audio.keyFor(o.key.slice(from.length));
        if (key) storedBytes += (await d.storage.copy(o.key, to + key)).size;
      }
    } catch (err) {
      if (await sourceChanged()) throw conflict(TRIM_MESSAGES.busy);
      throw err;
    }
    if (await sourceChanged()) throw conflict(TRIM_MESSAGES.busy);
    const copy = em.create(Video, {
      id: copyId,
      userId,
      folderId: source.folderId,
      name: await copyName(sqlOf(em), userId, source.name),
      source: source.source,
      importUrl: source.importUrl,
      importProgress: source.importProgress,
      originalKey: moveKey(source.originalKey),
      // The same relative paths: the copy's picture is in the folder of the same version.
      mediaVersion: source.mediaVersion,
      size: source.size,
      // What was copied, counted as the copy's own.
      storedBytes,
      ...pickFacts(source),
      status: 'ready',
      isMainReady: source.isMainReady,
      isHlsReady: source.isHlsReady,
      isLadderReady: source.isLadderReady,
      // A blocked video stays blocked in its copy.
      ban: source.ban,
      banReason: source.banReason,
      imageUrl: moveUrl(source.imageUrl ?? null),
      thumbnails: source.thumbnails.map((t) => moveUrl(t) as string),
      renditions: structuredClone(source.renditions),
      playerConfig: structuredClone(source.playerConfig),
      // Its chapters, and the storyboard that came along with the picture's files (issue 26).
      chapters: structuredClone(source.chapters ?? []),
      storyboard: source.storyboard ? { ...source.storyboard } : null,
      // A copy of a private or protected video stays so (docs/decisions.md).
      ...keptPrivacy(source),
      // The copy can change or remove the watermark too: its unmarked source came along.
      watermark: source.watermark ? { ...source.watermark, imageKey: moveKey(source.watermark.imageKey), cleanKey: source.watermark.cleanKey && moveKey(source.watermark.cleanKey) } : null,
    });
    await em.flush();
    await copyCaptions(sqlOf(em), source.id, copyId);
    await audio.insert(sqlOf(em), copyId);
    await d.quota.recount(copyId);
    return toVideo(copy, d.storage, d.tokens);
  } catch (err) {
    await d.storage.deletePrefix(videoKeys.dir(copyId));
    throw err;
  } finally {
    await d.queue.releaseSlot(slot.id);
  }
}

/**
 * A copy's name: '<base> (copy)', else '<base> (copy 2)', '(copy 3)', ... the first the owner has
 * no video of. The base is the source's name without a copy suffix of its own, so a copy of
 * 'Intro (copy)' is 'Intro (copy 2)', not 'Intro (copy) (copy)'.
 */
export async function copyName(sql: Sql, userId: string, sourceName: string): Promise<string> {
  const base = sourceName.replace(/ \(copy(?: \d+)?\)$/, '');
  const like = `${base.slice(0, VIDEO_NAME_MAX - 20).replace(/[\\%_]/g, (c) => `\\${c}`)}%(copy%)`;
  const taken = await videoNamesLike(sql, userId, like);
  for (let n = 1; ; n++) {
    const name = withSuffix(base, copySuffix(n));
    if (!taken.has(name)) return name;
  }
}
