import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000003VideoStats extends Migration {
  override async up(): Promise<void> {
    // Viewer statistics as counters, never single views: one row per video, kind and name
    // (drop-off second, country code, device type, browser), summed in memory and upserted in batches.
    this.addSql(`create table video_stat_counts (
      video_id uuid not null references videos (id) on delete cascade,
      kind varchar(16) not null check (kind in ('dropOff', 'country', 'device', 'browser')),
      name varchar(64) not null,
      count bigint not null default 0,
      primary key (video_id, kind, name)
    );`);
  }
}
