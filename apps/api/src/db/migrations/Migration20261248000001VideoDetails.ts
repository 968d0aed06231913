import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34 (description and tags): a video's description (plain text with links) and its tags.
 * My videos filters by a tag and its search matches both, each arm on an index of its own:
 * - tags: GIN over the lowercased tags (`video_tags_key`, declared immutable so it can be
 *   indexed), so `?tag=` and a search equal to a tag are `video_tags_key(tags) @> array[lower(?)]`
 *   whatever the letter case;
 * - description: a trigram GIN like the name's, so the search's case-insensitive "contains" is an index scan.
 * Existing videos get allowDownload off (the default of that day, written out).
 */
export class Migration20261248000001VideoDetails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table videos add column description text not null default '', add column tags text[] not null default '{}';`);
    this.addSql(`create function video_tags_key(tags text[]) returns text[] language sql immutable parallel safe as $$ select coalesce(array_agg(lower(t)), '{}') from unnest(tags) t $$;`);
    this.addSql('create index videos_tags_key_idx on videos using gin (video_tags_key(tags));');
    this.addSql('create index videos_description_trgm_idx on videos using gin (description gin_trgm_ops);');
    this.addSql(`update videos set player_config = player_config || '{"allowDownload":false}'::jsonb where not (player_config ? 'allowDownload');`);
  }
}
