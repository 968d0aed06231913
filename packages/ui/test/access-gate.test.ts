import { describe, expect, it } from 'vitest';
import { decideAccess, type GateInput, homeFor } from '../src/lib/access-gate.ts';

const ready = (over: Partial<{ isPaymentMethodSet: boolean; ban: boolean }> = {}) => ({ state: 'ready' as const, isPaymentMethodSet: true, ban: false, ...over });
const gate = (over: Partial<GateInput>): GateInput => ({ hasToken: true, isAdmin: false, area: 'user', profile: ready(), ...over });

describe('access gate', () => {
  it('sends a visitor without a token to /login, whatever the area', () => {
    expect(decideAccess(gate({ hasToken: false }))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess(gate({ hasToken: false, area: 'admin', profile: { state: 'loading' } }))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('shows a spinner while the profile loads', () => {
    expect(decideAccess(gate({ profile: { state: 'loading' } }))).toEqual({ kind: 'spinner' });
  });

  it('shows the payment-method choice to a user without a payment method', () => {
    expect(decideAccess(gate({ profile: ready({ isPaymentMethodSet: false }) }))).toEqual({ kind: 'payment-gate' });
  });

  it("lets a user without a payment method reach PayPal's return page, whose capture sets PayPal as the method", () => {
    expect(decideAccess(gate({ paymentReturn: true, profile: ready({ isPaymentMethodSet: false }) }))).toEqual({ kind: 'allowed' });
    expect(decideAccess(gate({ paymentReturn: true, profile: ready({ isPaymentMethodSet: false, ban: true }) }))).toEqual({ kind: 'banned' });
  });

  it("lets a member of someone else's team in without a payment method of their own (the owner pays), but not past a ban", () => {
    expect(decideAccess(gate({ memberElsewhere: true, profile: ready({ isPaymentMethodSet: false }) }))).toEqual({ kind: 'allowed' });
    expect(decideAccess(gate({ memberElsewhere: false, profile: ready({ isPaymentMethodSet: false }) }))).toEqual({ kind: 'payment-gate' });
    expect(decideAccess(gate({ memberElsewhere: true, profile: ready({ isPaymentMethodSet: false, ban: true }) }))).toEqual({ kind: 'banned' });
  });

  it('tells a former member removed from a team so, instead of asking them to pay, until they choose to go on', () => {
    const removed = { memberElsewhere: false, removedFromTeam: true, profile: ready({ isPaymentMethodSet: false }) };
    expect(decideAccess(gate(removed))).toEqual({ kind: 'removed-from-team' });
    expect(decideAccess(gate({ ...removed, removalSeen: true }))).toEqual({ kind: 'payment-gate' });
    // Still in another team, or with a payment method of their own: nothing to explain, they work on.
    expect(decideAccess(gate({ ...removed, memberElsewhere: true }))).toEqual({ kind: 'allowed' });
    expect(decideAccess(gate({ ...removed, profile: ready({ isPaymentMethodSet: true }) }))).toEqual({ kind: 'allowed' });
  });

  it('lets a user with a payment method in', () => {
    expect(decideAccess(gate({}))).toEqual({ kind: 'allowed' });
  });

  it('forces a banned profile out, from the 403 or from the flag', () => {
    expect(decideAccess(gate({ profile: { state: 'error', status: 403, code: 'USER_BANNED_ERROR' } }))).toEqual({ kind: 'banned' });
    expect(decideAccess(gate({ profile: ready({ ban: true }) }))).toEqual({ kind: 'banned' });
    expect(decideAccess(gate({ profile: ready({ ban: true, isPaymentMethodSet: false }) }))).toEqual({ kind: 'banned' });
  });

  it('keeps waiting on a 401 (the client is signing out) and reports other failures', () => {
    expect(decideAccess(gate({ profile: { state: 'error', status: 401 } }))).toEqual({ kind: 'spinner' });
    expect(decideAccess(gate({ profile: { state: 'error', status: 500 } }))).toEqual({ kind: 'error' });
    expect(decideAccess(gate({ profile: { state: 'error' } }))).toEqual({ kind: 'error' });
  });

  it('keeps admin routes for admins, and admins in their own area', () => {
    expect(decideAccess(gate({ area: 'admin' }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess(gate({ area: 'admin', isAdmin: true }))).toEqual({ kind: 'allowed' });
    // Admins need no payment method.
    expect(decideAccess(gate({ area: 'admin', isAdmin: true, profile: ready({ isPaymentMethodSet: false }) }))).toEqual({ kind: 'allowed' });
    expect(decideAccess(gate({ area: 'user', isAdmin: true }))).toEqual({ kind: 'redirect', to: '/admin' });
  });

  it('sends signed-in visitors of public pages home', () => {
    expect(homeFor(true)).toBe('/admin');
    expect(homeFor(false)).toBe('/');
  });
});
