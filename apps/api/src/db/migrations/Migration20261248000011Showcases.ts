import { Migration } from '@mikro-orm/migrations';

/**
 * Showcases (issue 34, item 2): a team's page of several videos at /s/{slug} with a podcast feed.
 * The slug is unique over the whole site (it is the page's address). The videos are either a list
 * in order (showcase_videos) or a folder's (folder_id). Each video in a showcase gets one
 * audio-only AAC rendition for the feed (video_audio_renditions), made once by a job.
 */
export class Migration20261248000011Showcases extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table showcases (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      slug text not null,
      description text not null default '',
      folder_id uuid references folders (id) on delete set null,
      visibility text not null check (visibility in ('public', 'unlisted', 'password')),
      password_hash text,
      theme jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create unique index showcases_slug_key on showcases (slug);');
    this.addSql('create index showcases_user_idx on showcases (user_id, created_at desc);');
    // The sitemap lists the public ones.
    this.addSql(`create index showcases_public_idx on showcases (created_at) where visibility = 'public';`);
    this.addSql(`create table showcase_videos (
      showcase_id uuid not null references showcases (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      position integer not null,
      primary key (showcase_id, video_id)
    );`);
    this.addSql('create index showcase_videos_video_idx on showcase_videos (video_id);');
    // status: pending (the job is queued), ready (key and bytes set), none (the video has no audio), failed.
    this.addSql(`create table video_audio_renditions (
      video_id uuid primary key references videos (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'ready', 'none', 'failed')),
      key text,
      bytes bigint,
      media_version text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
  }
}
