import { MESSAGES, type Profile, type ProfileUpdate } from '@reelbase/api-client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '../../db/orm.ts';
import { notFound, unprocessable } from '../../http/errors.ts';
import { prepareImage } from '../../images/image-upload.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccessClaims } from '../auth/access-tokens.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SignInClient } from '../auth/sign-in-notices.ts';
import type { CurrentPasswordCheck } from '../auth/current-password.ts';
import { sqlOf } from '../../db/sql.ts';
import { featuresOf } from '../payments/entitlements.ts';
import { promoCodeProblem } from '../payments/promo-codes.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { canChangeEmail, toProfile } from '../users/profile-view.ts';
import { type IUser, User } from '../users/user.entity.ts';
import { paymentMails } from '../payments/payment-mails.ts';

export type ProfileImageKind = 'avatar' | 'playerLogo';

export function createProfileService(d: { orm: Orm; storage: Storage; auth: AuthService; payments: PaymentProvider; checkCurrentPassword: CurrentPasswordCheck }) {
  async function load(userId: string) {
    const em = d.orm.em.fork();
    const user = await em.findOne(User, { id: userId });
    if (!user) throw notFound();
    return { em, user };
  }
  /** The profile shows the effective feature flags: the plan's AND the admin's. */
  const view = async (em: EntityManager, user: IUser) => toProfile(user, await featuresOf(sqlOf(em), user.id));

  return {
    async get(userId: string): Promise<Profile> {
      const { em, user } = await load(userId);
      return view(em, user);
    },

    /**
     * Applies a profile change. A new password ends every other session; a new email needs the
     * current password and takes effect only through the link mailed to it (`pendingEmail`).
     */
    async update(claims: AccessClaims, input: ProfileUpdate, client: SignInClient): Promise<{ profile: Profile; pendingEmail?: string }> {
      const { em, user } = await load(claims.userId);
      const errors: Record<string, string> = {};
      const emailChanged = input.email !== undefined && input.email !== user.email;
      if (emailChanged) {
        if (!canChangeEmail(user)) errors.email = MESSAGES.emailChangeHint;
        else if (await em.count(User, { email: input.email, id: { $ne: user.id } })) errors.email = MESSAGES.emailTaken;
      }
      const passwordChanged = !!input.password;
      if ((passwordChanged && user.passwordHash) || emailChanged) {
        // An account signed in through Google or Facebook alone sets a password first (Forgot Password).
        if (!user.passwordHash) errors.currentPassword = 'Set a password first (Forgot Password) to change the email';
        // Counted and limited like a sign-in (429 past the counts), in the bounded argon2 pool.
        else if (!(await d.checkCurrentPassword({ email: user.email, passwordHash: user.passwordHash }, input.currentPassword ?? '', client))) errors.currentPassword = MESSAGES.currentPasswordWrong;
      }
      // A promo code is checked as at checkout; one kept unchanged is not checked again.
      if (input.promoCode && input.promoCode !== user.promoCode) {
        const problem = await promoCodeProblem(sqlOf(em), input.promoCode);
        if (problem) errors.promoCode = problem;
      }
      if (Object.keys(errors).length) throw unprocessable(errors);

      if (input.firstName !== undefined) user.firstName = input.firstName;
      if (input.lastName !== undefined) user.lastName = input.lastName;
      if (input.colorScheme) user.colorScheme = { ...user.colorScheme, ...input.colorScheme };
      if (input.showLogoOnPlayer !== undefined) user.showLogoOnPlayer = input.showLogoOnPlayer;
      if (input.promoCode !== undefined) user.promoCode = input.promoCode || null;
      if (input.defaultVisibility !== undefined) user.defaultVisibility = input.defaultVisibility;
      if (input.defaultAllowedDomains !== undefined) user.defaultAllowedDomains = input.defaultAllowedDomains;
      let newMethod: { type: 'card' | 'paypal'; label: string | null } | null = null;
      const hadMethod = user.paymentMethod != null;
      if (input.paymentMethod) {
        // The card goes to the provider; only its opaque reference is kept.
        // PayPal alone changes nothing here: it becomes the method when a PayPal checkout is approved and paid.
        const method = await d.payments.registerMethod(input.paymentMethod, { email: user.email, stripeCustomerId: user.stripeCustomerId });
        if (method) {
          user.paymentMethod = method.type;
          user.paymentRef = method.reference;
          user.paymentMethodLabel = method.label;
          if (method.stripeCustomerId) user.stripeCustomerId = method.stripeCustomerId;
          newMethod = method;
        }
      }
      if (passwordChanged) user.passwordHash = await hashPassword(input.password as string);
      await em.flush();
      if (newMethod && hadMethod) await paymentMails.methodChanged(sqlOf(em), user.id, newMethod);
      if (passwordChanged) await d.auth.passwordChanged(claims);
      if (emailChanged) await d.auth.requestEmailChange(user, input.email as string);
      return { profile: await view(em, user), ...(emailChanged && { pendingEmail: input.email }) };
    },

    async uploadImage(userId: string, kind: ProfileImageKind, file: Buffer): Promise<{ url: string; profile: Profile }> {
      const { em, user } = await load(userId);
      const image = await prepareImage(file);
      if ('error' in image) throw unprocessable({ file: image.error });
      const key = `images/${user.id}/${kind}-${crypto.randomUUID()}.${image.ext}`;
      await d.storage.put(key, image.data);
      const previous = user[kind];
      const url = d.storage.url(key);
      user[kind] = url;
      await em.flush();
      if (previous?.startsWith(d.storage.url(`images/${user.id}/`))) await d.storage.delete(previous.slice(d.storage.url('').length));
      return { url, profile: await view(em, user) };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
