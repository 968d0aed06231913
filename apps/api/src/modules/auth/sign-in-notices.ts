import type { Logger } from 'pino';
import type { Mails } from '../../mail/render.ts';

/** Where a sign-in came from, as the owner is told it. */
export interface SignInClient {
  address: string;
  userAgent: string;
}

/**
 * The mails that tell an owner about sign-ins: a sign-in from a device the account was not used
 * on before, and each lockout. One mail per event (a lockout starts once per window), never one
 * per failed attempt. A mail that cannot be sent is logged; it never fails the sign-in.
 */
export function signInNotices(mails: Mails, log: Logger | undefined, windowSeconds: number) {
  const minutes = Math.ceil(windowSeconds / 60);
  const send = (to: string, kind: 'newDevice' | 'accountLocked' | 'deviceLocked', failures: number, c: SignInClient) =>
    mails
      .send(to, 'sign-in-notice', { kind, failures, minutes, client: { address: c.address, userAgent: c.userAgent, at: new Date().toISOString() } })
      .catch((err: unknown) => log?.error({ err, kind }, 'sign-in notice could not be sent'));

  return {
    newDevice: (to: string, client: SignInClient) => send(to, 'newDevice', 0, client),
    accountLocked: (to: string, failures: number, client: SignInClient) => send(to, 'accountLocked', failures, client),
    deviceLocked: (to: string, failures: number, client: SignInClient) => send(to, 'deviceLocked', failures, client),
  };
}
export type SignInNotices = ReturnType<typeof signInNotices>;
