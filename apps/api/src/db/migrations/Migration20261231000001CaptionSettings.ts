import { Migration } from '@mikro-orm/migrations';

/**
 * Generated captions for every new upload (issue 25 item 2): an account (a person's own, or a
 * team's) that sets a language gets a generated track in it for each video it uploads. No row:
 * off.
 */
export class Migration20261231000001CaptionSettings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table caption_settings (
      user_id uuid primary key references users (id) on delete cascade,
      auto_language varchar(35) not null,
      updated_at timestamptz not null default now()
    );`);
  }
}
