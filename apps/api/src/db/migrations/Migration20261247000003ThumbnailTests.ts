import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 item 6: thumbnail tests. A test holds 2 or 3 covers of one video (each a frame stored
 * beside the video's frames); impressions and plays are counted in memory and added here per flush.
 * At most one test runs per video; ended tests stay, so the owner sees the last one's figures.
 */
export class Migration20261247000003ThumbnailTests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table thumbnail_tests (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      started_at timestamptz not null default now(),
      ended_at timestamptz null,
      ended_by varchar(8) null check (ended_by in ('owner', 'auto')),
      winner_cover_id uuid null
    );`);
    this.addSql('create unique index thumbnail_tests_running_idx on thumbnail_tests (video_id) where ended_at is null;');
    this.addSql('create index thumbnail_tests_video_idx on thumbnail_tests (video_id, started_at desc);');
    this.addSql(`create table thumbnail_test_covers (
      id uuid primary key default gen_random_uuid(),
      test_id uuid not null references thumbnail_tests (id) on delete cascade,
      position smallint not null,
      time_sec real not null,
      image_key varchar(512) not null,
      impressions bigint not null default 0,
      plays bigint not null default 0,
      unique (test_id, position)
    );`);
  }
}
