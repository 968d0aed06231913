import type { Logger } from 'pino';
import type { Mailer } from '../../mail/mailer.ts';

/** Where a sign-in came from, as the owner is told it. */
export interface SignInClient {
  address: string;
  userAgent: string;
}

const RESET_ADVICE = 'If it was not you, choose a new password now (Forgot Password on the sign-in page): that also ends every session.';
const describe = (c: SignInClient, at: Date) => `When: ${at.toISOString().replace('T', ' ').slice(0, 16)} UTC\nAddress: ${c.address}\nBrowser or app: ${c.userAgent || 'unknown'}`;

/**
 * The mails that tell an owner about sign-ins: a sign-in from a device the account was not used
 * on before, and each lockout. One mail per event (a lockout starts once per window), never one
 * per failed attempt. A mail that cannot be sent is logged; it never fails the sign-in.
 */
export function signInNotices(mailer: Mailer, log: Logger | undefined, windowSeconds: number) {
  const minutes = Math.ceil(windowSeconds / 60);
  const send = (to: string, subject: string, text: string) =>
    mailer.send({ to, subject, text }).catch((err: unknown) => log?.error({ err, subject }, 'sign-in notice could not be sent'));

  return {
    newDevice: (to: string, client: SignInClient) =>
      send(
        to,
        'New sign-in to your Reelbase account',
        `Your Reelbase account was just signed in to from a browser or app it was not used on before.\n\n${describe(client, new Date())}\n\nIf it was you, nothing needs doing. ${RESET_ADVICE}`,
      ),

    accountLocked: (to: string, failures: number, client: SignInClient) =>
      send(
        to,
        'Sign-ins to your Reelbase account are paused',
        `There were ${failures} failed attempts to sign in to your Reelbase account from browsers and apps it was not used on before, so sign-ins from new devices are paused for ${minutes} minutes.\n\nBrowsers and apps where you signed in before still get in with your password.\n\nThe last attempt:\n${describe(client, new Date())}\n\nSomeone may be guessing your password. ${RESET_ADVICE}`,
      ),

    deviceLocked: (to: string, failures: number, client: SignInClient) =>
      send(
        to,
        'A device was stopped from signing in to your Reelbase account',
        `A wrong password was entered ${failures} times on a browser or app where your Reelbase account was signed in before. That device is no longer trusted: it now signs in like a new one.\n\n${describe(client, new Date())}\n\n${RESET_ADVICE}`,
      ),
  };
}
export type SignInNotices = ReturnType<typeof signInNotices>;
