import { Migration } from '@mikro-orm/migrations';

/** The embedding panel's choices of each video (null: the defaults), saved so they survive a reload. */
export class Migration20261220000001EmbedSettings extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table videos add column embed_settings jsonb;');
  }
}
