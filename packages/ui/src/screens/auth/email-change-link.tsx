import { t } from '@lingui/core/macro';
import { type ApiClient, errorMessage } from '@reelbase/api-client';
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';

type Action = 'confirm' | 'cancel';

// Each link works once: remember the call per token so a re-render (or React's development
// double effect) does not send it twice.
const inFlight = new Map<string, Promise<{ message: string }>>();
function runOnce(client: ApiClient, action: Action, token: string) {
  const key = `${action}:${token}`;
  let p = inFlight.get(key);
  if (!p) {
    p =
      action === 'confirm'
        ? client.auth.confirmEmailChange(token)
        : // Every session ended on the server: this browser's too.
          client.auth.cancelEmailChange(token).then(async (r) => {
            await client.auth.logout();
            return r;
          });
    inFlight.set(key, p);
  }
  return p;
}

const TEXT: Record<Action, { title: string; busy: string }> = {
  confirm: { get title() { return t`Confirming your new email address`; }, get busy() { return t`Confirming your new email address…`; } },
  cancel: { get title() { return t`Canceling the email change`; }, get busy() { return t`Canceling the change and signing out every device…`; } },
};

/** The page a mailed email-change link opens: it acts once on load and says what happened; it signs nobody in. */
function EmailChangeLink({ action }: { action: Action }) {
  const client = useClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    runOnce(client, action, token).then(
      (r) => live && setResult({ ok: true, message: r.message }),
      (err) => live && setResult({ ok: false, message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [client, action, token]);

  if (!token) return <Navigate to="/" replace />;
  return (
    <AuthShell title={TEXT[action].title}>
      {result ? (
        <Alert type={result.ok ? 'success' : 'error'} showIcon title={result.message} description={<Link to="/login">{t`Go to sign in`}</Link>} />
      ) : (
        <div role="status" style={{ textAlign: 'center', padding: 24 }}>
          <Spin size="large" />
          <p>{TEXT[action].busy}</p>
        </div>
      )}
    </AuthShell>
  );
}

/** /confirm-email?token=…: the link mailed to a new address. */
export const ConfirmEmailChangePage = () => <EmailChangeLink action="confirm" />;
/** /cancel-email-change?token=…: "this was not me", from the notice to the old address. */
export const CancelEmailChangePage = () => <EmailChangeLink action="cancel" />;
