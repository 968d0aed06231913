import { Migration } from '@mikro-orm/migrations';

/** Seats by plan (teams): how many members a team on the plan may have; admins change it like the other limits. */
export class Migration20261227000001PlanSeats extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table payment_plans add column members_limit int not null default 1;');
    this.addSql(`update payment_plans set members_limit = case name when 'silver' then 3 when 'gold' then 10 else 1 end;`);
  }
}
