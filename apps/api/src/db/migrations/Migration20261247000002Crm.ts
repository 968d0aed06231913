import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 items 4 and 5: lead-watched alerts and CRM connectors.
 * - notification_settings: each person's choice per team (no row: the defaults, notifications.service.ts);
 *   `digest_sent_at` is where that person's next daily digest starts.
 * - lead_alerts_sent: the last instant alert per person, lead and video (at most one an hour).
 * - crm_integrations: a team's HubSpot or Mailchimp connection; the secret sealed (AES-GCM), a hint kept beside it.
 * - crm_pushes: each push to a CRM (a lead's contact, a watched session) with its state, tries and last error,
 *   for the job that sends it and the Settings card that shows the last ones; gone with its lead.
 */
export class Migration20261247000002Crm extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table notification_settings (
      team_id uuid not null references users (id) on delete cascade,
      person_id uuid not null references users (id) on delete cascade,
      lead_watched varchar(8) not null check (lead_watched in ('instant', 'daily', 'off')),
      digest_sent_at timestamptz null,
      updated_at timestamptz not null default now(),
      primary key (team_id, person_id)
    );`);
    this.addSql(`create table lead_alerts_sent (
      person_id uuid not null references users (id) on delete cascade,
      lead_id uuid not null references leads (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      sent_at timestamptz not null,
      primary key (person_id, lead_id, video_id)
    );`);
    this.addSql(`create table crm_integrations (
      team_id uuid not null references users (id) on delete cascade,
      provider varchar(16) not null check (provider in ('hubspot', 'mailchimp')),
      secret text not null,
      secret_hint varchar(16) not null,
      settings jsonb not null default '{}',
      account_name varchar(200) null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (team_id, provider)
    );`);
    this.addSql(`create table crm_pushes (
      id uuid primary key,
      team_id uuid not null references users (id) on delete cascade,
      provider varchar(16) not null check (provider in ('hubspot', 'mailchimp')),
      kind varchar(8) not null check (kind in ('contact', 'session')),
      lead_id uuid null references leads (id) on delete cascade,
      email varchar(254) not null,
      video_name varchar(255) null,
      payload jsonb not null,
      status varchar(10) not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      error text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index crm_pushes_team_idx on crm_pushes (team_id, provider, created_at desc);');
    // Deleting a lead (erasure) takes its pushes, and the email and payload they keep, with it.
    this.addSql('create index crm_pushes_lead_idx on crm_pushes (lead_id) where lead_id is not null;');
  }
}
