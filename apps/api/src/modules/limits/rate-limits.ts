import { createHash } from 'node:crypto';
import { ERROR_CODES, MESSAGES } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { HttpError } from '../../http/errors.ts';
import { addressBucket } from './address.ts';

/** At most `count` in `seconds` from the first of them. */
export interface Limit {
  count: number;
  seconds: number;
}

/** The costly or mail-sending actions strangers and users could repeat to hurt us or others. */
export const LIMITED_ACTIONS = ['registration', 'forgot-password', 'verification-mail', 'platform-sign-in', 'import', 'upload', 'payment-method'] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

export type ActionLimits = Record<LimitedAction, { perAccount?: Limit; perAddress?: Limit }>;

/** Who is acting: the account (an id, or the email typed) and the client address. */
export interface Actor {
  account?: string;
  address: string;
}

const CLEANUP_EVERY_MS = 60_000;

/**
 * Counters kept in PostgreSQL, so a limit holds across every API process and across restarts:
 * one row per key, bumped by a single UPSERT; its window starts at the first hit (the database's
 * clock), so a burst is never split across two windows. Keys are SHA-256 digests (an address or
 * an email is never stored), and rows are deleted once their window has passed.
 */
export function rateLimits(orm: Orm, actions: ActionLimits) {
  let lastCleanup = 0;
  const db = () => orm.em.getConnection();
  const keyOf = (scope: string, value: string) => createHash('sha256').update(`${scope}\0${value}`).digest('hex');

  function cleanup() {
    if (Date.now() - lastCleanup < CLEANUP_EVERY_MS) return;
    lastCleanup = Date.now();
    void db()
      .execute('delete from rate_limit_counters where expires_at < now()')
      .catch(() => {});
  }

  /** Counts one hit; returns the hits in this window and the seconds until it ends. */
  async function hit(key: string, limit: Limit): Promise<{ hits: number; retryAfter: number }> {
    cleanup();
    const [row] = await db().execute<{ hits: number; retry_after: string }[]>(
      `insert into rate_limit_counters as c (key, window_start, hits, expires_at) values (?, now(), 1, now() + make_interval(secs => ?))
       on conflict (key) do update set
         hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
         window_start = case when c.expires_at <= now() then now() else c.window_start end,
         expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
       returning hits, ceil(extract(epoch from expires_at - now())) as retry_after`,
      [key, limit.seconds],
    );
    return { hits: row.hits, retryAfter: Math.max(1, Number(row.retry_after)) };
  }

  async function hitsNow(key: string): Promise<number> {
    const [row] = await db().execute<{ hits: number }[]>('select hits from rate_limit_counters where key = ? and expires_at > now()', [key]);
    return row?.hits ?? 0;
  }

  const tooMany = (retryAfter: number, message: string = MESSAGES.tooManyRequests) => {
    const err = new HttpError(429, message, { code: ERROR_CODES.rateLimited });
    err.headers = { 'Retry-After': String(retryAfter) };
    return err;
  };

  return {
    /** Counts one `action` by this actor; past the account's or the address's limit it is a 429. */
    async take(action: LimitedAction, actor: Actor): Promise<void> {
      const { perAccount, perAddress } = actions[action];
      const checks = [
        perAccount && actor.account !== undefined ? hit(keyOf(`${action}:account`, actor.account), perAccount).then((r) => ({ ...r, limit: perAccount })) : null,
        perAddress ? hit(keyOf(`${action}:address`, addressBucket(actor.address)), perAddress).then((r) => ({ ...r, limit: perAddress })) : null,
      ];
      const over = (await Promise.all(checks)).filter((c) => c && c.hits > c.limit.count);
      if (over.length) throw tooMany(Math.max(...over.map((c) => c?.retryAfter ?? 1)));
    },

    /**
     * Failed sign-ins: `blocked` before checking the password, `fail` after a wrong one, `clear`
     * after a right one. Keys are what the caller typed, so an unknown account is limited exactly
     * like a real one.
     */
    signIn(limits: { perAccount: Limit; perAddress: Limit }) {
      const accountKey = (account: string) => keyOf('sign-in:account', account);
      const addressKey = (address: string) => keyOf('sign-in:address', addressBucket(address));
      return {
        async assertAllowed(actor: Required<Actor>) {
          const [byAccount, byAddress] = await Promise.all([hitsNow(accountKey(actor.account)), hitsNow(addressKey(actor.address))]);
          if (byAccount >= limits.perAccount.count || byAddress >= limits.perAddress.count) throw tooMany(limits.perAccount.seconds, MESSAGES.tooManyAttempts);
        },
        async fail(actor: Required<Actor>) {
          await Promise.all([hit(accountKey(actor.account), limits.perAccount), hit(addressKey(actor.address), limits.perAddress)]);
        },
        async clear(account: string) {
          await db().execute('delete from rate_limit_counters where key = ?', [accountKey(account)]);
        },
      };
    },
  };
}
export type RateLimits = ReturnType<typeof rateLimits>;
export type SignInLimits = ReturnType<RateLimits['signIn']>;
