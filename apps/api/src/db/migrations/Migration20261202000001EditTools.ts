import { Migration } from '@mikro-orm/migrations';

export class Migration20261202000001EditTools extends Migration {
  override async up(): Promise<void> {
    // The burnt-in watermark: image key, placement, state and the unmarked source kept for a change or removal.
    this.addSql('alter table videos add column watermark jsonb null;');
    this.addSql(`create table gifs (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      video_id uuid not null references videos(id) on delete cascade,
      start_time double precision not null,
      end_time double precision not null,
      fps integer not null,
      width integer not null,
      height integer not null,
      text_info jsonb not null,
      redirect_to_url text null,
      gif_key text not null,
      gif_size bigint not null,
      mp4_key text not null,
      mp4_size bigint not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index gifs_user_created_idx on gifs (user_id, created_at desc, id);');
    this.addSql('create index gifs_video_created_idx on gifs (video_id, created_at desc, id);');
  }
}
