import { randomBytes } from 'node:crypto';
import {
  API_KEY_ERROR_CODES,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyScope,
  ERROR_CODES,
  MESSAGES,
  roleCan,
  type TeamRole,
  tooManyApiKeysMessage,
} from '@reelbase/api-client';
import type { Orm } from '../../db/orm.ts';
import { forbidden, notFound, unauthorized, unprocessable } from '../../http/errors.ts';
import { sha256 } from '../auth/secrets.ts';
import { isUuid, sqlOf } from '../../db/sql.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import { recordActivity } from '../teams/activity.ts';
import { nameOf } from '../teams/teams.queries.ts';
import { type IUser, User } from '../users/user.entity.ts';

/** How many characters of a key are kept to recognise it: the prefix and 8 of its random ones (48 of 256 bits). */
const SHOWN_CHARS = API_KEY_PREFIX.length + 8;
/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_EVERY_MS = 60_000;

/** Whether a bearer is an API key (else a sign-in token). */
export const isApiKey = (bearer: string | undefined): bearer is string => bearer?.startsWith(API_KEY_PREFIX) === true;

/** Who a key acts as: its team's account, the person who created it (who did it), their role, and the key's scopes. */
export interface ApiKeyPrincipal {
  key: { id: string; teamId: string; scopes: ApiKeyScope[] };
  account: IUser;
  person: IUser;
  role: TeamRole;
}

/** 403 of a call that takes no API key (account, password, payment, admin, teams, the keys themselves). */
export const keyNotAllowed = () => forbidden(API_KEY_MESSAGES.notAllowed, API_KEY_ERROR_CODES.notAllowed);

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const toApiKey = (r: Record<string, unknown>): ApiKey => ({
  id: String(r.id),
  name: String(r.name),
  prefix: String(r.prefix),
  scopes: r.scopes as ApiKeyScope[],
  createdAt: iso(r.created_at) as string,
  lastUsedAt: iso(r.last_used_at),
  createdBy: r.creator_id ? { id: String(r.creator_id), name: nameOf(r.creator_first_name, r.creator_last_name, r.creator_email) } : null,
});
const LIST_COLUMNS = `k.id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at,
  c.id as creator_id, c.first_name as creator_first_name, c.last_name as creator_last_name, c.email as creator_email`;

/**
 * API keys of teams. A key is `rbk_` + base64url of 32 random bytes, shown once; only its SHA-256
 * is stored. Keys carry 256 random bits, so a fast unsalted hash is right here: nobody can guess
 * one by brute force, and a slow hash (argon2, as for passwords) would cost every API request.
 * A key acts for its team with its scopes only, and only while its creator may still manage the
 * team (a removed or demoted admin's keys stop with them).
 */
