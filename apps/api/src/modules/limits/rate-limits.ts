import { createHash } from 'node:crypto';
import { ERROR_CODES, MESSAGES, tooManyAttemptsFor } from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { HttpError } from '../../http/errors.ts';
import { sqlOf } from '../../db/sql.ts';
import { addressBucket } from './address.ts';
import { deleteCounter, deleteExpiredCounters, giveBackSlot, hitCounter, hitSql, reserveSlots } from './rate-limits.queries.ts';

/** At most `count` in `seconds` from the first of them. */
export interface Limit {
  count: number;
  seconds: number;
}

/** The costly or mail-sending actions strangers and users could repeat to hurt us or others. */
export const LIMITED_ACTIONS = ['registration', 'email-check', 'forgot-password', 'verification-mail', 'platform-sign-in', 'import', 'upload', 'captions', 'payment-method', 'video-unlock', 'video-unlock-video', 'lead', 'api-key', 'review-unlock', 'review-write'] as const;
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
    void deleteExpiredCounters(sqlOf(db())).catch(() => {});
  }

  /** Counts one hit; returns the hits in this window and the seconds until it ends. */
  async function hit(key: string, limit: Limit): Promise<{ hits: number; retryAfter: number }> {
    cleanup();
    const row = await hitCounter(sqlOf(db()), key, limit.seconds);
    return { hits: row.hits, retryAfter: Math.max(1, Number(row.retry_after)) };
  }

  const tooMany = (retryAfter: number, message: string = MESSAGES.tooManyRequests) => {
    const err = new HttpError(429, message, { code: ERROR_CODES.rateLimited });
    err.headers = { 'Retry-After': String(retryAfter) };
    return err;
  };

  return {
    /**
     * Counts one `action` by this actor; past the account's or the address's limit it is a 429.
     * `onLimitReached` runs once per window of a count, at its first refusal (to tell someone).
     */
    async take(action: LimitedAction, actor: Actor, onLimitReached?: (limit: Limit) => Promise<void>): Promise<void> {
      const { perAccount, perAddress } = actions[action];
      const checks = [
        perAccount && actor.account !== undefined ? hit(keyOf(`${action}:account`, actor.account), perAccount).then((r) => ({ ...r, limit: perAccount })) : null,
        perAddress ? hit(keyOf(`${action}:address`, addressBucket(actor.address)), perAddress).then((r) => ({ ...r, limit: perAddress })) : null,
      ];
      const over = (await Promise.all(checks)).filter((c) => c && c.hits > c.limit.count);
      const first = over.find((c) => c && c.hits === c.limit.count + 1);
      if (first && onLimitReached) await onLimitReached(first.limit);
      if (over.length) throw tooMany(Math.max(...over.map((c) => c?.retryAfter ?? 1)));
    },

    /**
     * `action`'s per-account count, to run inside another statement (one round trip): the CTE's
     * SQL (a hit for each row of `from`) and parameters, then `check` of the row it answered
     * (`hits`, `retry_after`; none: nothing was counted), a 429 with Retry-After past the limit.
     */
    countWithin(action: LimitedAction, account: string, from: string) {
      const limit = actions[action].perAccount as Limit;
      cleanup();
      return {
        sql: hitSql(from),
        params: [keyOf(`${action}:account`, account), limit.seconds],
        check(row: { hits?: unknown; retry_after?: unknown }) {
          if (row.hits != null && Number(row.hits) > limit.count) throw tooMany(Math.max(1, Number(row.retry_after)));
        },
      };
    },

    /** Failed password sign-ins, counted before each password check: see `signInLimits`. */
    signIn: (limits: SignInLimitSettings) => signInLimits(db, cleanup, keyOf, tooMany, limits),
  };
}
export type RateLimits = ReturnType<typeof rateLimits>;

export interface SignInLimitSettings {
  /** Failures from one address, whatever the accounts. */
  perAddress: Limit;
  /** Failures on one account from one address: below `perAccount`, so one address never pauses an account. */
  perAccountAndAddress: Limit;
  /** Failures on one account from devices it never signed in on, all addresses together. */
  perAccount: Limit;
  /** Failures on one device the account signed in on before (its device token). */
  perDevice: Limit;
}

/** One counted attempt, taken before the password is checked. */
export interface SignInAttempt {
  /** Whether it went through a trusted device's own count (not the account's and the address's). */
  trusted: boolean;
  /** The password was right: the counts it passed are cleared (the address's only gives its slot back). */
  succeeded(): Promise<void>;
  /** The password was wrong: the slots stay taken. Says which lockouts this failure began. */
  failed(): { accountLocked: boolean; deviceLocked: boolean };
  /** The password was never checked (busy): the slots are given back. */
  release(): Promise<void>;
}

