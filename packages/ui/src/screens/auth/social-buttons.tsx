import { FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import { errorMessage } from '@reelbase/api-client';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { homeFor } from '../../lib/access-gate.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

const NAMES = { google: 'Google', facebook: 'Facebook' } as const;

/** Google and Facebook sign-in: the platform supplies the provider token, the API signs the user in. */
export function SocialButtons({ verb }: { verb: 'Sign in' | 'Sign up' }) {
  const platform = usePlatform();
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'google' | 'facebook' | null>(null);

  async function signIn(provider: 'google' | 'facebook') {
    if (!platform.socialToken) {
      alert('info', `${NAMES[provider]} sign-in is not available here yet. Use your email and password.`);
      return;
    }
    setBusy(provider);
    try {
      const token = await platform.socialToken(provider);
      const r = await client.auth.platform({ token, platform: provider });
      navigate(homeFor(r.isAdmin), { replace: true });
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Flex vertical gap={8}>
      <Button block icon={<GoogleOutlined aria-hidden />} loading={busy === 'google'} onClick={() => signIn('google')}>
        {verb} with Google
      </Button>
      <Button block icon={<FacebookFilled aria-hidden />} loading={busy === 'facebook'} onClick={() => signIn('facebook')}>
        {verb} with Facebook
      </Button>
    </Flex>
  );
}
