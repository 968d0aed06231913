import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000001Accounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table users (
      id uuid primary key,
      email varchar(254) not null unique,
      password_hash varchar(255) null,
      first_name varchar(255) not null,
      last_name varchar(255) not null,
      is_admin boolean not null default false,
      platform varchar(16) not null default 'email' check (platform in ('email', 'google', 'facebook')),
      platform_id varchar(255) null,
      is_confirmed_email boolean not null default false,
      email_changed_at timestamptz null,
      avatar varchar(1024) null,
      player_logo varchar(1024) null,
      color_scheme jsonb not null,
      show_logo_on_player boolean not null default false,
      payment_method varchar(16) null check (payment_method in ('card', 'paypal')),
      payment_ref varchar(255) null,
      features jsonb not null default '{}',
      video_generator_credits integer not null default 0,
      promo_code varchar(64) null,
      is_active boolean not null default true,
      ban boolean not null default false,
      ban_reason text null,
      last_login_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create unique index users_platform_id_idx on users (platform, platform_id) where platform_id is not null;');
    this.addSql('create index users_admin_idx on users (is_admin) where is_admin;');
    this.addSql('create index users_created_at_idx on users (created_at);');

    this.addSql(`create table refresh_tokens (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      family_id uuid not null,
      token_hash varchar(64) not null unique,
      remember_me boolean not null default false,
      expires_at timestamptz not null,
      used_at timestamptz null,
      revoked_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index refresh_tokens_family_idx on refresh_tokens (family_id);');
    this.addSql('create index refresh_tokens_user_idx on refresh_tokens (user_id);');

    this.addSql(`create table one_time_tokens (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      purpose varchar(32) not null check (purpose in ('verify-email', 'reset-password')),
      token_hash varchar(64) not null unique,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index one_time_tokens_user_idx on one_time_tokens (user_id, purpose);');
  }
}
