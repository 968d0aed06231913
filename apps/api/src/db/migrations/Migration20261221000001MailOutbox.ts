import { Migration } from '@mikro-orm/migrations';

/**
 * Mails of events (payments, plan changes, failed or blocked videos, usage thresholds) are rows
 * written in the transaction of the change and sent after its commit (mail/outbox.ts); invoice
 * and credit-note numbers come from one sequence. Storage thresholds already mailed, so each is
 * mailed once per climb past it; bandwidth months also remember the 80% notice.
 */
export class Migration20261221000001MailOutbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table mail_outbox (
      id uuid primary key,
      to_email varchar(255) not null,
      template varchar(64) not null,
      data jsonb not null,
      created_at timestamptz not null default now(),
      attempts int not null default 0,
      claimed_until timestamptz null,
      sent_at timestamptz null,
      last_error text null
    );`);
    this.addSql('create index mail_outbox_pending_idx on mail_outbox (created_at) where sent_at is null;');
    this.addSql('create sequence invoice_numbers;');
    this.addSql('alter table user_bandwidth_months add column warned_at timestamptz null;');
    this.addSql('alter table users add column storage_notice_percent smallint not null default 0;');
  }
}
