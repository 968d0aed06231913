import { Migration } from '@mikro-orm/migrations';

const GB = 1024 ** 3;
const TB = 1024 ** 4;
const ALL_FEATURES = JSON.stringify({ uploadPlayerLogo: true, videoTrimmer: true, setVideoImage: true, createGif: true, addWatermark: true });

/** Plans as data (prices in cents, limits per plan), subscriptions' provider ids, payment history, promo codes, processed webhooks. */
export class Migration20261208000001Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table payment_plans (
      id varchar(32) primary key,
      name varchar(16) not null check (name in ('bronze', 'silver', 'gold')),
      duration varchar(2) not null check (duration in ('1m', '1y')),
      price_cents integer not null check (price_cents >= 0),
      storage_bytes bigint not null check (storage_bytes > 0),
      bandwidth_bytes_per_month bigint not null check (bandwidth_bytes_per_month > 0),
      video_generator_credits integer not null default 0 check (video_generator_credits >= 0),
      features jsonb not null,
      updated_at timestamptz not null default now(),
      unique (name, duration)
    );`);
    // Seeded prices and limits; an admin changes them without a deploy.
    const plans: [string, number, number, number, number, number][] = [
      // name, monthly $, yearly $, storage, bandwidth a month, generator credits
      ['bronze', 12, 120, 100 * GB, 500 * GB, 10],
      ['silver', 29, 290, 500 * GB, 2 * TB, 50],
      ['gold', 79, 790, 2 * TB, 10 * TB, 200],
    ];
    for (const [name, monthly, yearly, storage, bandwidth, credits] of plans) {
      for (const [duration, dollars] of [['1m', monthly], ['1y', yearly]] as const) {
        this.addSql(
          `insert into payment_plans (id, name, duration, price_cents, storage_bytes, bandwidth_bytes_per_month, video_generator_credits, features)
           values ('${name}-${duration}', '${name}', '${duration}', ${dollars * 100}, ${storage}, ${bandwidth}, ${credits}, '${ALL_FEATURES}');`,
        );
      }
    }

    // users.plan (the name, for the admin tables' sort) follows payment_plan_id; the provider's ids live here too.
    this.addSql(`alter table users
      add column payment_plan_id varchar(32) null references payment_plans(id),
      add column pending_plan_id varchar(32) null references payment_plans(id),
      add column cancel_at_period_end boolean not null default false,
      add column stripe_customer_id varchar(255) null,
      add column stripe_subscription_id varchar(255) null,
      add column paypal_subscription_id varchar(255) null,
      add column payment_failed_at timestamptz null,
      add column removal_notice_sent_at timestamptz null;`);
    this.addSql('create unique index users_stripe_customer_id_idx on users (stripe_customer_id) where stripe_customer_id is not null;');
    this.addSql('create unique index users_paypal_subscription_id_idx on users (paypal_subscription_id) where paypal_subscription_id is not null;');
    // The removal job looks for accounts canceled long enough ago.
    this.addSql('create index users_canceled_at_idx on users (canceled_at) where canceled_at is not null;');

    // Every change of a subscription, with the provider's reference (invoice, capture, refund).
    this.addSql(`create table payment_history (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      kind varchar(40) not null,
      plan_id varchar(32) null references payment_plans(id),
      amount_cents integer null,
      currency varchar(3) not null default 'usd',
      provider varchar(16) null check (provider in ('stripe', 'paypal')),
      reference varchar(255) null,
      note text null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index payment_history_user_idx on payment_history (user_id, created_at desc);');

    this.addSql(`create table promo_codes (
      code varchar(64) primary key,
      percent_off integer null check (percent_off between 1 and 100),
      amount_off_cents integer null check (amount_off_cents > 0),
      valid_from timestamptz null,
      valid_until timestamptz null,
      max_uses integer null check (max_uses > 0),
      used_count integer not null default 0,
      created_at timestamptz not null default now(),
      check ((percent_off is null) <> (amount_off_cents is null))
    );`);

    // A webhook event is applied once: its id is recorded in the same transaction as its effect.
    this.addSql(`create table payment_webhook_events (
      provider varchar(16) not null,
      event_id varchar(255) not null,
      received_at timestamptz not null default now(),
      primary key (provider, event_id)
    );`);

    // Bytes delivered per user and calendar month (UTC), for usage and the monthly bandwidth limit.
    this.addSql(`create table user_bandwidth_months (
      user_id uuid not null references users(id) on delete cascade,
      month date not null,
      bytes bigint not null default 0,
      primary key (user_id, month)
    );`);
  }
}
