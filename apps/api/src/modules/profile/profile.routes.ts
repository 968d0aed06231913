import { Router } from '@koa/router';
import { LinkIdentityRequest, MESSAGES, op, PROFILE_IMAGE_KINDS, ProfileUpdate } from '@reelbase/api-client';
import { type AuthGuards, type AuthState, currentUser } from '../access/guards.ts';
import { unprocessable } from '../../http/errors.ts';
import { imageBody, withImage } from '../../http/image-body.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { RateLimits } from '../limits/rate-limits.ts';
import type { Context } from 'koa';
import type { ProfileImageKind, ProfileService } from './profile.service.ts';

/** Who typed a current password, for its counts and a lockout's mail. */
const clientOf = (ctx: Context) => ({ address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, 200) });

export function profileRoutes(profile: ProfileService, auth: AuthService, guards: AuthGuards, limits: RateLimits) {
  const r = new Router({ prefix: '/api/profile' });
  r.use(guards.requireUser);
  on(r, op.getProfile, async (ctx) => {
    ctx.body = await profile.get(currentUser(ctx).id);
  });
  on(r, op.putProfile, async (ctx) => {
    const input = body(ctx, ProfileUpdate);
    const user = currentUser(ctx);
    if (input.email !== undefined && input.email !== user.email) await limits.take('verification-mail', { account: user.id, address: ctx.ip });
    // Card testing: every payment-method change may ask the card network about a card.
    if (input.paymentMethod) await limits.take('payment-method', { account: user.id, address: ctx.ip });
    ctx.body = { message: MESSAGES.profileUpdated, ...(await profile.update((ctx.state as AuthState).claims, input, clientOf(ctx))) };
  });
  on(r, op.postProfileIdentities, async (ctx) => {
    const input = body(ctx, LinkIdentityRequest);
    // Each attempt costs a call to Google or Facebook, and checks the password.
    await limits.take('platform-sign-in', { address: ctx.ip });
    ctx.body = await auth.linkIdentity(currentUser(ctx).id, input, clientOf(ctx));
  });
  on(r, op.postProfileUpload, imageBody, async (ctx) => {
    ctx.body = await withImage(ctx, ['file', 'image'], async (image, fields) => {
      const kind = (fields.type || fields.image || 'avatar') as ProfileImageKind;
      if (!PROFILE_IMAGE_KINDS.includes(kind)) throw unprocessable({ type: `Must be one of: ${PROFILE_IMAGE_KINDS.join(', ')}.` });
      if (!image) throw unprocessable({ file: 'An image file is required.' });
      return profile.uploadImage(currentUser(ctx).id, kind, image);
    });
  });
  return r;
}
