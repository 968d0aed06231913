import { Migration } from '@mikro-orm/migrations';

/**
 * Teams. Every account is a team whose id is the account's user id, so every `user_id` of videos,
 * folders, GIFs, statistics, usage and the subscription already holds the team's id: those
 * columns keep their values and now mean "the team's account". `teams.owner_id` is who owns it
 * now (it starts as the account itself and moves by ownership transfer). Each existing user
 * becomes the owner of a one-person team; a trigger does the same for every user made later, by
 * whichever path (registration, social sign-in, an admin), so no account is ever without a team.
 */
export class Migration20261227000002Teams extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table teams (
      id uuid primary key references users (id) on delete cascade,
      owner_id uuid not null references users (id),
      name varchar(100) not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index teams_owner_idx on teams (owner_id);');
    this.addSql(`create table team_members (
      team_id uuid not null references teams (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      role varchar(8) not null check (role in ('owner', 'admin', 'editor', 'viewer')),
      invited_by uuid null references users (id) on delete set null,
      last_active_at timestamptz null,
      created_at timestamptz not null default now(),
      primary key (team_id, user_id)
    );`);
    // One owner per team at most (transfers swap roles in one statement); a person's teams by join date.
    this.addSql(`create unique index team_members_one_owner on team_members (team_id) where role = 'owner';`);
    this.addSql('create index team_members_user_idx on team_members (user_id, created_at);');
    this.addSql(`create table team_invitations (
      id uuid primary key,
      team_id uuid not null references teams (id) on delete cascade,
      email varchar(254) not null,
      role varchar(8) not null check (role in ('admin', 'editor', 'viewer')),
      token_hash varchar(64) not null unique,
      invited_by uuid null references users (id) on delete set null,
      expires_at timestamptz not null,
      accepted_at timestamptz null,
      accepted_by uuid null references users (id) on delete set null,
      revoked_at timestamptz null,
      created_at timestamptz not null default now()
    );`);
    this.addSql('create unique index team_invitations_pending on team_invitations (team_id, email) where accepted_at is null and revoked_at is null;');
    this.addSql(`create table team_ownership_transfers (
      team_id uuid primary key references teams (id) on delete cascade,
      from_user_id uuid not null references users (id) on delete cascade,
      to_user_id uuid not null references users (id) on delete cascade,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    );`);
    this.addSql(`create table team_activity (
      id bigint generated always as identity primary key,
      team_id uuid not null references teams (id) on delete cascade,
      actor_id uuid null references users (id) on delete set null,
      action varchar(32) not null,
      subject_type varchar(16) not null,
      subject_id varchar(64) null,
      subject_name varchar(255) null,
      details jsonb not null default '{}',
      created_at timestamptz not null default now()
    );`);
    this.addSql('create index team_activity_team_idx on team_activity (team_id, created_at desc, id desc);');
    this.addSql('create index team_activity_created_idx on team_activity (created_at);');

    this.addSql('alter table videos add column uploaded_by uuid null references users (id) on delete set null, add column updated_by uuid null references users (id) on delete set null;');

    // Every account a one-person team, keeping its id.
    this.addSql(`insert into teams (id, owner_id, name, created_at)
      select id, id, left(coalesce(nullif(trim(first_name || ' ' || last_name), ''), email), 100), created_at from users;`);
    this.addSql(`insert into team_members (team_id, user_id, role, last_active_at, created_at)
      select id, id, 'owner', last_login_at, created_at from users;`);
    // A pre-existing video was uploaded by its account.
    this.addSql('update videos set uploaded_by = user_id where uploaded_by is null;');

    this.addSql(`create function users_make_team() returns trigger language plpgsql as $$
      begin
        insert into teams (id, owner_id, name, created_at)
          select id, id, left(coalesce(nullif(trim(first_name || ' ' || last_name), ''), email), 100), created_at from new_rows;
        insert into team_members (team_id, user_id, role, created_at)
          select id, id, 'owner', created_at from new_rows;
        return null;
      end $$;`);
    this.addSql('create trigger users_make_team after insert on users referencing new table as new_rows for each statement execute function users_make_team();');
    // A person deleted (an admin, the removal of an unconfirmed account) who owns a team that is
    // not their own: its longest-standing admin (else member) becomes the owner, else the team's
    // account itself again, so a team never loses its owner and the delete never fails.
    this.addSql(`create function users_hand_over_teams() returns trigger language plpgsql as $$
      declare t record; heir uuid;
      begin
        for t in select id from teams where owner_id = old.id and id <> old.id loop
          delete from team_members where team_id = t.id and user_id = old.id;
          select user_id into heir from team_members where team_id = t.id order by (role = 'admin') desc, created_at, user_id limit 1;
          if heir is null then
            heir := t.id;
            insert into team_members (team_id, user_id, role) values (t.id, t.id, 'owner');
          else
            update team_members set role = 'owner' where team_id = t.id and user_id = heir;
          end if;
          update teams set owner_id = heir where id = t.id;
        end loop;
        return old;
      end $$;`);
    this.addSql('create trigger users_hand_over_teams before delete on users for each row execute function users_hand_over_teams();');
  }
}
