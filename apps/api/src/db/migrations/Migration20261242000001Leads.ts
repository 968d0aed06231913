import { Migration } from '@mikro-orm/migrations';

/**
 * Lead capture and calls to action (issue 27 items 3 and 4): the leads a video's email form
 * collected, the new player settings on every existing video (off), and call-to-action clicks as
 * one more kind of the daily statistics counts.
 */
export class Migration20261242000001Leads extends Migration {
  override async up(): Promise<void> {
    // user_id is the team's account (teams keep the account's id); a lead outlives its video.
    this.addSql(`create table leads (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      video_id uuid references videos (id) on delete set null,
      video_name varchar(255) not null,
      email varchar(254) not null,
      name varchar(120),
      consent_text text,
      page_origin varchar(2048),
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index leads_user_created_idx on leads (user_id, created_at desc, id desc);');
    this.addSql('create index leads_video_created_idx on leads (video_id, created_at desc, id desc);');
    this.addSql(`update videos set player_config = '{"leadForm":{"enabled":false,"when":"beforePlay","atSec":0,"required":false,"heading":"Enter your email to watch","buttonText":"Watch","nameField":false,"consentText":null},"callToAction":{"enabled":false,"when":"end","atSec":0,"text":"Want to know more?","buttonText":"Learn more","url":"","newWindow":true}}'::jsonb || player_config;`);
    this.addSql('alter table video_stat_counts drop constraint video_stat_counts_kind_check;');
    this.addSql("alter table video_stat_counts add constraint video_stat_counts_kind_check check (kind in ('dropOff', 'country', 'device', 'browser', 'viewers', 'ctaClick'));");
  }
}
