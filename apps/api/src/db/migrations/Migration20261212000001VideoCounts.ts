import { Migration } from '@mikro-orm/migrations';
import { perStatementFunction } from './per-statement.ts';

/**
 * The video list's totals without counting rows on each page: besides the user's video_count, the
 * videos at the top level (users.root_video_count) and in each folder (folders.video_count), kept
 * by the same per-statement trigger on videos, in the same transaction as the change.
 */
export class Migration20261212000001VideoCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column root_video_count integer not null default 0;');
    this.addSql('alter table folders add column video_count integer not null default 0;');
    this.addSql(`update users u set root_video_count = s.n
      from (select user_id, count(*) as n from videos where folder_id is null group by user_id) s where s.user_id = u.id;`);
    this.addSql(`update folders f set video_count = s.n
      from (select folder_id, count(*) as n from videos where folder_id is not null group by folder_id) s where s.folder_id = f.id;`);
    this.addSql(
      perStatementFunction(
        'videos_keep_user_usage',
        (delta) => `update users u set video_count = u.video_count + d.n, root_video_count = u.root_video_count + d.root,
            storage_bytes = u.storage_bytes + d.bytes, bandwidth_bytes = u.bandwidth_bytes + d.delivered
          from (select user_id, sum(n) as n, coalesce(sum(n) filter (where folder_id is null), 0) as root, sum(bytes) as bytes, sum(delivered) as delivered
            from (${delta}) x group by user_id) d
          where u.id = d.user_id and (d.n <> 0 or d.root <> 0 or d.bytes <> 0 or d.delivered <> 0);
          update folders f set video_count = f.video_count + d.n
          from (select folder_id, sum(n) as n from (${delta}) x where folder_id is not null group by folder_id) d
          where f.id = d.folder_id and d.n <> 0;`,
        'select user_id, folder_id, 1 as n, stored_bytes as bytes, total_bandwidth_usage as delivered from new_rows',
        'select user_id, folder_id, -1 as n, -stored_bytes as bytes, -total_bandwidth_usage as delivered from old_rows',
      ),
    );
  }
}
