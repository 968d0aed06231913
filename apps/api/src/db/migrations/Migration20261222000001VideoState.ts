import { Migration } from '@mikro-orm/migrations';

/**
 * What the owner is told about a video: why an admin blocked it (`ban_reason`), and which edit
 * is under way (`task`: 'trim' while a trim is cut, so the list says "Trimming", not "Processing").
 */
export class Migration20261222000001VideoState extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table videos add column ban_reason text, add column task text;');
  }
}
