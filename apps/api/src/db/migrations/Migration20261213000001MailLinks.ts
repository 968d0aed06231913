import { Migration } from '@mikro-orm/migrations';

/**
 * Mail links and social identities that cannot be turned into a takeover:
 * - one-time tokens record the account's address when they were made (`old_email`), so a link
 *   confirms only the change it was made for; a 'cancel-email-change' link goes to the old address;
 * - `users.credentials_changed_at`: when the password, the address or a provider link last changed,
 *   so an older verification link can no longer sign in;
 * - `user_identities`: a Google or Facebook account is recognised by the provider's user id;
 * - `oauth_nonces`: each Google nonce signs in once.
 */
export class Migration20261213000001MailLinks extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table one_time_tokens drop constraint one_time_tokens_purpose_check;');
    this.addSql(
      `alter table one_time_tokens add constraint one_time_tokens_purpose_check check (purpose in ('verify-email', 'reset-password', 'change-email', 'cancel-email-change'));`,
    );
    this.addSql('alter table one_time_tokens add column old_email varchar(255) null;');
    this.addSql('create index one_time_tokens_user_open_idx on one_time_tokens (user_id) where used_at is null;');
    this.addSql('alter table users add column credentials_changed_at timestamptz null;');
    // Never-confirmed accounts are reminded, then swept 7 days after they were made.
    this.addSql('alter table users add column confirm_reminder_sent_at timestamptz null;');
    this.addSql('create index users_unconfirmed_idx on users (created_at) where not is_confirmed_email;');
    this.addSql(`create table user_identities (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      provider varchar(16) not null check (provider in ('google', 'facebook')),
      subject varchar(255) not null,
      created_at timestamptz not null default now(),
      unique (provider, subject),
      unique (user_id, provider)
    );`);
    this.addSql(`insert into user_identities (id, user_id, provider, subject)
      select gen_random_uuid(), id, platform, platform_id from users where platform in ('google', 'facebook') and platform_id is not null;`);
    this.addSql('create table oauth_nonces (nonce_hash varchar(64) primary key, expires_at timestamptz not null);');
  }
}
