import { Migration } from '@mikro-orm/migrations';

/**
 * The sitemap reads public videos on no embed allowlist, oldest first, a page at a time: a
 * partial index in that order keeps each page (and the count) to the listed rows only.
 */
export class Migration20261226000001Sitemap extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index videos_sitemap_idx on videos (created_at, id) where visibility = 'public' and allowed_domains = '[]'::jsonb and not ban;`);
  }
}
