import { Migration } from '@mikro-orm/migrations';

export class Migration20261204000001StorageQuota extends Migration {
  override async up(): Promise<void> {
    // Everything a video holds in storage (source, renditions, frames, covers), recounted by the
    // steps that write; `size` stays the source's size shown to the owner.
    this.addSql('alter table videos add column stored_bytes bigint not null default 0;');
    this.addSql('update videos set stored_bytes = size;');
    // Space taken before the bytes arrive: uploads being received, unfinished tus uploads,
    // imports downloading. Counted against the account's limit until released or expired.
    this.addSql(`create table storage_reservations (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      bytes bigint not null,
      expires_at timestamptz not null
    );`);
    this.addSql('create index storage_reservations_user on storage_reservations (user_id, expires_at);');
    // At most one running import per account, also under parallel requests.
    this.addSql(`create unique index videos_one_import_per_user on videos (user_id) where status = 'importing';`);
  }
}
