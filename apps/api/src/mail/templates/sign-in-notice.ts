import type { MailContent, MailContext } from '../layout.ts';
import { minute } from './format.ts';

/** Where a sign-in came from, as the owner is told it. */
export interface SignInFacts {
  address: string;
  userAgent: string;
  at: string;
}
const facts = (c: SignInFacts): [string, string][] => [
  ['When', minute(c.at)],
  ['Address', c.address],
  ['Browser or app', c.userAgent || 'unknown'],
];
const RESET_ADVICE = 'If it was not you, choose a new password now (Forgot Password on the sign-in page): that also ends every session.';

/** The sign-in notices: a new device, new devices paused, a known device distrusted. */
export default (d: { kind: 'newDevice' | 'accountLocked' | 'deviceLocked'; client: SignInFacts; failures: number; minutes: number }, ctx: MailContext): MailContent => {
  const reset = { button: 'Choose a new password', href: `${ctx.publicUrl}/forgot-password` };
  if (d.kind === 'newDevice')
    return {
      subject: 'New sign-in to your Reelbase account',
      preview: 'Your account was signed in to from a new browser or app.',
      blocks: [{ p: 'Your Reelbase account was just signed in to from a browser or app it was not used on before.' }, { facts: facts(d.client) }, { p: `If it was you, nothing needs doing. ${RESET_ADVICE}` }, reset],
    };
  if (d.kind === 'accountLocked')
    return {
      subject: 'Sign-ins to your Reelbase account are paused',
      preview: 'Sign-ins from new devices are paused.',
      blocks: [
        {
          p: `There were ${d.failures} failed attempts to sign in to your Reelbase account from browsers and apps it was not used on before, so sign-ins from new devices are paused for ${d.minutes} minutes.\n\nBrowsers and apps where you signed in before still get in with your password.\n\nThe last attempt:`,
        },
        { facts: facts(d.client) },
        { p: `Someone may be guessing your password. ${RESET_ADVICE}` },
        reset,
      ],
    };
  return {
    subject: 'A device was stopped from signing in to your Reelbase account',
    preview: 'A device is no longer trusted.',
    blocks: [
      { p: `A wrong password was entered ${d.failures} times on a browser or app where your Reelbase account was signed in before. That device is no longer trusted: it now signs in like a new one.` },
      { facts: facts(d.client) },
      { p: RESET_ADVICE },
      reset,
    ],
  };
};
