import { type AnalyticsOverviewCsvQuery, DROP_OFF_INTERVAL_SECONDS, type StatKind } from '@reelbase/api-client';
import { isUuid, type Sql } from '../../db/sql.ts';

// The SQL of viewer statistics: the daily salts and viewer hashes, what a beacon needs of its video,
// the flushed counts, a video's counts over a range and the overview's per-video figures (its page,
// its totals and, through `overviewSql`, its CSV).

/** What a beacon needs of its video. */
export type TargetRow = { duration_sec: number | null; ban: boolean; status: string; owner_ban: boolean; cta: boolean | null; visibility: string; privacy_version: number };

export type OverviewRow = { id: string; name: string; image_url: string | null; created_ms: number; duration_sec: number | null; plays: number; viewers: number; beacons: number };

// The overview's sort fields as columns of its query; each ends with the id for a stable order.
const OVERVIEW_ORDER: Record<AnalyticsOverviewCsvQuery['field'], string> = {
  name: 'name',
  createdAt: 'created_ms',
  plays: 'plays',
  uniqueViewers: 'viewers',
  watchTimeSec: 'watch',
  averagePercentWatched: 'pct',
};

/**
 * The overview's queries, shared by its page and its CSV: `perVideo` sums each video's counts from
 * `from` (null: all time); `figures` gives every video of the account with them, `orderBy` the
 * table's order.
 */
export function overviewSql(userId: string, from: string | null, sort: Pick<AnalyticsOverviewCsvQuery, 'field' | 'direction'>) {
  const perVideoParams = from ? [userId, from] : [userId];
  const perVideo = `select c.video_id,
      coalesce(sum(c.count) filter (where c.kind = 'dropOff' and c.name = '0'), 0)::float8 as plays,
      coalesce(sum(c.count) filter (where c.kind = 'viewers'), 0)::float8 as viewers,
      coalesce(sum(c.count) filter (where c.kind = 'dropOff' and c.name <> '0'), 0)::float8 as beacons
    from video_stat_counts c join videos v on v.id = c.video_id
    where v.user_id = ?${from ? ' and c.day >= ?' : ''}
    group by c.video_id`;
  const figures = `select v.id, v.name, v.image_url, (extract(epoch from v.created_at) * 1000)::float8 as created_ms, v.duration_sec,
      coalesce(s.plays, 0) as plays, coalesce(s.viewers, 0) as viewers, coalesce(s.beacons, 0) as beacons, coalesce(s.beacons, 0) * ${DROP_OFF_INTERVAL_SECONDS} as watch,
      case when s.plays > 0 and v.duration_sec > 0 then least(100, s.beacons * ${DROP_OFF_INTERVAL_SECONDS} / (s.plays * v.duration_sec) * 100) else 0 end as pct
    from videos v left join (${perVideo}) s on s.video_id = v.id
    where v.user_id = ?`;
  const dir = sort.direction === 'DESC' ? 'desc' : 'asc';
  return { perVideo, perVideoParams, figures, figuresParams: [...perVideoParams, userId], orderBy: `order by ${OVERVIEW_ORDER[sort.field]} ${dir}, id ${dir}` };
}

/** The day's salt as stored: `salt` is kept unless another process stored one first. */
export async function daySalt(sql: Sql, day: string, salt: string): Promise<string> {
  await sql('insert into statistics_salts (day, salt) values (?, ?) on conflict (day) do nothing', [day, salt]);
  const [row] = await sql<{ salt: string }[]>('select salt from statistics_salts where day = ?', [day]);
  return row.salt;
}

/** What a beacon needs of the video with its owner's block; none for an id that is not a uuid. */
export const targetRows = async (sql: Sql, id: string): Promise<TargetRow[]> =>
  isUuid(id)
    ? await sql<TargetRow[]>(
        `select v.duration_sec, v.ban, v.status, u.ban as owner_ban, (v.player_config->'callToAction'->>'enabled')::boolean as cta, v.visibility, v.privacy_version
           from videos v join users u on u.id = v.user_id where v.id = ?`,
        [id],
      )
    : [];

