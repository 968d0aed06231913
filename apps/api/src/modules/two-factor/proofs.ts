import type { Orm } from '../../db/orm.ts';
import type { Sql } from '../../db/sql.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { PasswordChecks } from '../auth/password-checks.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { SignInClient, SignInNotices } from '../auth/sign-in-notices.ts';
import { addressBucket } from '../limits/address.ts';
import type { SignInLimits } from '../limits/rate-limits.ts';
import type { IUser } from '../users/user.entity.ts';
import { twoFactorStore as store } from './two-factor.queries.ts';
import { newRecoveryCodes } from './totp.ts';

export interface ProofDeps {
  orm: Orm;
  signInLimits: SignInLimits;
  passwordChecks: PasswordChecks;
  notices: SignInNotices;
  failureLimits: { perAccount: number; perDevice: number };
}

/** What every two-factor method shares: counted checks of passwords and second factors, and turning it on. */
export function twoFactorProofs(d: ProofDeps) {
  return {
    /**
     * One counted check of `user`'s proofs (a password, a code, a passkey, or several): the
     * attempt's slots are taken first, kept when a proof is wrong (with the lockout notices a
     * password sign-in sends), given back or cleared when all are right.
     */
    async counted<T extends Record<string, boolean>>(user: IUser, client: SignInClient, deviceId: string | null, check: () => Promise<T>): Promise<T> {
      const attempt = await d.signInLimits.reserve({ account: user.email, address: client.address }, deviceId ?? undefined);
      let result: T;
      try {
        result = await check();
      } catch (err) {
        await attempt.release();
        throw err;
      }
      if (Object.values(result).every(Boolean)) {
        await attempt.succeeded();
        return result;
      }
      const began = attempt.failed();
      if (began.accountLocked) await d.notices.accountLocked(user.email, d.failureLimits.perAccount, client);
      if (began.deviceLocked) await d.notices.deviceLocked(user.email, d.failureLimits.perDevice, client);
      return result;
    },

    passwordRight: (user: IUser, password: string, client: SignInClient) => d.passwordChecks.run(addressBucket(client.address), () => verifyPassword(user.passwordHash, password)),

    /** The first method confirmed turns two-factor sign-in on (in the caller's transaction): ten recovery codes, shown this once, and the "on" mail. */
    async turnOn(sql: Sql, user: IUser): Promise<string[]> {
      const recovery = newRecoveryCodes();
      await store.enable(sql, user.id, recovery.hashes);
      await queueMail(sql, user.email, 'two-factor', { firstName: user.firstName, kind: 'on', at: new Date().toISOString() });
      return recovery.codes;
    },
  };
}
export type TwoFactorProofs = ReturnType<typeof twoFactorProofs>;
