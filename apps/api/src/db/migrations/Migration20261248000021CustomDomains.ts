import { Migration } from '@mikro-orm/migrations';

/**
 * Custom domains (issue 34 item 3): a team's host names (user_id is the team's account id), the
 * TXT value that proves each, and when it was verified. A name is unique within a team; once
 * verified it is unique everywhere (another team may still add it, and never verify it). The
 * host lookups of every public request read the partial index.
 */
export class Migration20261248000021CustomDomains extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table custom_domains (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      domain varchar(253) not null,
      token varchar(100) not null,
      created_at timestamptz not null default now(),
      verified_at timestamptz,
      checked_at timestamptz,
      unique (user_id, domain)
    );`);
    this.addSql('create unique index custom_domains_verified_idx on custom_domains (domain) where verified_at is not null;');
  }
}
