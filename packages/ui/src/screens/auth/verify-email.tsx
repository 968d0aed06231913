import { t } from '@lingui/core/macro';
import { type ApiClient, errorMessage, isTwoFactorChallenge, type LoginResponse, type TwoFactorChallenge } from '@reelbase/api-client';
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { homeFor } from '../../lib/access-gate.ts';
import { useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';

// A verification token works once: remember the call per token so a re-render (or React's
// development double effect) does not send it twice.
const inFlight = new Map<string, Promise<LoginResponse | TwoFactorChallenge>>();
function verifyOnce(client: ApiClient, token: string) {
  let p = inFlight.get(token);
  if (!p) {
    p = client.auth.verifyEmail(token);
    inFlight.set(token, p);
  }
  return p;
}

/** /verify-email?token=…: without a token go to /; with one, verify, sign in and go home. */
export function VerifyEmailPage() {
  const client = useClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(client, token).then(
      // Two-factor sign-in on: the code is asked on the sign-in page.
      (r) => live && (isTwoFactorChallenge(r) ? navigate('/login', { replace: true, state: { challenge: r.challenge, methods: r.methods } }) : navigate(homeFor(r.isAdmin), { replace: true })),
      (err) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [client, token, navigate]);

  if (!token) return <Navigate to="/" replace />;
  return (
    <AuthShell title={t`Verifying your email`}>
      {error ? (
        <Alert type="error" showIcon title={error} description={<Link to="/login">{t`Go to sign in`}</Link>} />
      ) : (
        <div role="status" style={{ textAlign: 'center', padding: 24 }}>
          <Spin size="large" />
          <p>{t`Confirming your email address…`}</p>
        </div>
      )}
    </AuthShell>
  );
}
