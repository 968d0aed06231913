import { Router } from '@koa/router';
import { op, PasskeyOptionsRequest, PasskeyRegisterRequest, PasskeyRemoveRequest, PasskeySignInOptionsRequest, TeamPolicy, TotpConfirmRequest, TotpSetupRequest, TwoFactorDisableRequest } from '@reelbase/api-client';
import type { Context } from 'koa';
import { type AuthGuards, currentPerson, currentTeam } from '../access/guards.ts';
import { body } from '../../http/validate.ts';
import { on } from '../../http/operation.ts';
import type { PasskeyService } from './passkeys.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';

const client = (ctx: Context) => ({ address: ctx.ip, userAgent: ctx.get('user-agent').slice(0, 200) });

/** The signed-in person's two-factor set-up (Settings), a sign-in's passkey prompt and a team owner's policy; the sign-in's second step is in auth.routes.ts. */
export function twoFactorRoutes(twoFactor: TwoFactorService, passkeys: PasskeyService, guards: AuthGuards) {
  const r = new Router();
  const user = guards.requireUser;
  on(r, op.postProfile2faTotp, user, async (ctx) => {
    ctx.body = await twoFactor.setup(currentPerson(ctx).id, body(ctx, TotpSetupRequest).currentPassword, client(ctx));
  });
  on(r, op.postProfile2faTotpConfirm, user, async (ctx) => {
    ctx.body = await twoFactor.confirm(currentPerson(ctx).id, body(ctx, TotpConfirmRequest).code);
  });
  on(r, op.deleteProfile2fa, user, async (ctx) => {
    ctx.body = await twoFactor.disable(currentPerson(ctx).id, body(ctx, TwoFactorDisableRequest), client(ctx));
  });
  on(r, op.postProfile2faPasskeysOptions, user, async (ctx) => {
    ctx.body = await passkeys.registrationOptions(currentPerson(ctx).id, body(ctx, PasskeyOptionsRequest).currentPassword, client(ctx));
  });
  on(r, op.postProfile2faPasskeys, user, async (ctx) => {
    const input = body(ctx, PasskeyRegisterRequest);
    ctx.body = await passkeys.register(currentPerson(ctx).id, input.name, input.response);
  });
  on(r, op.getProfile2faPasskeys, user, async (ctx) => {
    ctx.body = await passkeys.list(currentPerson(ctx).id);
  });
  on(r, op.deleteProfile2faPasskeysById, user, async (ctx) => {
    ctx.body = await passkeys.remove(currentPerson(ctx).id, ctx.params.id, body(ctx, PasskeyRemoveRequest).currentPassword, client(ctx));
  });
  on(r, op.postAuth2faPasskeyOptions, async (ctx) => {
    ctx.body = await passkeys.signInOptions(body(ctx, PasskeySignInOptionsRequest).challenge);
  });
  on(r, op.putTeamsByTeamIdPolicy, user, async (ctx) => {
    ctx.body = await twoFactor.setTeamPolicy(currentPerson(ctx), currentTeam(ctx).teamId, body(ctx, TeamPolicy).requireTwoFactor);
  });
  return r;
}
