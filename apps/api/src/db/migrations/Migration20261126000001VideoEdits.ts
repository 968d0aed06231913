import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000001VideoEdits extends Migration {
  override async up(): Promise<void> {
    // The last trim applied over a video: a retried edit job finds it done and does not cut twice.
    this.addSql('alter table videos add column last_edit_id uuid null;');
  }
}
