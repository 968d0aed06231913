import { Migration } from '@mikro-orm/migrations';

/**
 * API keys (issue 27 item 1): a team's keys (team_id is the team's account id), who created each,
 * and only the SHA-256 of the key (unique: the per-request lookup is one index probe). A revoked
 * key's row is deleted, so the next lookup in any API process finds nothing.
 */
export class Migration20261240000001ApiKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table api_keys (
      id uuid primary key default gen_random_uuid(),
      team_id uuid not null references users (id) on delete cascade,
      created_by uuid references users (id) on delete set null,
      name varchar(100) not null,
      prefix varchar(16) not null,
      key_hash char(64) not null unique,
      scopes text[] not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );`);
    this.addSql('create index api_keys_team_idx on api_keys (team_id, created_at);');
  }
}
