import { Migration } from '@mikro-orm/migrations';

/**
 * Each queued or running job of an account holds one storage reservation, named by its queue:
 * the space the job will write, and its place among the account's jobs (counted against
 * JOBS_MAX_*_PER_ACCOUNT under the same per-account lock as the storage limit).
 */
export class Migration20261216000001JobSlots extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table storage_reservations add column job text;');
    this.addSql('create index storage_reservations_jobs on storage_reservations (user_id, expires_at) where job is not null;');
  }
}
