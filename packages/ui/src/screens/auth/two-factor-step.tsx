import { t } from '@lingui/core/macro';
import { ApiError, errorMessage, type PasswordLoginResponse, type TwoFactorMethod } from '@reelbase/api-client';
import { Button, Flex, Input, theme } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { getPasskey, passkeyDismissed, passkeysOffered } from '../../lib/passkeys.ts';
import { useClient } from '../../services.tsx';

type Proof = string | { passkey: Awaited<ReturnType<typeof getPasskey>> };
/** What the step needs of a sign-in's challenge: its token and the account's methods. */
export interface PendingChallenge {
  challenge: string;
  methods?: TwoFactorMethod[];
}

/**
 * A sign-in's second step (two-factor sign-in on): the code of the authenticator app, or one of
 * the recovery codes, or "Use a passkey" where the account has one and the browser offers
 * WebAuthn. A wrong code may be typed again (the server counts it like a wrong password); an
 * expired or used challenge sends the visitor back to the password.
 */
export function TwoFactorStep({ challenge: { challenge, methods = ['totp'] }, signIn, onDone, onRestart }: { challenge: PendingChallenge; signIn(challenge: string, proof: Proof): Promise<PasswordLoginResponse>; onDone(r: PasswordLoginResponse): void; onRestart(): void }) {
  const { token } = theme.useToken();
  const client = useClient();
  const withPasskey = methods.includes('passkey') && passkeysOffered();
  const id = useId();
  // Without an authenticator app, the code is one of the recovery codes.
  const [recovery, setRecovery] = useState(!methods.includes('totp'));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!code.trim()) {
      setError(t`Code is required.`);
      return;
    }
    await check(async () => code.trim());
  }

  async function check(proof: () => Promise<Proof>) {
    setBusy(true);
    setError(null);
    try {
      onDone(await signIn(challenge, await proof()));
    } catch (err) {
      setError(passkeyDismissed(err) ? t`The passkey was not used: the browser's dialog was closed.` : errorMessage(err));
      // 401 with the challenge's message: it expired or was used; a wrong code keeps the step.
      if (err instanceof ApiError && err.status === 401 && /expired/i.test(err.message)) setTimeout(onRestart, 1500);
      setBusy(false);
    }
  }

  const label = recovery ? t`Recovery code` : t`Authentication code`;
  return (
    <form name="two-factor" onSubmit={submit} noValidate>
      {/* A plain paragraph: antd's Typography would bring Tooltip and its popup code to the sign-in page's first load. */}
      <p style={{ margin: '0 0 1em', color: token.colorText }}>
        {recovery ? t`Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.` : t`Enter the 6-digit code from your authenticator app.`}
      </p>
      <div style={{ marginBottom: token.marginLG }}>
        <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS }}>
          {label}
        </label>
        <Input
          id={id}
          autoFocus
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          value={code}
          status={error ? 'error' : undefined}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <div id={`${id}-error`} role="alert" style={{ color: token.colorError }}>
            {error}
          </div>
        )}
      </div>
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {busy ? t`Verifying…` : t`Verify`}
      </Button>
      {withPasskey && (
        <Button block disabled={busy} style={{ marginTop: 8 }} onClick={() => check(async () => ({ passkey: await getPasskey(await client.auth.passkeyOptions(challenge)) }))}>
          {t`Use a passkey`}
        </Button>
      )}
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        {methods.includes('totp') && <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(null);
          }}
        >
          {recovery ? t`Use the authenticator app` : t`Use a recovery code`}
        </Button>}
        <Button type="link" style={{ padding: 0 }} onClick={onRestart}>
          {t`Back to sign-in`}
        </Button>
      </Flex>
    </form>
  );
}
