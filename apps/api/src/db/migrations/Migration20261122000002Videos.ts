import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000002Videos extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table videos (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      folder_id uuid null,
      name varchar(255) not null,
      source varchar(16) not null check (source in ('upload', 'import')),
      import_url text null,
      import_progress integer not null default 0,
      original_key varchar(512) null,
      size bigint not null default 0,
      duration_sec double precision null,
      width integer null,
      height integer null,
      video_codec varchar(32) null,
      audio_codec varchar(32) null,
      status varchar(16) not null default 'queued' check (status in ('importing', 'queued', 'processing', 'ready', 'failed')),
      progress integer not null default 0,
      error text null,
      is_main_ready boolean not null default false,
      is_hls_ready boolean not null default false,
      is_ladder_ready boolean not null default false,
      renditions jsonb not null default '[]',
      image_url varchar(1024) null,
      thumbnails jsonb not null default '[]',
      player_config jsonb not null,
      ban boolean not null default false,
      monthly_bandwidth_usage bigint not null default 0,
      total_bandwidth_usage bigint not null default 0,
      bandwidth_month varchar(7) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    // The list query: one user's videos, optionally in one folder, ordered by date or name.
    this.addSql('create index videos_user_created_idx on videos (user_id, created_at, id);');
    this.addSql('create index videos_user_folder_created_idx on videos (user_id, folder_id, created_at, id);');
    this.addSql('create index videos_user_name_idx on videos (user_id, lower(name));');
  }
}