interface Slot {
  key: string;
  hits: number;
  /** As PostgreSQL wrote it (microseconds), to recognise the window later. */
  windowStart: string;
  limit: Limit;
}

type Db = () => ReturnType<Orm['em']['getConnection']>;

/**
 * The OWASP device-cookie scheme over the same counters. An attempt reserves a slot in each of its
 * counts in one statement, all or none (`reserve_rate_limit_slots`, which adds one only where a
 * count is under its limit), so parallel guesses never get more password checks than the limits
 * allow. A device the account signed in on before counts on its own; once it fails `perDevice`
 * times it is distrusted and counts like any new device. New devices count per address, per
 * account from that address (smaller than the account's count, so a stranger at one address
 * cannot pause the owner elsewhere) and per account across addresses (distributed guessing).
 */
function signInLimits(
  db: Db,
  cleanup: () => void,
  keyOf: (scope: string, value: string) => string,
  tooMany: (retryAfter: number, message?: string) => HttpError,
  limits: SignInLimitSettings,
) {
  const keys = {
    address: (address: string) => keyOf('sign-in:address', addressBucket(address)),
    accountAndAddress: (account: string, address: string) => keyOf('sign-in:account-address', `${account}\0${addressBucket(address)}`),
    account: (account: string) => keyOf('sign-in:account', account),
    device: (deviceId: string) => keyOf('sign-in:device', deviceId),
  };

  /** One slot in each count, or (when one is full) the seconds until that count's window ends. */
  async function reserve(wanted: [string, Limit][]): Promise<{ slots: Slot[] } | { retryAfter: number }> {
    cleanup();
    const rows = await reserveSlots(
      sqlOf(db()),
      wanted.map(([key, limit]) => ({ key, cap: limit.count, secs: limit.seconds })),
    );
    const refused = rows.find((r) => !r.granted);
    if (refused) return { retryAfter: refused.slot_retry_after };
    const byKey = new Map(rows.map((r) => [r.slot_key, r]));
    return {
      slots: wanted.map(([key, limit]) => {
        const row = byKey.get(key);
        if (!row) throw new Error(`no reservation row for a sign-in count`);
        return { key, limit, hits: row.slot_hits, windowStart: row.slot_window_start };
      }),
    };
  }

  /** Gives a slot back, unless its window has passed meanwhile (a newer window owes it nothing). */
  async function giveBack(slot: Slot) {
    await giveBackSlot(sqlOf(db()), slot.key, slot.windowStart);
  }

  async function remove(key: string) {
    await deleteCounter(sqlOf(db()), key);
  }
  const clear = (slot: Slot) => remove(slot.key);

  const reachedLimit = (slot: Slot) => slot.hits === slot.limit.count;

  return {
    /** After the owner proved themself another way (a password reset): new devices may sign in again. */
    clearAccount: (account: string) => remove(keys.account(account)),

    /**
     * Reserves this attempt's slots before the password is checked; a 429 (with Retry-After and
     * when to try again) when a count is full. `account` is the email typed, so an unknown account
     * is limited exactly like a real one; `deviceId` a valid device token's id for that account.
     */
    async reserve(actor: Required<Actor>, deviceId?: string): Promise<SignInAttempt> {
      if (deviceId) {
        const mine = await reserve([[keys.device(deviceId), limits.perDevice]]);
        if ('slots' in mine) {
          const [device] = mine.slots;
          return {
            trusted: true,
            succeeded: () => clear(device),
            failed: () => ({ accountLocked: false, deviceLocked: reachedLimit(device) }),
            release: () => giveBack(device),
          };
        }
        // A device past its own limit is distrusted: it goes on like a device never seen.
      }
      const taken = await reserve([
        [keys.address(actor.address), limits.perAddress],
        [keys.accountAndAddress(actor.account, actor.address), limits.perAccountAndAddress],
        [keys.account(actor.account), limits.perAccount],
      ]);
      if ('retryAfter' in taken) throw tooMany(taken.retryAfter, tooManyAttemptsFor(taken.retryAfter));
      const [address, accountAndAddress, account] = taken.slots;
      return {
        trusted: false,
        async succeeded() {
          await Promise.all([giveBack(address), clear(accountAndAddress), clear(account)]);
        },
        failed: () => ({ accountLocked: reachedLimit(account), deviceLocked: false }),
        release: async () => {
          await Promise.all(taken.slots.map(giveBack));
        },
      };
    },
  };
}
export type SignInLimits = ReturnType<typeof signInLimits>;
