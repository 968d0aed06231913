import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { MESSAGES, PAYMENT_MESSAGES, type RegisterRequest } from '@reelbase/api-client';
import type { Logger } from 'pino';
import type { Orm } from '../../db/orm.ts';
import { HttpError, unprocessable } from '../../http/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { sqlOf } from '../../db/sql.ts';
import { lockFirstAdmin } from './users.queries.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { type IUser, User } from './user.entity.ts';
import { newUserDefaults } from './user-defaults.ts';

export function createUsersService(d: { orm: Orm; auth: AuthService; payments: PaymentProvider; billing: Pick<PaymentsService, 'plan' | 'startAtSignUp' | 'forgetCustomer'> }) {
  return {
    /**
     * Self-registration sends a verification mail; an admin's creation is confirmed at once and mails its owner a link to choose a password.
     * With `paymentPlanId` the card pays the plan's first period in the same request: the account exists with exactly that plan, or not at all.
     */
    async register(input: RegisterRequest, createdByAdmin: boolean): Promise<IUser> {
      const em = d.orm.em.fork();
      if (await em.count(User, { email: input.email })) throw unprocessable({ email: MESSAGES.emailTaken });
      // The plan is checked before the card goes anywhere: a wrong id costs the customer nothing.
      if (input.paymentPlanId && input.paymentMethod?.type !== 'card') throw unprocessable({ paymentPlanId: PAYMENT_MESSAGES.planNeedsCard });
      const plan = input.paymentPlanId ? await d.billing.plan(input.paymentPlanId) : null;
      // The card goes to the provider before anything is stored, so a refused card leaves no account.
      // PayPal records nothing yet: the account has no method until a PayPal checkout is approved and paid.
      const method = input.paymentMethod ? await d.payments.registerMethod(input.paymentMethod, { email: input.email }) : null;
      const passwordHash = await hashPassword(input.password);
      const charged: { undo?: () => Promise<void> } = {};
      let user: IUser;
      try {
        // The row first, then the charge in the same transaction: a parallel sign-up with this address waits
        // on the unique index and then fails before paying; a refused charge rolls the row back.
        user = await em.transactional(async (tx) => {
          const created = tx.create(User, {
            ...newUserDefaults(),
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            isConfirmedEmail: createdByAdmin,
            paymentMethod: method?.type ?? null,
            paymentRef: method?.reference ?? null,
            paymentMethodLabel: method?.label ?? null,
            stripeCustomerId: method?.stripeCustomerId ?? null,
          });
          await tx.flush();
          if (plan) charged.undo = (await d.billing.startAtSignUp(sqlOf(tx), { userId: created.id, email: created.email, customerId: method?.stripeCustomerId ?? null }, plan)).undo;
          return created;
        });
      } catch (err) {
        // Paid, but the account was not stored (the commit failed): the money goes back.
        if (charged.undo) await charged.undo().catch((undoErr) => Promise.reject(new AggregateError([err, undoErr], 'sign-up failed after its first payment, and the refund failed')));
        // Nor does a customer stay at the provider for an account that does not exist.
        // (A failure here is logged by the provider's client; it must not hide why the sign-up failed.)
        if (method?.stripeCustomerId) await d.billing.forgetCustomer(method.stripeCustomerId).catch(() => {});
        if (err instanceof UniqueConstraintViolationException) throw unprocessable({ email: MESSAGES.emailTaken });
        // A card refused at the first charge is told at the card, like one refused when it was added.
        if (err instanceof HttpError && err.status === 402 && input.paymentMethod?.type === 'card') {
          throw unprocessable({ [input.paymentMethod.paymentMethodId ? 'paymentMethod.paymentMethodId' : 'paymentMethod.cardInfo.cardNumber']: err.message }, MESSAGES.checkCard);
        }
        throw err;
      }
      if (createdByAdmin) await d.auth.inviteToSetPassword(user);
      else await d.auth.sendVerification(user);
      return user;
    },

    /** Whether no account has this address (lower-cased by the contract, as registration stores it). */
    async emailAvailable(email: string): Promise<boolean> {
      return (await d.orm.em.fork().count(User, { email })) === 0;
    },

    /** On first start, make sure an admin exists; print generated credentials when none are set. */
    async ensureFirstAdmin(opts: { email?: string; password?: string; log: Logger }) {
      const email = (opts.email ?? 'admin@reelbase.local').toLowerCase();
      const password = opts.password ?? crypto.randomUUID().replaceAll('-', '').slice(0, 16);
      // API processes started together must not both create it: one at a time, the rest see it.
      const existing = await d.orm.em.fork().transactional(async (em) => {
        await lockFirstAdmin(sqlOf(em));
        if (await em.count(User, { isAdmin: true })) return 'done';
        const found = await em.findOne(User, { email });
        const admin =
          found ??
          em.create(User, { ...newUserDefaults(), email, firstName: 'Admin', lastName: 'Reelbase', passwordHash: await hashPassword(password), isConfirmedEmail: true });
        admin.isAdmin = true;
        return found;
      });
      if (existing === 'done') return;
      if (existing) opts.log.info({ email }, 'existing account promoted to first admin');
      else if (opts.password) opts.log.info({ email }, 'first admin created');
      else opts.log.warn({ email, password }, 'first admin created with a generated password: sign in and change it');
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
