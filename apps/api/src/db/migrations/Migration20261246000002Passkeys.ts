import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 35 item 1: passkeys (WebAuthn) as a second two-factor method beside the authenticator app.
 * A credential keeps its public key (COSE), the signature counter it last showed and its transports;
 * a registration's challenge waits per person; a sign-in's WebAuthn challenge is kept with its
 * two-factor challenge and taken once.
 */
export class Migration20261246000002Passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table user_passkeys (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      credential_id text not null unique,
      public_key bytea not null,
      counter bigint not null default 0,
      transports jsonb not null default '[]',
      name varchar(60) not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz null
    );`);
    this.addSql('create index user_passkeys_user_idx on user_passkeys (user_id);');
    this.addSql(`create table passkey_registrations (
      user_id uuid primary key references users (id) on delete cascade,
      challenge text not null,
      expires_at timestamptz not null
    );`);
    this.addSql('alter table two_factor_challenges add column webauthn_challenge text null;');
  }
}
