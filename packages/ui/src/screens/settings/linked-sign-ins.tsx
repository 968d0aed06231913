import { t } from '@lingui/core/macro';
import { FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import { errorMessage } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { PROVIDER_NAMES, type SocialProvider } from '../../lib/social-sign-in.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

/**
 * Settings: link a Google or Facebook account, after which it signs into this account. A sign-in
 * by a provider whose email matches an account never links by itself; this is how the owner does it.
 */
export function LinkedSignIns() {
  const platform = usePlatform();
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  async function link(provider: SocialProvider) {
    setBusy(provider);
    try {
      const settings = platform.socialToken && (await queryClient.fetchQuery({ queryKey: keys.authProviders, queryFn: () => client.auth.providers() }))[provider];
      if (!platform.socialToken || !settings) {
        alert('info', t`${PROVIDER_NAMES[provider]} sign-in is not available here yet.`);
        return;
      }
      const { token, nonce } = await platform.socialToken(provider, settings);
      const r = await client.profile.linkIdentity({ platform: provider, token, nonce, currentPassword: password });
      setPassword('');
      alert('success', r.message);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const button = (provider: SocialProvider, icon: ReactNode) => (
    <Button icon={icon} loading={busy === provider} disabled={!password || (busy !== null && busy !== provider)} onClick={() => link(provider)}>{t`Link`}{' '}{PROVIDER_NAMES[provider]}
    </Button>
  );
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t`Sign in with Google or Facebook too. Your current password confirms it is you.`}</Typography.Text>
      <Form.Item label={t`Current password`} htmlFor="link-current-password" style={{ margin: 0 }}>
        <Input.Password id="link-current-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Form.Item>
      <Flex gap={8} wrap>
        {button('google', <GoogleOutlined aria-hidden />)}
        {button('facebook', <FacebookFilled aria-hidden />)}
      </Flex>
    </Flex>
  );
}
