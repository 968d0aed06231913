import { Router } from '@koa/router';
import { PasskeyOptionsRequest, PasskeyRegisterRequest, PasskeyRemoveRequest, PasskeySignInOptionsRequest, TeamPolicy, TotpConfirmRequest, TotpSetupRequest, TwoFactorDisableRequest } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentPerson, currentTeam } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import type { PasskeyService } from './passkeys.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const client = (ctx: Context) => ({ address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, 200) });

/** The signed-in person's two-factor set-up (Settings), a sign-in's passkey prompt and a team owner's policy; the sign-in's second step is in auth.routes.ts. */
export function twoFactorRoutes(twoFactor: TwoFactorService, passkeys: PasskeyService, guards: AuthGuards) {
  const r = new Router();
  const user = guards.requireUser;
  r.post('/api/profile/2fa/totp', user, async (ctx) => {
    ctx.body = await twoFactor.setup(currentPerson(ctx).id, body(ctx, TotpSetupRequest).currentPassword, client(ctx));
  });
  r.post('/api/profile/2fa/totp/confirm', user, async (ctx) => {
    ctx.body = await twoFactor.confirm(currentPerson(ctx).id, body(ctx, TotpConfirmRequest).code);
  });
  r.delete('/api/profile/2fa', user, async (ctx) => {
    ctx.body = await twoFactor.disable(currentPerson(ctx).id, body(ctx, TwoFactorDisableRequest), client(ctx));
  });
  r.post('/api/profile/2fa/passkeys/options', user, async (ctx) => {
    ctx.body = await passkeys.registrationOptions(currentPerson(ctx).id, body(ctx, PasskeyOptionsRequest).currentPassword, client(ctx));
  });
  r.post('/api/profile/2fa/passkeys', user, async (ctx) => {
    const input = body(ctx, PasskeyRegisterRequest);
    ctx.body = await passkeys.register(currentPerson(ctx).id, input.name, input.response);
  });
  r.get('/api/profile/2fa/passkeys', user, async (ctx) => {
    ctx.body = await passkeys.list(currentPerson(ctx).id);
  });
  r.delete('/api/profile/2fa/passkeys/:id', user, async (ctx) => {
    ctx.body = await passkeys.remove(currentPerson(ctx).id, ctx.params.id, body(ctx, PasskeyRemoveRequest).currentPassword, client(ctx));
  });
  r.post('/api/auth/2fa/passkey/options', async (ctx) => {
    ctx.body = await passkeys.signInOptions(body(ctx, PasskeySignInOptionsRequest).challenge);
  });
  r.put('/api/teams/:teamId/policy', user, async (ctx) => {
    ctx.body = await twoFactor.setTeamPolicy(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, TeamPolicy).requireTwoFactor);
  });
  return r;
}
