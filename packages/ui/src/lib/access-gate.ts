/** What the access gate knows: the stored session and the profile request. */
export interface GateInput {
  /** An access token is stored. */
  hasToken: boolean;
  /** The session's admin flag (from the login answer). */
  isAdmin: boolean;
  /** Which part of the app the route belongs to. */
  area: 'user' | 'admin';
  /**
   * The route is where PayPal sends the payer back (/payment/paypal): its capture is what makes
   * PayPal the payment method, so an account without one must reach it.
   */
  paymentReturn?: boolean;
  /** The caller works in a team someone else pays for (teams): no payment method of their own is needed. */
  memberElsewhere?: boolean;
  /** The caller was removed from a team (and is in no other): they are told so before any payment is asked. */
  removedFromTeam?: boolean;
  /** The caller chose to go on with their own account after reading that they were removed. */
  removalSeen?: boolean;
  profile:
    | { state: 'loading' }
    | { state: 'error'; status?: number; code?: string }
    | { state: 'ready'; isPaymentMethodSet: boolean; ban: boolean; isAdmin?: boolean };
}

export type GateDecision =
  | { kind: 'redirect'; to: '/login' | '/' | '/admin' }
  | { kind: 'spinner' }
  | { kind: 'payment-gate' }
  | { kind: 'removed-from-team' }
  | { kind: 'banned' }
  | { kind: 'error' }
  | { kind: 'allowed' };

/**
 * The access gate (spec section 2): no token goes to /login; admin routes are for admins only and
 * admins land in their own area; a banned profile is forced out; a user without a payment method
 * sees the payment-method choice (except on PayPal's return page, which completes a PayPal one, and
 * for a member of someone else's team, whose owner pays); a former member removed from a team is
 * first told so (then may set up their own account); a spinner shows while the profile loads.
 */
export function decideAccess(g: GateInput): GateDecision {
  if (!g.hasToken) return { kind: 'redirect', to: '/login' };
  if (g.area === 'admin' && !g.isAdmin) return { kind: 'redirect', to: '/' };
  if (g.area === 'user' && g.isAdmin) return { kind: 'redirect', to: '/admin' };
  const p = g.profile;
  if (p.state === 'loading') return { kind: 'spinner' };
  if (p.state === 'error') {
    if (p.status === 403 && p.code === 'USER_BANNED_ERROR') return { kind: 'banned' };
    // 401s end the session in the client, which brings the visitor back here without a token.
    return p.status === 401 ? { kind: 'spinner' } : { kind: 'error' };
  }
  if (p.ban) return { kind: 'banned' };
  if (g.area === 'user' && !p.isPaymentMethodSet && !g.paymentReturn && !g.memberElsewhere) {
    return g.removedFromTeam && !g.removalSeen ? { kind: 'removed-from-team' } : { kind: 'payment-gate' };
  }
  return { kind: 'allowed' };
}

/** Where a signed-in visitor of a public sign-in page goes instead (login, registration, verify). */
export function homeFor(isAdmin: boolean): '/admin' | '/' {
  return isAdmin ? '/admin' : '/';
}
