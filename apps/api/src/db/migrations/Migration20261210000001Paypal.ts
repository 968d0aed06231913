import { Migration } from '@mikro-orm/migrations';

/** PayPal's billing plan per plan variant (made lazily, remade when the price changes) and the checkouts users start, so a capture is only ever the caller's own. */
export class Migration20261210000001Paypal extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table payment_plans
      add column paypal_plan_id varchar(64) null,
      add column paypal_plan_cents integer null;`);
    // PayPal's product: one for the service, whatever the plan.
    this.addSql(`create table paypal_products (
      name varchar(32) primary key,
      paypal_product_id varchar(64) not null
    );`);
    this.addSql(`create table paypal_checkouts (
      id varchar(64) primary key,
      user_id uuid not null references users(id) on delete cascade,
      plan_id varchar(32) not null references payment_plans(id),
      amount_cents integer not null,
      promo_code varchar(64) null,
      created_at timestamptz not null default now(),
      completed_at timestamptz null
    );`);
    this.addSql('create index paypal_checkouts_user_idx on paypal_checkouts (user_id, created_at desc);');
  }
}
