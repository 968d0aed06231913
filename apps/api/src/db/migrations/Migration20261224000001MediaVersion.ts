import { Migration } from '@mikro-orm/migrations';

/**
 * The version of a video's published picture (`media_version`): its files live in a folder named by
 * it, new on every replace, trim over the video or watermark, so a URL never names two files.
 * Null keeps the first upload's layout (existing videos are served where they are).
 */
export class Migration20261224000001MediaVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table videos add column media_version text;');
  }
}
