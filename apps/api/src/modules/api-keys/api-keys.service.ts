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
import { deleteKey, insertKey, keyPrincipalRow, listKeys, lockTeamKeys, markKeyUsed, teamKeyCount } from './api-keys.queries.ts';

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

/**
 * API keys of teams. A key is `rbk_` + base64url of 32 random bytes, shown once; only its SHA-256
 * is stored. Keys carry 256 random bits, so a fast unsalted hash is right here: nobody can guess
 * one by brute force, and a slow hash (argon2, as for passwords) would cost every API request.
 * A key acts for its team with its scopes only, and only while its creator may still manage the
 * team (a removed or demoted admin's keys stop with them).
 */
export function createApiKeysService(d: { orm: Orm; limits: RateLimits; maxPerTeam: number }) {
  return {
    /** A new key, unless the team has `maxPerTeam` already (422); the team's lock makes parallel creations count one by one. The key is shown once; its creation is written to the team's activity log in the same transaction. */
    async create(teamId: string, creator: IUser, input: { name: string; scopes: ApiKeyScope[] }): Promise<ApiKeyCreated> {
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      return d.orm.em.fork().transactional(async (em) => {
        const tx = sqlOf(em);
        await lockTeamKeys(tx, teamId);
        const n = await teamKeyCount(tx, teamId);
        if (n >= d.maxPerTeam) throw unprocessable({ name: tooManyApiKeysMessage(d.maxPerTeam) }, tooManyApiKeysMessage(d.maxPerTeam));
        const row = await insertKey(tx, { teamId, createdBy: creator.id, name: input.name, prefix: key.slice(0, SHOWN_CHARS), keyHash: sha256(key), scopes: `{${input.scopes.join(',')}}` });
        const created = toApiKey(row);
        await recordActivity(tx, teamId, 'api_key.created', { type: 'api_key', id: created.id, name: created.name }, { scopes: created.scopes.join(', '), prefix: created.prefix }, creator.id);
        return { ...created, key };
      });
    },

    async list(teamId: string): Promise<ApiKeyList> {
      const rows = await listKeys(sqlOf(d.orm.em.fork()), teamId);
      return { items: rows.map(toApiKey) };
    },

    /** Deleted at once: the next lookup of the key, in any API process, finds nothing. */
    async revoke(teamId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(API_KEY_MESSAGES.notFound);
      await d.orm.em.fork().transactional(async (em) => {
        const tx = sqlOf(em);
        const row = await deleteKey(tx, teamId, id);
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
      const counted = count ? d.limits.countWithin('api-key', hash, 'from found') : null;
      // Counting is a write on every request: its commit need not wait for the disk (a count lost
      // in a crash only forgives part of a minute), which keeps a key's call as fast as a token's.
      const row = await keyPrincipalRow(sqlOf(em), hash, counted);
      if (!row) throw unauthorized(API_KEY_MESSAGES.invalid, API_KEY_ERROR_CODES.invalid);
      const { api_key_id: id, api_key_scopes: scopes, api_key_created_by: createdBy, api_key_last_used_at: lastUsed, api_key_creator_role: role, api_key_creator: creator, api_key_hits: hits, api_key_retry_after: retryAfter, ...columns } = row;
      if (!role || !roleCan(role as TeamRole, 'manageTeam')) throw unauthorized(API_KEY_MESSAGES.creatorLeft, API_KEY_ERROR_CODES.invalid);
      const account = em.map(User, columns);
      if (account.ban) throw forbidden(MESSAGES.banned, ERROR_CODES.banned);
      counted?.check({ hits, retry_after: retryAfter });
      // At most one write a minute per key, and only when the read says it is due (a conditional update, so two processes write once).
      if (!lastUsed || Date.now() - new Date(lastUsed as string).getTime() > LAST_USED_EVERY_MS) {
        await markKeyUsed(sqlOf(em), id);
      }
      const person = createdBy === account.id ? account : em.map(User, creator as Record<string, unknown>);
      return { key: { id: String(id), teamId: account.id, scopes: scopes as ApiKeyScope[] }, account, person, role: role as TeamRole };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
