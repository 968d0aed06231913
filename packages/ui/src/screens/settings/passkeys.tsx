import { t } from '@lingui/core/macro';
import { errorMessage, type PasskeyAdded } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { createPasskey, passkeyDismissed, passkeysOffered } from '../../lib/passkeys.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';

const PASSKEYS_KEY = [...keys.profile, 'passkeys'] as const;

/** The person's passkeys (none are kept while two-factor sign-in is off). */
export function usePasskeys(enabled: boolean) {
  const client = useClient();
  return useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => client.profile.twoFactor.passkeys.list(), enabled });
}

/**
 * Settings: the person's passkeys (a second two-factor method) and "Add a passkey" where the
 * browser offers WebAuthn. Adding and removing ask for the current password of the card's field;
 * the first two-factor method added answers the recovery codes (`onAdded`).
 */
export function PasskeySettings({ password, enabled, onAdded }: { password: string; enabled: boolean; onAdded(r: PasskeyAdded): void }) {
  const client = useClient();
  const queryClient = useQueryClient();
  const offered = passkeysOffered();
  const list = usePasskeys(enabled);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeys = enabled ? (list.data?.passkeys ?? []) : [];

  async function act(task: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      setError(passkeyDismissed(err) ? t`The passkey was not added: the browser's dialog was closed.` : errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  // The list's key is under the profile's: one invalidation refreshes both.
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.profile });

  if (!offered && !passkeys.length) return null;
  return (
    <Flex vertical gap={12} data-testid="passkeys">
      <Typography.Text strong>{t`Passkeys`}</Typography.Text>
      {passkeys.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={passkeys}
          renderItem={(p) => (
            <List.Item
              actions={[
                <Button key="remove" size="small" danger disabled={busy || !password} aria-label={t`Remove passkey ${p.name}`} onClick={() => act(async () => {
                  await client.profile.twoFactor.passkeys.remove(p.id, password);
                  await refresh();
                })}>
                  {t`Remove`}
                </Button>,
              ]}
            >
              <List.Item.Meta title={p.name} description={t`Added ${new Date(p.createdAt).toLocaleDateString()}`} />
            </List.Item>
          )}
        />
      )}
      {offered && (
        <>
          <Typography.Text type="secondary">{t`A passkey on this device or a security key can stand in for the authenticator app's code. Your current password confirms it is you.`}</Typography.Text>
          <Form.Item label={t`Passkey name`} htmlFor="passkey-name" style={{ margin: 0 }}>
            <Input id="passkey-name" maxLength={60} placeholder={t`e.g. Work laptop`} value={name} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
          <Button
            disabled={busy || !password}
            onClick={() =>
              act(async () => {
                const options = await client.profile.twoFactor.passkeys.options(password);
                const added = await client.profile.twoFactor.passkeys.add(name.trim() || t`Passkey`, await createPasskey(options));
                setName('');
                await refresh();
                onAdded(added);
              })
            }
          >
            {t`Add a passkey`}
          </Button>
        </>
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Flex>
  );
}
