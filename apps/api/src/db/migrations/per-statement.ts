/**
 * A trigger function that runs `apply(delta)` once per statement, where delta selects the
 * statement's rows as +1 (`added`, from new_rows) and -1 (`removed`, from old_rows), so the
 * function sees a whole bulk change at once. Changes made by other triggers (depth 2: a cascade
 * from a deleted user, the usage sums on users) are skipped: there is no one left to update, or
 * nothing the sums count changed.
 */
export function perStatementFunction(fn: string, apply: (delta: string) => string, added: string, removed: string): string {
  return `create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() > 1 then
          return null;
        elsif tg_op = 'INSERT' then
          ${apply(added)}
        elsif tg_op = 'DELETE' then
          ${apply(removed)}
        else
          ${apply(`${added} union all ${removed}`)}
        end if;
        return null;
      end $$;`;
}

/** The statement triggers on `table` (insert, delete, update) that call `fn` with their transition tables. */
export function perStatementTriggers(table: string, fn: string): string[] {
  return [
    ['insert', 'new table as new_rows'],
    ['delete', 'old table as old_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
  ].map(([event, rows]) => `create trigger ${fn}_${event} after ${event} on ${table} referencing ${rows} for each statement execute function ${fn}();`);
}
