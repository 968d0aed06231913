import { Migration } from '@mikro-orm/migrations';

/**
 * Client review (issue 34 item 4): review links (a hashed token, an optional argon2 password, an
 * expiry, revocation), the reviewers' and the team's time-coded comments, and the reviewers'
 * decisions. Both belong to a review version of the video: a replace bumps `videos.review_version`,
 * so a new picture's review starts afresh while earlier comments are kept under their version.
 */
export class Migration20261248000031Review extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table videos add column review_version integer not null default 1;');
    // token_hash: SHA-256 of the link's token (the token itself is shown once); token_prefix: its first characters, to tell links apart.
    // comment_mail_at: when the team was last mailed about this link's comments (at most one mail per REVIEW_COMMENT_MAIL_MINUTES).
    this.addSql(`create table review_links (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      token_hash text not null unique,
      token_prefix text not null,
      password_hash text null,
      expires_at timestamptz null,
      revoked_at timestamptz null,
      created_by uuid null references users (id) on delete set null,
      comment_mail_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index review_links_video_idx on review_links (video_id, created_at);');
    // A comment is a reviewer's (link_id, name, email) or a team member's reply (member_id).
    this.addSql(`create table review_comments (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      version integer not null,
      link_id uuid null references review_links (id) on delete set null,
      parent_id uuid null references review_comments (id) on delete cascade,
      at_sec double precision not null,
      text text not null,
      author_name text not null,
      author_email text null,
      member_id uuid null references users (id) on delete set null,
      resolved_at timestamptz null,
      resolved_by uuid null references users (id) on delete set null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index review_comments_video_idx on review_comments (video_id, version, created_at);');
    this.addSql('create index review_comments_link_idx on review_comments (link_id, created_at);');
    this.addSql(`create table review_decisions (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      video_id uuid not null references videos (id) on delete cascade,
      version integer not null,
      link_id uuid null references review_links (id) on delete set null,
      decision text not null check (decision in ('approved', 'changes_requested')),
      name text not null,
      email text not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index review_decisions_video_idx on review_decisions (video_id, version, created_at);');
  }
}
