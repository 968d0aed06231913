import { Migration } from '@mikro-orm/migrations';

export class Migration20261125000001Folders extends Migration {
  override async up(): Promise<void> {
    // (user_id, parent_id) and (user_id, folder_id) reference (user_id, id): a folder's parent and a
    // video's folder always belong to the same account, whatever the code above does.
    this.addSql(`create table folders (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      parent_id uuid null,
      name varchar(255) not null,
      created_at timestamptz not null default now(),
      constraint folders_user_id_key unique (user_id, id),
      constraint folders_parent_fk foreign key (user_id, parent_id) references folders (user_id, id)
    );`);
    // One level of one account, in name order (A-z or Z-a).
    this.addSql('create index folders_user_parent_name_idx on folders (user_id, parent_id, lower(name), id);');
    this.addSql(`alter table videos add constraint videos_folder_fk
      foreign key (user_id, folder_id) references folders (user_id, id) on delete set null (folder_id);`);
  }
}
