import { Migration } from '@mikro-orm/migrations';

export class Migration20261205000002AccountSafety extends Migration {
  override async up(): Promise<void> {
    // An email change waits for a link sent to the new address; the token carries that address.
    this.addSql('alter table one_time_tokens drop constraint one_time_tokens_purpose_check;');
    this.addSql(`alter table one_time_tokens add constraint one_time_tokens_purpose_check check (purpose in ('verify-email', 'reset-password', 'change-email'));`);
    this.addSql('alter table one_time_tokens add column new_email varchar(255) null;');
    // A refresh-token family ends at an absolute time however often it is refreshed.
    this.addSql('alter table refresh_tokens add column family_started_at timestamptz not null default now();');
  }
}
