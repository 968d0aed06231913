import { Migration } from '@mikro-orm/migrations';

/**
 * The engagement graph pre-aggregated (issue 33, performance): ended sessions are added per video
 * and UTC day of their start, so a video with a million sessions reads a few hundred rows instead
 * of summing its sessions; its viewers are kept once per viewer id for the unique count.
 */
export class Migration20261247000004ViewerEngagement extends Migration {
  override async up(): Promise<void> {
    // points: the graph's layout when the sessions were added (a replaced video gets a new one);
    // counts[i]: sessions that watched any of point i; watched_share: the sum of each session's share watched (0-1).
    this.addSql(`create table viewer_engagement_days (
      video_id uuid not null references videos (id) on delete cascade,
      day date not null,
      points smallint not null,
      plays integer not null default 0,
      watched_share double precision not null default 0,
      counts integer[] not null,
      primary key (video_id, day, points)
    );`);
    // last_day: the day of the viewer's latest session, so the retention purge drops them with it.
    this.addSql(`create table viewer_video_viewers (
      video_id uuid not null references videos (id) on delete cascade,
      viewer_key uuid not null,
      last_day date not null default (now() at time zone 'UTC')::date,
      primary key (video_id, viewer_key)
    );`);
    // How many rows viewer_video_viewers holds per video, so the graph reads one row, not a million.
    this.addSql(`create table viewer_video_counts (
      video_id uuid primary key references videos (id) on delete cascade,
      viewers bigint not null default 0
    );`);
    this.addSql('create index viewer_sessions_video_open_idx on viewer_sessions (video_id) where ended_at is null;');
    this.addSql('create index viewer_engagement_days_day_idx on viewer_engagement_days (day);');
    this.addSql('create index viewer_video_viewers_day_idx on viewer_video_viewers (last_day);');
  }
}
