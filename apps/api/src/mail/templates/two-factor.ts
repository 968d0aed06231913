import type { MailContent, MailContext } from '../layout.ts';
import { hello, minute } from './format.ts';

/** Two-factor sign-in turned on or off, or a recovery code used to sign in. */
export default (d: { firstName: string; kind: 'on' | 'off' | 'recovery-used'; at: string; codesLeft?: number }, ctx: MailContext): MailContent => {
  const what = {
    on: { subject: 'Two-factor authentication is on for your Reelbase account', line: 'Two-factor authentication was turned on for your Reelbase account' },
    off: { subject: 'Two-factor authentication is off for your Reelbase account', line: 'Two-factor authentication was turned off for your Reelbase account' },
    'recovery-used': { subject: 'A recovery code was used to sign in to your Reelbase account', line: 'A recovery code was used to sign in to your Reelbase account' },
  }[d.kind];
  const left = d.kind === 'recovery-used' ? ` ${d.codesLeft ?? 0} recovery code${d.codesLeft === 1 ? '' : 's'} left; each works once.` : '';
  return {
    subject: what.subject,
    preview: `${what.line}.`,
    blocks: [
      { p: `${hello(d.firstName)}\n\n${what.line} on ${minute(d.at)}.${left}` },
      { p: 'If it was not you, reset your password now and check your security settings:' },
      { button: 'Reset my password', href: `${ctx.publicUrl}/forgot-password` },
    ],
  };
};
