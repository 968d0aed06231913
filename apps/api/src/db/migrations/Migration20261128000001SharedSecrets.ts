import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000001SharedSecrets extends Migration {
  override async up(): Promise<void> {
    // Secrets generated on first start, kept where every API process on every machine reads them.
    this.addSql(`create table app_secrets (
      name varchar(64) primary key,
      value text not null,
      created_at timestamptz not null default now()
    );`);
  }
}
