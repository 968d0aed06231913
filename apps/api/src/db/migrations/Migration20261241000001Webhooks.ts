import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks (issue 27 item 2). An endpoint belongs to a team (`user_id`: the team's account). A
 * delivery is one message to one endpoint: written in the transaction of the change it tells
 * about, sent by the workers (deliver-webhook jobs), tried again on a schedule until it succeeds
 * or its window closes. `previous_secret` keeps signing beside a rotated secret until
 * `previous_secret_until`; `failing_since` is the first failure with no success after it.
 */
export class Migration20261241000001Webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webhook_endpoints (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      url text not null,
      events text[] not null,
      enabled boolean not null default true,
      disabled_reason text null,
      secret text not null,
      previous_secret text null,
      previous_secret_until timestamptz null,
      failing_since timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );`);
    this.addSql('create index webhook_endpoints_user_idx on webhook_endpoints (user_id, created_at);');
    this.addSql(`create table webhook_deliveries (
      id uuid primary key,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      message_id text not null,
      event_type text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts int not null default 0,
      response_status int null,
      error text null,
      created_at timestamptz not null default now(),
      last_attempt_at timestamptz null,
      next_attempt_at timestamptz null default now(),
      queued_at timestamptz null,
      claimed_until timestamptz null
    );`);
    this.addSql('create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);');
    this.addSql("create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';");
  }
}
