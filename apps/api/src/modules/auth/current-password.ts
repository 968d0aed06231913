import { addressBucket } from '../limits/address.ts';
import type { SignInLimits } from '../limits/rate-limits.ts';
import type { PasswordChecks } from './password-checks.ts';
import { verifyPassword } from './passwords.ts';
import type { SignInClient, SignInNotices } from './sign-in-notices.ts';

/**
 * The current password a signed-in person types to prove it is them (profile changes, linking a
 * sign-in, handing a team over). A guess there is a guess at the account's password, so it is
 * counted in sign-in's own counts (per address, per account from that address, per account),
 * reserved before argon2 runs (429 with when to try again past them), and argon2 waits its turn
 * in the same bounded pool as sign-ins; a lockout it begins is mailed like a sign-in's.
 */
export function currentPasswordCheck(d: { signInLimits: SignInLimits; passwordChecks: PasswordChecks; notices: SignInNotices; failuresPerAccount: number }) {
  return async function check(user: { email: string; passwordHash: string }, password: string, client: SignInClient): Promise<boolean> {
    const attempt = await d.signInLimits.reserve({ account: user.email, address: client.address });
    let ok: boolean;
    try {
      ok = await d.passwordChecks.run(addressBucket(client.address), () => verifyPassword(user.passwordHash, password));
    } catch (err) {
      await attempt.release();
      throw err;
    }
    if (ok) {
      await attempt.succeeded();
      return true;
    }
    if (attempt.failed().accountLocked) await d.notices.accountLocked(user.email, d.failuresPerAccount, client);
    return false;
  };
}
export type CurrentPasswordCheck = ReturnType<typeof currentPasswordCheck>;