export function createApiKeysService(d: { orm: Orm; limits: RateLimits; maxPerTeam: number }) {
  const sql = <T = Record<string, unknown>[]>(q: string, p: unknown[] = []) => d.orm.em.fork().execute(q, p) as Promise<T>;

  return {
    /** A new key, unless the team has `maxPerTeam` already (422); the team's lock makes parallel creations count one by one. The key is shown once; its creation is written to the team's activity log in the same transaction. */
    async create(teamId: string, creator: IUser, input: { name: string; scopes: ApiKeyScope[] }): Promise<ApiKeyCreated> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      return d.orm.em.fork().transactional(async (em) => {
        const tx = sqlOf(em);
        await tx('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`api-keys:${teamId}`]);
        const [{ n }] = await tx<{ n: number }[]>('select count(*)::int as n from api_keys where team_id = ?', [teamId]);
        if (n >= d.maxPerTeam) throw unprocessable({ name: tooManyApiKeysMessage(d.maxPerTeam) }, tooManyApiKeysMessage(d.maxPerTeam));
        const [row] = await tx(
          `with k as (insert into api_keys (team_id, created_by, name, prefix, key_hash, scopes) values (?, ?, ?, ?, ?, ?::text[]) returning *)
           select ${LIST_COLUMNS} from k left join users c on c.id = k.created_by`,
          [teamId, creator.id, input.name, key.slice(0, SHOWN_CHARS), sha256(key), `{${input.scopes.join(',')}}`],
        );
        const created = toApiKey(row);
        await recordActivity(tx, teamId, 'api_key.created', { type: 'api_key', id: created.id, name: created.name }, { scopes: created.scopes.join(', '), prefix: created.prefix }, creator.id);
        return { ...created, key };
      });
    },

    async list(teamId: string): Promise<ApiKeyList> {
      const rows = await sql(`select ${LIST_COLUMNS} from api_keys k left join users c on c.id = k.created_by where k.team_id = ? order by k.created_at desc, k.id`, [teamId]);
      return { items: rows.map(toApiKey) };
    },

    /** Deleted at once: the next lookup of the key, in any API process, finds nothing. */
    async revoke(teamId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(API_KEY_MESSAGES.notFound);
      await d.orm.em.fork().transactional(async (em) => {
        const tx = sqlOf(em);
        const [row] = await tx<{ id: string; name: string; prefix: string }[]>('delete from api_keys where id = ? and team_id = ? returning id, name, prefix', [id, teamId]);
        if (!row) throw notFound(API_KEY_MESSAGES.notFound);
        await recordActivity(tx, teamId, 'api_key.revoked', { type: 'api_key', id: row.id, name: row.name }, { prefix: row.prefix });
      });
    },

    /**
     * The principal of a key, read in one query by the unique index on the hash (with the team's
     * account, the creator and the creator's membership), on every request: no cache, so a revoked
     * key fails at its next request in every API process. 401 for an unknown or revoked key.
     * `count`: the same statement counts the request against the key's rate limit (429 with
     * Retry-After past API_KEY_RATE_LIMIT_PER_MINUTE, in every API process together).
     */
    async authenticate(key: string, count = false): Promise<ApiKeyPrincipal> {
      const em = d.orm.em.fork();
      const hash = sha256(key);
      const lookup = `select users.*, k.id as api_key_id, k.scopes as api_key_scopes, k.created_by as api_key_created_by, k.last_used_at as api_key_last_used_at,
           m.role as api_key_creator_role, case when k.created_by <> k.team_id then (select to_jsonb(c) from users c where c.id = k.created_by) end as api_key_creator
         from api_keys k join users on users.id = k.team_id
         left join team_members m on m.team_id = k.team_id and m.user_id = k.created_by
         where k.key_hash = ?`;
      const counted = count ? d.limits.countWithin('api-key', hash, 'from found') : null;
      // Counting is a write on every request: its commit need not wait for the disk (a count lost
      // in a crash only forgives part of a minute), which keeps a key's call as fast as a token's.
      const [row] = await em.execute<Record<string, unknown>[]>(
        counted
          ? `with found as (${lookup}), hit as (${counted.sql}), no_wait as (select set_config('synchronous_commit', 'off', true))
             select found.*, hit.hits as api_key_hits, hit.retry_after as api_key_retry_after from found left join hit on true cross join no_wait`
          : lookup,
        counted ? [hash, ...counted.params] : [hash],
      );
      if (!row) throw unauthorized(API_KEY_MESSAGES.invalid, API_KEY_ERROR_CODES.invalid);
      const { api_key_id: id, api_key_scopes: scopes, api_key_created_by: createdBy, api_key_last_used_at: lastUsed, api_key_creator_role: role, api_key_creator: creator, api_key_hits: hits, api_key_retry_after: retryAfter, ...columns } = row;
      if (!role || !roleCan(role as TeamRole, 'manageTeam')) throw unauthorized(API_KEY_MESSAGES.creatorLeft, API_KEY_ERROR_CODES.invalid);
      const account = em.map(User, columns);
      if (account.ban) throw forbidden(MESSAGES.banned, ERROR_CODES.banned);
      counted?.check({ hits, retry_after: retryAfter });
      // At most one write a minute per key, and only when the read says it is due (a conditional update, so two processes write once).
      if (!lastUsed || Date.now() - new Date(lastUsed as string).getTime() > LAST_USED_EVERY_MS) {
        await em.execute("update api_keys set last_used_at = now() where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')", [id]);
      }
      const person = createdBy === account.id ? account : em.map(User, creator as Record<string, unknown>);
      return { key: { id: String(id), teamId: account.id, scopes: scopes as ApiKeyScope[] }, account, person, role: role as TeamRole };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
