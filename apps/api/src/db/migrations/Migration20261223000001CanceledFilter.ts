import { Migration } from '@mikro-orm/migrations';
import { perStatementFunction } from './per-statement.ts';

/**
 * The admin's active list filters "only canceled": accounts still active whose subscription is
 * canceled and runs to the end of its paid period (`cancel_at_period_end`). The totals without a
 * search come from user_status_counts, which therefore counts per cancel_at_period_end as well;
 * the page itself reads a partial index of those accounts (few beside everyone), in the list's
 * default order, so neither the page nor its total reads every user.
 */
export class Migration20261223000001CanceledFilter extends Migration {
  override async up(): Promise<void> {
    // No user changes while the counts are rebuilt (the trigger of before would count them twice).
    this.addSql('lock table users in share row exclusive mode;');
    this.addSql(`alter table user_status_counts add column cancel_at_period_end boolean not null default false;`);
    this.addSql('alter table user_status_counts drop constraint user_status_counts_pkey;');
    this.addSql('delete from user_status_counts;');
    this.addSql('alter table user_status_counts add primary key (is_admin, is_active, ban, cancel_at_period_end);');
    this.addSql(`insert into user_status_counts (is_admin, is_active, ban, cancel_at_period_end, n)
      select is_admin, is_active, ban, cancel_at_period_end, count(*) from users group by 1, 2, 3, 4;`);
    // The same per-statement function (its triggers stay), now with the fourth column.
    this.addSql(
      perStatementFunction(
        'users_keep_status_counts',
        (delta) => `insert into user_status_counts (is_admin, is_active, ban, cancel_at_period_end, n)
          select is_admin, is_active, ban, cancel_at_period_end, sum(n) from (${delta}) x group by 1, 2, 3, 4 having sum(n) <> 0
          on conflict (is_admin, is_active, ban, cancel_at_period_end) do update set n = user_status_counts.n + excluded.n;`,
        'select is_admin, is_active, ban, cancel_at_period_end, 1 as n from new_rows',
        'select is_admin, is_active, ban, cancel_at_period_end, -1 as n from old_rows',
      ),
    );
    this.addSql('create index users_canceling_idx on users (created_at, id) where not is_admin and cancel_at_period_end;');
  }
}
