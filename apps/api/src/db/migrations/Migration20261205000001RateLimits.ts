import { Migration } from '@mikro-orm/migrations';

export class Migration20261205000001RateLimits extends Migration {
  override async up(): Promise<void> {
    // Abuse limits shared by every API process: one row per key and fixed time window.
    this.addSql(`create table rate_limit_counters (
      key varchar(64) not null,
      window_start timestamptz not null,
      hits integer not null,
      expires_at timestamptz not null,
      primary key (key, window_start)
    );`);
    this.addSql('create index rate_limit_counters_expires_at_index on rate_limit_counters (expires_at);');
  }
}
