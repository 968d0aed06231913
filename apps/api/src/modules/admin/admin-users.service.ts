import { ADMIN_MESSAGES, type AdminUser, MESSAGES, type AdminUserListQuery, type AdminUserUpdate, type FeatureToggle, type UserBulkRequest } from '@reelbase/api-client';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { revokeMailLinks } from '../auth/mail-links.ts';
import type { Storage } from '../../storage/storage.ts';
import { type Sql, sqlOf } from '../../db/sql.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { announceServingChange } from '../videos/serving-changes.ts';
import { pageMeta } from '../videos/video-view.ts';
import { videoKeys } from '../videos/storage-layout.ts';
import { toAdminUser } from './admin-user-view.ts';
import {
  type AdminUserRow,
  adminUserListQuery,
  adminUserPage,
  adminUserRow,
  banUsers,
  deleteUsers,
  emailOf,
  emailTakenCount,
  featureOn,
  mergeFeatures,
  setBanReason,
  setConfirmedEmail,
  setFirstName,
  setGeneratorCredits,
  setLastName,
  targetUsers,
  unbanUsers,
  videoIdsOfUsers,
} from './admin-users.queries.ts';
import { type Actor, type ReadAuditLog, writeAudit } from './audit-log.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const plural = (n: number) => `${n} user${n === 1 ? '' : 's'}`;

/**
 * The admin's user management. Every call writes an audit row; changes write it in their own
 * transaction. A ban ends the user's sessions at once (their refresh tokens are revoked and every
 * access token is refused by the ban check) and stops their videos being served.
 */
