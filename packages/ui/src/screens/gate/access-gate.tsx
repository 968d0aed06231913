import { ApiError, MESSAGES } from '@reelbase/api-client';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { decideAccess, type GateInput } from '../../lib/access-gate.ts';
import { useProfile } from '../../queries.ts';
import { useClient, useSession } from '../../services.tsx';
import { useTeams } from '../teams/use-team.ts';

// The card form (with the contract's schemas it validates with) and the error page load only when shown.
const PaymentGate = lazy(() => import('./payment-gate.tsx').then((m) => ({ default: m.PaymentGate })));
const RemovedFromTeam = lazy(() => import('./removed-from-team.tsx').then((m) => ({ default: m.RemovedFromTeam })));
const AccountError = lazy(() => import('./account-error.tsx').then((m) => ({ default: m.AccountError })));

/** Guards the signed-in areas with the decision of `decideAccess`. */
export function AccessGate({ area, children }: { area: 'user' | 'admin'; children: ReactNode }) {
  const session = useSession();
  const client = useClient();
  const profile = useProfile();
  const teams = useTeams();
  const location = useLocation();
  const [removalSeen, setRemovalSeen] = useState(false);
  const removal = teams.data?.removedFrom[0];
  const err = profile.error as ApiError | null;
  // Without a payment method of their own, whether they are a member of another team decides (read before deciding).
  const teamsNeeded = area === 'user' && profile.data?.isPaymentMethodSet === false && teams.isPending;
  const input: GateInput = {
    hasToken: !!session,
    isAdmin: !!session?.isAdmin,
    area,
    paymentReturn: location.pathname === '/payment/paypal',
    memberElsewhere: !!teams.data?.items.some((t) => !t.isOwn),
    removedFromTeam: !!removal,
    removalSeen,
    profile: teamsNeeded
      ? { state: 'loading' }
      : profile.data
      ? { state: 'ready', isPaymentMethodSet: profile.data.isPaymentMethodSet, ban: profile.data.ban }
      : profile.isError
        ? { state: 'error', status: err instanceof ApiError ? err.status : undefined, code: err instanceof ApiError ? err.code : undefined }
        : { state: 'loading' },
  };
  const decision = decideAccess(input);

  useEffect(() => {
    // The client ends banned sessions itself on a 403; this covers a profile that reads ban=true.
    if (decision.kind === 'banned') void client.endSession({ reason: 'banned', message: MESSAGES.banned });
  }, [decision.kind, client]);

  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'spinner':
    case 'banned':
      return <PageSpinner />;
    case 'payment-gate':
      return (
        <Suspense fallback={<PageSpinner />}>
          <PaymentGate />
        </Suspense>
      );
    case 'removed-from-team':
      return (
        <Suspense fallback={<PageSpinner />}>
          {removal && <RemovedFromTeam removal={removal} onContinue={() => setRemovalSeen(true)} />}
        </Suspense>
      );
    case 'error':
      return (
        <Suspense fallback={<PageSpinner />}>
          <AccountError message={err?.message} onRetry={() => profile.refetch()} />
        </Suspense>
      );
    case 'allowed':
      return <>{children}</>;
  }
}

/** Public sign-in pages send a signed-in visitor home (admins to /admin). */
export function PublicOnly({ children, home }: { children: ReactNode; home?: (isAdmin: boolean) => string }) {
  const session = useSession();
  if (session) return <Navigate to={home ? home(session.isAdmin) : session.isAdmin ? '/admin' : '/'} replace />;
  return <>{children}</>;
}

/** /registration: public, except that with a query it is an admin's direct creation of a user, which a signed-in admin may open. */
export function RegistrationGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const { search } = useLocation();
  if (session?.isAdmin && search.length > 1) return <>{children}</>;
  return <PublicOnly home={() => '/'}>{children}</PublicOnly>;
}
