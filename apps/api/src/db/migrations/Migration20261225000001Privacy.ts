import { Migration } from '@mikro-orm/migrations';

/**
 * Who may watch each video and where it may be embedded: `visibility` (public, unlisted, private,
 * password), the argon2id hash of its password (kept when the visibility changes, so switching
 * back reuses it), the embed domain allowlist, and `privacy_version`, bumped on every change of
 * visibility or password so playback tokens issued before stop at once. The account's defaults
 * for new uploads sit on users.
 */
export class Migration20261225000001Privacy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table videos
      add column visibility text not null default 'public' check (visibility in ('public', 'unlisted', 'private', 'password')),
      add column password_hash text,
      add column allowed_domains jsonb not null default '[]',
      add column privacy_version integer not null default 0;`);
    this.addSql(`alter table users
      add column default_visibility text not null default 'public' check (default_visibility in ('public', 'unlisted', 'private')),
      add column default_allowed_domains jsonb not null default '[]';`);
    this.addSql("alter table videos add constraint videos_password_check check (visibility <> 'password' or password_hash is not null);");
  }
}
