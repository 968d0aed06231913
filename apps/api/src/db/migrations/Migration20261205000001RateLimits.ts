import { Migration } from '@mikro-orm/migrations';

export class Migration20261205000001RateLimits extends Migration {
  override async up(): Promise<void> {
    // Abuse limits shared by every API process: one row per key, its window starting at its first hit.
    this.addSql(`create table rate_limit_counters (
      key varchar(64) primary key,
      window_start timestamptz not null,
      hits integer not null,
      expires_at timestamptz not null
    );`);
    this.addSql('create index rate_limit_counters_expires_at_index on rate_limit_counters (expires_at);');
  }
}
