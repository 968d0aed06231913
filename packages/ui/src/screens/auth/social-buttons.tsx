import { t } from '@lingui/core/macro';
import { FacebookFilled, GoogleOutlined } from '@ant-design/icons';
import { errorMessage, isTwoFactorChallenge, type PaymentMethodChoice } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { homeFor } from '../../lib/access-gate.ts';
import { PROVIDER_NAMES, type SocialProvider } from '../../lib/social-sign-in.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient, usePlatform } from '../../services.tsx';

/**
 * Google and Facebook sign-in: the server says which providers it is configured for, the platform
 * runs the provider's flow, the API checks the token and signs the user in; then the same landing
 * as a password sign-in. A sign-up passes on the payment method chosen before it; otherwise the access
 * gate asks a new user for one. Only the providers the server is configured for (and the platform
 * can run) show a button; with none, neither the buttons nor their divider (`divider`) show.
 */
export function SocialButtons({ verb, paymentMethod, divider }: { verb: 'Sign in' | 'Sign up'; paymentMethod?: PaymentMethodChoice | null; divider: { text: string; where: 'before' | 'after' } }) {
  const platform = usePlatform();
  const client = useClient();
  const queryClient = useQueryClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const providersQuery = { queryKey: keys.authProviders, queryFn: () => client.auth.providers(), staleTime: 5 * 60_000 };
  // Fetched with the page, so a click opens the provider's window at once (pop-up blockers
  // allow a window only right after the click).
  const providers = useQuery({ ...providersQuery, enabled: !!platform.socialToken }).data;

  async function signIn(provider: SocialProvider) {
    setBusy(provider);
    try {
      const settings = platform.socialToken && (await queryClient.fetchQuery(providersQuery))[provider];
      if (!platform.socialToken || !settings) {
        alert('info', t`${PROVIDER_NAMES[provider]} sign-in is not available here yet. Use your email and password.`);
        return;
      }
      const { token, nonce } = await platform.socialToken(provider, settings);
      const r = await client.auth.platform({ token, platform: provider, nonce });
      // Two-factor sign-in on: the code is asked on the sign-in page.
      if (isTwoFactorChallenge(r)) {
        navigate('/login', { state: { challenge: r.challenge, methods: r.methods } });
        return;
      }
      // A sign-up chose its payment method before the provider: saved now, so the gate does not ask again.
      // The session is set already, so the access gate may have read the profile (no method yet) meanwhile:
      // that read is dropped and the saved profile is the one the gate sees.
      if (paymentMethod && !r.isAdmin && !r.isPaymentMethodSet) {
        try {
          const saved = await client.profile.update({ paymentMethod });
          await queryClient.cancelQueries({ queryKey: keys.profile });
          queryClient.setQueryData(keys.profile, saved.profile);
        } catch (err) {
          alert('error', errorMessage(err));
        }
      }
      navigate(homeFor(r.isAdmin), { replace: true });
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const button = (provider: SocialProvider, icon: ReactNode) => (
    <Button block icon={icon} loading={busy === provider} disabled={busy !== null && busy !== provider} onClick={() => signIn(provider)}>
      {verb === 'Sign in' ? t`Sign in with ${PROVIDER_NAMES[provider]}` : t`Sign up with ${PROVIDER_NAMES[provider]}`}
    </Button>
  );
  if (!platform.socialToken || !providers || (!providers.google && !providers.facebook)) return null;
  const line = <Divider plain>{divider.text}</Divider>;
  return (
    <>
      {divider.where === 'before' && line}
      <Flex vertical gap={8}>
        {providers.google && button('google', <GoogleOutlined aria-hidden />)}
        {providers.facebook && button('facebook', <FacebookFilled aria-hidden />)}
      </Flex>
      {divider.where === 'after' && line}
    </>
  );
}
