import { Migration } from '@mikro-orm/migrations';

/** When the owner was told a month's bandwidth was used up (once a month, whichever API process saw it first). */
export class Migration20261211000001BandwidthNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table user_bandwidth_months add column notified_at timestamptz null;');
  }
}
