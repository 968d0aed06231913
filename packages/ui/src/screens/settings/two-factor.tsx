import { t } from '@lingui/core/macro';
import { errorMessage, type PasskeyAdded, type Profile, type TotpSetup } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { PasskeySettings, usePasskeys } from './passkeys.tsx';

type Step = { at: 'idle' } | { at: 'scan'; setup: TotpSetup } | { at: 'codes'; codes: string[] };

/**
 * Settings: two-factor authentication with an authenticator app or passkeys. Set up with the
 * current password, scan the QR code (or type the secret), confirm with a code, or add a passkey;
 * the recovery codes are shown once. Turning it off asks for the password and a code.
 */
export function TwoFactorSettings({ profile }: { profile: Profile }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeys = usePasskeys(profile.twoFactorEnabled).data?.passkeys ?? [];
  /** A passkey added: the recovery codes when it turned two-factor sign-in on, else the server's words. */
  const passkeyAdded = (r: PasskeyAdded) => {
    setPassword('');
    if (r.recoveryCodes) setStep({ at: 'codes', codes: r.recoveryCodes });
    else alert('success', r.message);
  };

  async function act(task: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: keys.profile });
  const errorLine = error && <Alert type="error" showIcon role="alert" title={error} />;

  if (step.at === 'codes') {
    return (
      <Flex vertical gap={12}>
        <Alert type="success" showIcon title={t`Two-factor authentication is on.`} />
        <Typography.Text>{t`Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.`}</Typography.Text>
        <ul data-testid="recovery-codes" style={{ fontFamily: 'monospace', columns: 2, margin: 0 }}>
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button type="primary" onClick={() => setStep({ at: 'idle' })}>{t`I saved the codes`}</Button>
      </Flex>
    );
  }

  if (step.at === 'scan') {
    return (
      <Flex vertical gap={12}>
        <Typography.Text>{t`Scan this QR code with your authenticator app, or type the key into it. Then enter the 6-digit code it shows.`}</Typography.Text>
        <QRCode value={step.setup.otpauthUrl} type="svg" size={176} bordered={false} aria-label={t`QR code for your authenticator app`} />
        <Typography.Text>
          {t`Key`}: <Typography.Text code copyable data-testid="totp-secret">{step.setup.secret}</Typography.Text>
        </Typography.Text>
        <Form.Item label={t`Authentication code`} htmlFor="totp-confirm-code" style={{ margin: 0 }}>
          <Input id="totp-confirm-code" autoComplete="one-time-code" inputMode="numeric" value={code} onChange={(e) => setCode(e.target.value)} />
        </Form.Item>
        {errorLine}
        <Flex gap={8} wrap>
          <Button
            type="primary"
            disabled={busy || !code.trim()}
            onClick={() =>
              act(async () => {
                const r = await client.profile.twoFactor.confirmTotp(code.trim());
                setCode('');
                setStep({ at: 'codes', codes: r.recoveryCodes });
                await refreshProfile();
              })
            }
          >
            {t`Turn on`}
          </Button>
          <Button onClick={() => setStep({ at: 'idle' })}>{t`Cancel`}</Button>
        </Flex>
      </Flex>
    );
  }

  const passwordField = (
    <Form.Item label={t`Current password`} htmlFor="two-factor-password" style={{ margin: 0 }}>
      <Input.Password id="two-factor-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
    </Form.Item>
  );

  if (profile.twoFactorEnabled) {
    return (
      <Flex vertical gap={12} data-testid="two-factor-on">
        <Alert
          type="success"
          showIcon
          title={t`Two-factor authentication is on.`}
          description={passkeys.length ? t`Sign-ins ask for a passkey (or the code of an authenticator app you set up) after the password.` : t`Sign-ins ask for a code from your authenticator app after the password.`}
        />
        {passwordField}
        <PasskeySettings password={password} enabled onAdded={passkeyAdded} />
        <Form.Item label={t`Authentication or recovery code`} htmlFor="two-factor-off-code" style={{ margin: 0 }}>
          <Input id="two-factor-off-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
        </Form.Item>
        {errorLine}
        <Button
          danger
          disabled={busy || !password || !code.trim()}
          onClick={() =>
            act(async () => {
              const r = await client.profile.twoFactor.disable(password, code.trim());
              setPassword('');
              setCode('');
              alert('success', r.message);
              await refreshProfile();
            })
          }
        >
          {t`Turn off`}
        </Button>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t`Protect your account with a code from an authenticator app at each sign-in. Your current password confirms it is you.`}</Typography.Text>
      {passwordField}
      {errorLine}
      <Button
        type="primary"
        disabled={busy || !password}
        onClick={() =>
          act(async () => {
            const setup = await client.profile.twoFactor.setupTotp(password);
            setPassword('');
            setStep({ at: 'scan', setup });
          })
        }
      >
        {t`Set up`}
      </Button>
      <PasskeySettings password={password} enabled={false} onAdded={passkeyAdded} />
    </Flex>
  );
}