export function createAdminUsersService(d: {
  orm: Orm;
  storage: Storage;
  reads: ReadAuditLog;
  /** Called after a change that may stop videos being served (a ban, a deletion): this process's caches forget their answers. */
  onServingChanged: (videoIds?: string[]) => void;
  /** A cancel or reactivation acts on the subscription too, through the payments service. */
  payments: Pick<PaymentsService, 'prepareAdminChange'>;
  /** Tells the old address when an admin changes it. */
  auth: Pick<AuthService, 'emailChangedByAdmin'>;
  log: Logger;
}) {
  const sqlNow = () => sqlOf(d.orm.em.fork());

  async function view(sql: Sql, id: string): Promise<AdminUser> {
    const row = UUID.test(id) ? await adminUserRow(sql, id) : undefined;
    if (!row) throw notFound(ADMIN_MESSAGES.userNotFound);
    return toAdminUser(row);
  }

  /** Locks the users for the rest of the transaction (or only checks them, `lock` false): all must exist (404) and none may be an admin (403). */
  async function lockTargets(sql: Sql, ids: string[], lock = true) {
    const rows = ids.every((id) => UUID.test(id)) ? await targetUsers(sql, ids, lock) : [];
    if (rows.length !== ids.length) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (rows.some((r) => r.is_admin)) throw forbidden(ADMIN_MESSAGES.notOnAdmins);
  }

  /**
   * Runs `fn` (the admin's transaction) around a cancel or reactivation: the targets are checked,
   * the subscriptions' providers act first, `fn` records the rows with `apply`, and when it fails
   * the providers are put back, so the change is all or none.
   */
  async function withSubscriptionChange<T>(ids: string[], isActive: boolean | undefined, fn: (apply: (sql: Sql) => Promise<void>) => Promise<T>): Promise<T> {
    if (isActive === undefined) return fn(async () => {});
    await lockTargets(sqlNow(), ids, false);
    const change = await d.payments.prepareAdminChange(ids, isActive, (err, userId) => d.log.error({ err, userId }, 'subscription not put back after a failed admin change'));
    try {
      return await fn(change.apply);
    } catch (err) {
      await change.undo();
      throw err;
    }
  }

  /** Applies one change to every user in `ids` (already locked); a cancel or reactivation through `apply` (see withSubscriptionChange). */
  async function change(sql: Sql, ids: string[], input: AdminUserUpdate, apply: (sql: Sql) => Promise<void>) {
    // The cancellation date stays that of the first cancel; reactivation clears it.
    if (input.isActive !== undefined) await apply(sql);
    if (input.ban === true) {
      await banUsers(sql, ids, input.banReason ?? null);
    } else if (input.ban === false) {
      // Unbanning always clears the reason.
      await unbanUsers(sql, ids);
    } else if (input.banReason !== undefined) {
      await setBanReason(sql, ids, input.banReason);
    }
    if (input.features) await mergeFeatures(sql, ids, input.features);
    if (input.videoGeneratorCredits !== undefined) await setGeneratorCredits(sql, ids, input.videoGeneratorCredits);
  }

  /**
   * An admin's correction of a name or an address (the target is locked). The new address is taken
   * as confirmed (the admin vouches for it) and every open mail link, sent to the old one, stops
   * working. Answers the old address when it changed.
   */
  async function changeIdentity(em: EntityManager, id: string, input: AdminUserUpdate): Promise<string | null> {
    const sql = sqlOf(em);
    if (input.firstName !== undefined) await setFirstName(sql, id, input.firstName);
    if (input.lastName !== undefined) await setLastName(sql, id, input.lastName);
    if (input.email === undefined) return null;
    const row = await emailOf(sql, id);
    if (row.email === input.email) return null;
    if (await emailTakenCount(sql, input.email, id)) throw unprocessable({ email: MESSAGES.emailTaken });
    try {
      await setConfirmedEmail(sql, id, input.email);
    } catch (err) {
      // Taken meanwhile by a registration.
      if (err instanceof UniqueConstraintViolationException) throw unprocessable({ email: MESSAGES.emailTaken });
      throw err;
    }
    await revokeMailLinks(em, id);
    return row.email;
  }

  /** Deletes the rows (videos, folders, tokens and statistics go with the user); returns the file prefixes to remove. */
  async function deleteRows(sql: Sql, ids: string[]): Promise<string[]> {
    const videos = await videoIdsOfUsers(sql, ids);
    await deleteUsers(sql, ids);
    return [...videos.map((v) => videoKeys.dir(v.id)), ...ids.map((id) => `images/${id}`)];
  }

  /** Media go after the commit, through the storage interface, so a rollback never loses files. */
  async function removeFiles(prefixes: string[]) {
    for (const prefix of prefixes) await d.storage.deletePrefix(prefix);
  }

  return {
    async list(actor: Actor, q: AdminUserListQuery) {
      const sql = sqlNow();
      const { text, params } = adminUserListQuery(q);
      const rows = await adminUserPage<AdminUserRow & { total_count: string }>(sql, { text, params });
      let total = rows.length ? Number(rows[0].total_count) : 0;
      if (!rows.length && q.page > 1) {
        // A page past the end has no row to carry the count.
        const first = adminUserListQuery({ ...q, page: 1, limit: 1 });
        const [row] = await adminUserPage<{ total_count: string }>(sql, first);
        total = row ? Number(row.total_count) : 0;
      }
      d.reads.add(actor, { action: 'user.list', details: { ...q } });
      return { items: rows.map(toAdminUser), meta: pageMeta(q.page, q.limit, total) };
    },

    async get(actor: Actor, id: string): Promise<AdminUser> {
      const sql = sqlNow();
      const user = await view(sql, id);
      d.reads.add(actor, { action: 'user.view', targetUserId: id });
      return user;
    },

    async update(actor: Actor, id: string, input: AdminUserUpdate): Promise<AdminUser> {
      let oldEmail: string | null = null;
      const user = await withSubscriptionChange([id], input.isActive, (apply) =>
        d.orm.em.fork().transactional(async (em) => {
          const sql = sqlOf(em);
          await lockTargets(sql, [id]);
          oldEmail = await changeIdentity(em, id, input);
          await change(sql, [id], input, apply);
          if (input.ban !== undefined) await announceServingChange(sql);
          await writeAudit(sql, actor, { action: 'user.update', targetUserId: id, details: { ...input } });
          return view(sql, id);
        }),
      );
      if (input.ban !== undefined) d.onServingChanged();
      if (oldEmail) await d.auth.emailChangedByAdmin(oldEmail, user.email);
      return user;
    },

    async toggleFeature(actor: Actor, id: string, input: FeatureToggle): Promise<AdminUser> {
      return d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        await lockTargets(sql, [id]);
        const row = await featureOn(sql, id, input.name);
        const value = input.value ?? !row.on;
        await change(sql, [id], { features: { [input.name]: value } }, async () => {});
        await writeAudit(sql, actor, { action: 'user.feature', targetUserId: id, details: { name: input.name, value } });
        return view(sql, id);
      });
    },

    /** Immediate: the rows in one transaction, then every file of the user (see docs/decisions.md). */
    async remove(actor: Actor, id: string): Promise<{ message: string }> {
      const prefixes = await d.orm.em.fork().transactional(async (em) => {
        const sql = sqlOf(em);
        await lockTargets(sql, [id]);
        await writeAudit(sql, actor, { action: 'user.delete', targetUserId: id });
        await announceServingChange(sql);
        return deleteRows(sql, [id]);
      });
      d.onServingChanged();
      await removeFiles(prefixes);
      return { message: 'User deleted' };
    },

    /** One action over several users, all of them or none. */
    async bulk(actor: Actor, input: UserBulkRequest): Promise<{ message: string; count: number }> {
      const ids = [...new Set(input.ids)];
      const isActive = input.action === 'cancel' ? input.isActive : undefined;
      const prefixes = await withSubscriptionChange(ids, isActive, (apply) =>
        d.orm.em.fork().transactional(async (em) => {
          const sql = sqlOf(em);
          await lockTargets(sql, ids);
          const { ids: _ids, ...details } = input;
          await writeAudit(sql, actor, { action: 'user.bulk', targetIds: ids, details });
          if (input.action !== 'cancel') await announceServingChange(sql);
          if (input.action === 'delete') return deleteRows(sql, ids);
          await change(sql, ids, input.action === 'ban' ? { ban: input.ban, banReason: input.banReason } : { isActive }, apply);
          return [];
        }),
      );
      if (input.action !== 'cancel') d.onServingChanged();
      await removeFiles(prefixes);
      const done =
        input.action === 'delete' ? 'deleted' : input.action === 'ban' ? (input.ban ? 'banned' : 'unbanned') : input.isActive ? 'reactivated' : 'canceled';
      return { message: `${plural(ids.length)} ${done}.`, count: ids.length };
    },

    /** Records a user created by an admin (POST /api/users with an admin token). */
    async recordCreated(actor: Actor, userId: string, email: string) {
      await writeAudit(sqlNow(), actor, { action: 'user.create', targetUserId: userId, details: { email } });
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
