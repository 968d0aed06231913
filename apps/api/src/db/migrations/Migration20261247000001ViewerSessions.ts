import { Migration } from '@mikro-orm/migrations';

/**
 * Viewer sessions (issue 33 items 1, 2 and 7): one row per play with its per-bucket watch counters,
 * who a viewer id is per account, and the account's viewer-privacy settings.
 */
export class Migration20261247000001ViewerSessions extends Migration {
  override async up(): Promise<void> {
    // user_id is the team's account (as leads.user_id). watched holds one counter per bucket
    // (bucket_sec 1 up to an hour, so at most 3600 counters); address_hash is a keyed hash with the
    // statistics' rotating daily salt, never the address. anonymous (DNT / Sec-GPC, anonymousOnly):
    // viewer_key is a fresh random one and the session never gets an identity.
    this.addSql(`create table viewer_sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      viewer_key uuid not null,
      anonymous boolean not null default false,
      lead_id uuid null references leads (id) on delete set null,
      started_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      ended_at timestamptz null,
      duration_sec real not null,
      bucket_sec smallint not null,
      watched integer[] not null,
      watched_seconds real not null default 0,
      country varchar(16) not null,
      device varchar(16) not null,
      browser varchar(40) not null,
      address_hash varchar(64) null
    );`);
    this.addSql('create index viewer_sessions_video_started_idx on viewer_sessions (video_id, started_at desc, id desc);');
    this.addSql('create index viewer_sessions_user_started_idx on viewer_sessions (user_id, started_at);');
    this.addSql('create index viewer_sessions_viewer_idx on viewer_sessions (user_id, viewer_key);');
    this.addSql('create index viewer_sessions_lead_idx on viewer_sessions (lead_id) where lead_id is not null;');
    this.addSql('create index viewer_sessions_open_idx on viewer_sessions (last_seen_at) where ended_at is null;');
    this.addSql(`create table viewer_identities (
      user_id uuid not null references users (id) on delete cascade,
      viewer_key uuid not null,
      email varchar(254) not null,
      name varchar(120) null,
      lead_id uuid null references leads (id) on delete cascade,
      source varchar(8) not null check (source in ('lead', 'email')),
      updated_at timestamptz not null default now(),
      primary key (user_id, viewer_key)
    );`);
    this.addSql('create index viewer_identities_email_idx on viewer_identities (user_id, lower(email));');
    // A missing row means the defaults.
    this.addSql(`create table viewer_settings (
      user_id uuid primary key references users (id) on delete cascade,
      identify_by_lead boolean not null default true,
      identify_by_email_param boolean not null default true,
      anonymous_only boolean not null default false,
      retention_months smallint not null default 13
    );`);
  }
}
