import { Migration } from '@mikro-orm/migrations';

export class Migration20261214000001SignInReservations extends Migration {
  override async up(): Promise<void> {
    // One sign-in attempt reserves a slot in each of its counts (address, account from that address,
    // account; or one device) in one statement, all or none: rows are locked in key order (two
    // attempts sharing keys never deadlock) and a full count refuses the attempt without adding to
    // any other. Refused: one row, granted false, the full key and the seconds left in its window.
    this.addSql(`create or replace function reserve_rate_limit_slots(wanted jsonb)
      returns table (slot_key text, slot_hits integer, slot_window_start text, slot_retry_after integer, granted boolean)
      language plpgsql as $$
      begin
        insert into rate_limit_counters (key, window_start, hits, expires_at)
          select w.key, now(), 0, now() + make_interval(secs => w.secs)
          from jsonb_to_recordset(wanted) as w(key text, cap integer, secs integer)
          order by w.key
          on conflict (key) do nothing;
        perform 1 from rate_limit_counters c
          where c.key in (select w.key from jsonb_to_recordset(wanted) as w(key text, cap integer, secs integer))
          order by c.key for update;
        return query
          select c.key::text, c.hits, c.window_start::text, greatest(1, ceil(extract(epoch from c.expires_at - now())))::integer, false
          from rate_limit_counters c join jsonb_to_recordset(wanted) as w(key text, cap integer, secs integer) on c.key = w.key
          where c.expires_at > now() and c.hits >= w.cap
          order by c.expires_at desc
          limit 1;
        if found then
          return;
        end if;
        return query
          update rate_limit_counters c set
            hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
            window_start = case when c.expires_at <= now() then now() else c.window_start end,
            expires_at = case when c.expires_at <= now() then now() + make_interval(secs => w.secs) else c.expires_at end
          from jsonb_to_recordset(wanted) as w(key text, cap integer, secs integer)
          where c.key = w.key
          returning c.key::text, c.hits, c.window_start::text, greatest(1, ceil(extract(epoch from c.expires_at - now())))::integer, true;
      end $$;`);
  }
}
