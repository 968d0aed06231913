import { Migration } from '@mikro-orm/migrations';

/**
 * PayPal becomes a payment method only once the payer approved and paid a checkout: accounts that
 * merely chose PayPal (no PayPal subscription behind it) lose the method they never had, so they
 * pass no spending gate until they approve one. The PayPal sandbox (no PAYPAL_CLIENT_ID) keeps its
 * billing plans and subscriptions in PostgreSQL, so every API process sees the same checkout.
 */
export class Migration20261215000001PaypalSandbox extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update users set payment_method = null, payment_ref = null, payment_method_label = null, updated_at = now()
      where payment_method = 'paypal' and payment_ref is null and paypal_subscription_id is null;`);
    this.addSql(`create table paypal_sandbox_objects (
      id varchar(64) primary key,
      kind varchar(16) not null,
      data jsonb not null,
      created_at timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists paypal_sandbox_objects;');
  }
}
