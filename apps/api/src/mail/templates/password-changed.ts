import type { MailContent, MailContext } from '../layout.ts';
import { hello, minute } from './format.ts';

/** After the password changed (in Settings, or through a reset link). */
export default (d: { firstName: string; at: string; viaReset: boolean }, ctx: MailContext): MailContent => ({
  subject: 'Your Reelbase password was changed',
  preview: 'The password of your account was changed.',
  blocks: [
    { p: `${hello(d.firstName)}\n\nThe password of your Reelbase account was changed${d.viaReset ? ' with a reset link' : ' in Settings'} on ${minute(d.at)}. ${d.viaReset ? 'Every device was signed out.' : 'Every other device was signed out.'}` },
    { p: 'If it was not you, reset your password now and check the email address of your account:' },
    { button: 'Reset my password', href: `${ctx.publicUrl}/forgot-password` },
  ],
});
