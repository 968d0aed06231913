import { Migration } from '@mikro-orm/migrations';

/**
 * Extra audio tracks of a video (issue 37 item 2): dubbed or described audio, encoded once to AAC
 * by the audio-track job and listed in the HLS master as AUDIO renditions. A track belongs to a
 * video (and, like it, to the team's account in `user_id`); its files live under
 * videos/{id}/audio/{trackId}/. At most one default per video (a partial unique index); none:
 * the video's own audio is the default.
 */
export class Migration20261248000051AudioTracks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table audio_tracks (
      id uuid primary key,
      video_id uuid not null references videos (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      language varchar(35) not null,
      label varchar(100) not null,
      is_default boolean not null default false,
      status varchar(10) not null default 'processing' check (status in ('ready', 'processing', 'failed')),
      error text null,
      duration_sec double precision null,
      created_by uuid null references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index audio_tracks_video_idx on audio_tracks (video_id, created_at);');
    this.addSql('create unique index audio_tracks_one_default on audio_tracks (video_id) where is_default;');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists audio_tracks;');
  }
}
