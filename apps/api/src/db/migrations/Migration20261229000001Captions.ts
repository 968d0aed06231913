import { Migration } from '@mikro-orm/migrations';

/**
 * Caption tracks (issue 25). A track belongs to a video (and, like it, to the team's account in
 * `user_id`); its cues are rows of `caption_cues`, so the cues of every track are searched by the
 * words spoken (`search`, a tsvector of the cue's plain text under the 'simple' configuration:
 * no stemming, so any language's words match as written, case-insensitive) through a GIN index,
 * and a hit answers its time. At most one default track per video (a partial unique index).
 */
export class Migration20261229000001Captions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table caption_tracks (
      id uuid primary key,
      video_id uuid not null references videos (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      language varchar(35) not null,
      label varchar(100) not null,
      kind varchar(9) not null check (kind in ('uploaded', 'generated', 'edited')),
      is_default boolean not null default false,
      status varchar(10) not null default 'ready' check (status in ('ready', 'processing', 'failed')),
      error text null,
      cue_count integer not null default 0,
      version integer not null default 1,
      created_by uuid null references users (id) on delete set null,
      updated_by uuid null references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index caption_tracks_video_idx on caption_tracks (video_id, created_at);');
    this.addSql('create unique index caption_tracks_one_default on caption_tracks (video_id) where is_default;');
    this.addSql(`create table caption_cues (
      track_id uuid not null references caption_tracks (id) on delete cascade,
      seq integer not null,
      video_id uuid not null references videos (id) on delete cascade,
      start_sec double precision not null,
      end_sec double precision not null,
      text text not null,
      plain text not null,
      search tsvector generated always as (to_tsvector('simple', plain)) stored,
      primary key (track_id, seq)
    );`);
    this.addSql('create index caption_cues_search_idx on caption_cues using gin (search);');
    this.addSql('create index caption_cues_video_idx on caption_cues (video_id, start_sec);');
  }
}