/** Drops viewer hashes and salts of days before the day before `today`. */
export async function forgetViewersBefore(sql: Sql, today: string): Promise<void> {
  await sql('delete from video_daily_viewers where day < ?::date - 1', [today]);
  await sql('delete from statistics_salts where day < ?::date - 1', [today]);
}

/** Adds counts (JSON of `{ video_id, day, kind, name, count }[]`); rows of deleted videos are dropped by the join. */
export const addCounts = (sql: Sql, rows: string) =>
  sql(
    `insert into video_stat_counts (video_id, day, kind, name, count)
           select x.video_id, x.day, x.kind, x.name, x.count
           from jsonb_to_recordset(?::jsonb) as x(video_id uuid, day date, kind text, name text, count bigint)
           join videos v on v.id = x.video_id
           on conflict (video_id, day, kind, name) do update set count = video_stat_counts.count + excluded.count`,
    [rows],
  );

/** Records the day's viewers (JSON of `{ video_id, day, viewer }[]`) and counts those not counted that day before. */
export const addViewers = (sql: Sql, rows: string) =>
  sql(
    `with fresh as (
             insert into video_daily_viewers (video_id, day, viewer)
             select x.video_id, x.day, x.viewer
             from jsonb_to_recordset(?::jsonb) as x(video_id uuid, day date, viewer text)
             join videos v on v.id = x.video_id
             on conflict do nothing
             returning video_id, day)
           insert into video_stat_counts (video_id, day, kind, name, count)
           select video_id, day, 'viewers', '', count(*) from fresh group by video_id, day
           on conflict (video_id, day, kind, name) do update set count = video_stat_counts.count + excluded.count`,
    [rows],
  );

/** The user's video; none for another's or an id that is not a uuid. */
export const ownedVideoRows = async (sql: Sql, userId: string, videoId: string): Promise<{ duration_sec: number | null }[]> =>
  isUuid(videoId) ? await sql<{ duration_sec: number | null }[]>('select duration_sec from videos where id = ? and user_id = ?', [videoId, userId]) : [];

/** A video's counts by day, kind and name, from `from` (null: all time). */
export const videoCounts = (sql: Sql, videoId: string, from: string | null) =>
  sql<{ day: string; kind: StatKind | 'viewers' | 'ctaClick'; name: string; count: string | number }[]>(
    `select to_char(day, 'YYYY-MM-DD') as day, kind, name, count from video_stat_counts where video_id = ?${from ? ' and day >= ?' : ''}`,
    from ? [videoId, from] : [videoId],
  );

/** One sorted page of the overview's rows. */
export function overviewPage(sql: Sql, userId: string, from: string | null, sort: Pick<AnalyticsOverviewCsvQuery, 'field' | 'direction'>, limit: number, offset: number) {
  const { figures, figuresParams, orderBy } = overviewSql(userId, from, sort);
  return sql<OverviewRow[]>(`${figures} ${orderBy} limit ? offset ?`, [...figuresParams, limit, offset]);
}

/** The overview's sums: the account's videos, plays, viewers, beacons and the seconds of the plays' full lengths. */
export function overviewSums(sql: Sql, userId: string, from: string | null, sort: Pick<AnalyticsOverviewCsvQuery, 'field' | 'direction'>) {
  const { perVideo, perVideoParams } = overviewSql(userId, from, sort);
  return sql<{ videos: string; plays: number | null; viewers: number | null; beacons: number | null; played_sec: number | null }[]>(
    `select (select count(*) from videos where user_id = ?) as videos, sum(s.plays) as plays, sum(s.viewers) as viewers, sum(s.beacons) as beacons,
           sum(s.plays * coalesce(v.duration_sec, 0)) as played_sec
         from (${perVideo}) s join videos v on v.id = s.video_id`,
    [userId, ...perVideoParams],
  );
}
