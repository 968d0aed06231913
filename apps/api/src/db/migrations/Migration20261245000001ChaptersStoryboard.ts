import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26 items 3 and 4: a video's chapters ([{ start, title }], first at 0, by start) and its
 * seek-preview storyboard (which media version it was made for, where its WebVTT index is
 * relative to that version's folder, and its tile size; null until made).
 */
export class Migration20261245000001ChaptersStoryboard extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table videos add column chapters jsonb not null default '[]'::jsonb;`);
    this.addSql(`alter table videos add column storyboard jsonb null;`);
  }
}
