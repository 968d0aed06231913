import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 35 item 1: two-factor sign-in with authenticator apps. `users.two_factor_enabled_at` says
 * whether sign-ins ask for a code (read with the person on every request, for the team policy);
 * the TOTP secret is kept encrypted (AES-256-GCM) with the last time step used, so a code works
 * once; recovery codes and sign-in challenges only as SHA-256. A team's owner may require it.
 */
export class Migration20261246000001TwoFactor extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table users add column two_factor_enabled_at timestamptz null;');
    this.addSql('alter table teams add column require_two_factor boolean not null default false;');
    this.addSql(`create table user_totp (
      user_id uuid primary key references users (id) on delete cascade,
      secret_enc text not null,
      confirmed_at timestamptz null,
      last_step bigint null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create table two_factor_recovery_codes (
      user_id uuid not null references users (id) on delete cascade,
      code_hash varchar(64) not null,
      used_at timestamptz null,
      created_at timestamptz not null default now(),
      primary key (user_id, code_hash)
    );`);
    this.addSql(`create table two_factor_challenges (
      token_hash varchar(64) primary key,
      user_id uuid not null references users (id) on delete cascade,
      pending jsonb not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index two_factor_challenges_expires_idx on two_factor_challenges (expires_at);');
  }
}
