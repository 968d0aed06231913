import { Migration } from '@mikro-orm/migrations';

/** What the billing core keeps beyond the payments foundation: Stripe's ids per plan variant, the card's label, when a canceled subscription runs out, when an account's data was removed. */
export class Migration20261209000001Billing extends Migration {
  override async up(): Promise<void> {
    // Stripe prices are immutable: a new price is made when the admin changes ours (stripe_price_cents differs).
    this.addSql(`alter table payment_plans
      add column stripe_product_id varchar(255) null,
      add column stripe_price_id varchar(255) null,
      add column stripe_price_cents integer null;`);
    this.addSql(`alter table users
      add column payment_method_label varchar(64) null,
      add column subscription_ends_at timestamptz null,
      add column data_removed_at timestamptz null;`);
    this.addSql('create unique index users_stripe_subscription_id_idx on users (stripe_subscription_id) where stripe_subscription_id is not null;');
    // The period-end pass finds canceled subscriptions that ran out.
    this.addSql('create index users_subscription_ends_at_idx on users (subscription_ends_at) where subscription_ends_at is not null;');
    // One refund per account: the money-back guarantee covers the first payment only.
    this.addSql(`create unique index payment_history_one_refund_idx on payment_history (user_id) where kind = 'refunded';`);
  }
}
