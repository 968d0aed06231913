import { Migration } from '@mikro-orm/migrations';

export class Migration20261130000001VideoListIndexes extends Migration {
  override async up(): Promise<void> {
    // The list's other orders (name and size, as the ORM sorted them: by column, then id), read
    // from the index in order, so a page stops after its rows instead of sorting the account.
    this.addSql('create index videos_user_name_id_idx on videos (user_id, name, id);');
    this.addSql('create index videos_user_size_id_idx on videos (user_id, size, id);');
    // Name search ("contains", case-insensitive) through trigrams instead of reading every row.
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql('create index videos_name_trgm_idx on videos using gin (name gin_trgm_ops);');
    // Replaced by videos_user_name_id_idx: nothing sorts or filters by lower(name).
    this.addSql('drop index if exists videos_user_name_idx;');
  }
}
