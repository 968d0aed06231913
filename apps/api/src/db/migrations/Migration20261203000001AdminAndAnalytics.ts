import { Migration } from '@mikro-orm/migrations';
import { perStatementFunction, perStatementTriggers } from './per-statement.ts';

export class Migration20261203000001AdminAndAnalytics extends Migration {
  override async up(): Promise<void> {
    // Payment facts the admin tables show and sort by; null until the payments work fills them.
    // canceled_at is the cancellation date (set when the account is canceled, cleared on reactivation).
    this.addSql(`alter table users
      add column plan varchar(16) null check (plan in ('bronze', 'silver', 'gold')),
      add column plan_started_at timestamptz null,
      add column next_payment_at timestamptz null,
      add column canceled_at timestamptz null,
      add column video_count integer not null default 0,
      add column storage_bytes bigint not null default 0,
      add column bandwidth_bytes bigint not null default 0;`);
    // Storage is what the videos take in storage, every file (videos.stored_bytes, added by
    // Migration20261204000001StorageQuota). Where that migration has not run yet, its
    // `update videos set stored_bytes = size` fills the sums through the trigger below.
    this.addSql(`do $$ begin
      update users u set video_count = s.n, bandwidth_bytes = s.delivered
      from (select user_id, count(*) as n, sum(total_bandwidth_usage) as delivered from videos group by user_id) s
      where s.user_id = u.id;
      if exists (select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'videos' and column_name = 'stored_bytes') then
        execute 'update users u set storage_bytes = s.bytes from (select user_id, sum(stored_bytes) as bytes from videos group by user_id) s where s.user_id = u.id';
      end if;
    end $$;`);
    this.addSql('update users set canceled_at = updated_at where not is_active;');
    // The admin list sorts by these without reading every video: each statement's change is added
    // per user (one update per user, however many videos it touched), in the same transaction.
    this.perStatement(
      'videos',
      'videos_keep_user_usage',
      (delta) => `update users u set video_count = u.video_count + d.n, storage_bytes = u.storage_bytes + d.bytes,
          bandwidth_bytes = u.bandwidth_bytes + d.delivered
        from (select user_id, sum(n) as n, sum(bytes) as bytes, sum(delivered) as delivered from (${delta}) x group by user_id) d
        where u.id = d.user_id and (d.n <> 0 or d.bytes <> 0 or d.delivered <> 0);`,
      'select user_id, 1 as n, stored_bytes as bytes, total_bandwidth_usage as delivered from new_rows',
      'select user_id, -1 as n, -stored_bytes as bytes, -total_bandwidth_usage as delivered from old_rows',
    );
    // One index per sortable column of the admin tables, ordered like the list (column, then id).
    for (const [name, expr] of [
      ['plan', "(case plan when 'bronze' then 1 when 'silver' then 2 when 'gold' then 3 end)"],
      ['video_count', 'video_count'],
      ['canceled_at', 'canceled_at'],
      ['created_at', 'created_at'],
      ['storage', 'storage_bytes'],
      ['bandwidth', 'bandwidth_bytes'],
      ['next_payment', 'next_payment_at'],
      ['last_login', 'last_login_at'],
    ]) {
      this.addSql(`create index users_sort_${name}_idx on users (${expr}, id) where not is_admin;`);
    }
    this.addSql('drop index if exists users_created_at_idx;');
    // The tables' totals without counting 100,000 rows per page: users per (is_admin, is_active,
    // ban), the only columns the list filters on besides the search, kept by triggers.
    this.addSql(`create table user_status_counts (
      is_admin boolean not null,
      is_active boolean not null,
      ban boolean not null,
      n bigint not null,
      primary key (is_admin, is_active, ban)
    );`);
    this.addSql('insert into user_status_counts select is_admin, is_active, ban, count(*) from users group by 1, 2, 3;');
    // Per statement, one upsert per status it touched: a row trigger would update the same counter
    // row once per user, which a bulk insert of many users cannot afford.
    this.perStatement(
      'users',
      'users_keep_status_counts',
      (delta) => `insert into user_status_counts (is_admin, is_active, ban, n)
          select is_admin, is_active, ban, sum(n) from (${delta}) x group by 1, 2, 3 having sum(n) <> 0
          on conflict (is_admin, is_active, ban) do update set n = user_status_counts.n + excluded.n;`,
      'select is_admin, is_active, ban, 1 as n from new_rows',
      'select is_admin, is_active, ban, -1 as n from old_rows',
    );
    // Search by name or email ("contains", any case).
    this.addSql("create index users_search_trgm_idx on users using gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);");

    // Who did what, when, on whom: one row per admin call. No foreign keys: the log outlives users.
    this.addSql(`create table admin_audit_log (
      id bigint generated always as identity primary key,
      admin_id uuid not null,
      admin_email varchar(254) not null,
      action varchar(32) not null,
      target_user_id uuid null,
      target_ids jsonb not null default '[]',
      details jsonb not null default '{}',
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index admin_audit_log_created_idx on admin_audit_log (created_at);');
    this.addSql('create index admin_audit_log_target_idx on admin_audit_log (target_user_id, created_at) where target_user_id is not null;');

    // Statistics per UTC day, so the analytics screen can show the last 7, 30, 90 days or all.
    // Counts before this change keep the day of the migration. 'viewers' counts distinct viewers.
    this.addSql("alter table video_stat_counts add column day date not null default (now() at time zone 'utc')::date;");
    this.addSql('alter table video_stat_counts alter column day drop default;');
    this.addSql('alter table video_stat_counts drop constraint video_stat_counts_pkey;');
    this.addSql('alter table video_stat_counts add primary key (video_id, day, kind, name);');
    this.addSql('alter table video_stat_counts drop constraint video_stat_counts_kind_check;');
    this.addSql("alter table video_stat_counts add constraint video_stat_counts_kind_check check (kind in ('dropOff', 'country', 'device', 'browser', 'viewers'));");
    // Today's and yesterday's viewers as salted hashes (see docs/decisions.md), so a viewer is
    // counted once a day; older rows and salts are deleted, after which nobody can link them to an address.
    this.addSql(`create table video_daily_viewers (
      video_id uuid not null references videos (id) on delete cascade,
      day date not null,
      viewer varchar(32) not null,
      primary key (video_id, day, viewer)
    );`);
    this.addSql('create table statistics_salts (day date primary key, salt varchar(64) not null);');
  }

  private perStatement(table: string, fn: string, apply: (delta: string) => string, added: string, removed: string) {
    this.addSql(perStatementFunction(fn, apply, added, removed));
    for (const sql of perStatementTriggers(table, fn)) this.addSql(sql);
  }
}
