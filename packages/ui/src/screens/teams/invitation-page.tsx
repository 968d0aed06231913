import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, isTwoFactorChallenge } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { Alert, Button, Form, Input, Result, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountFields, type AccountValues, accountValid, showFieldErrors } from '../../components/account-fields.tsx';
import { formatDate } from '../../lib/format.ts';
import { useProfile } from '../../queries.ts';
import { useAlert, useClient, useSession } from '../../services.tsx';
import { selectedTeamAtom } from '../../state/atoms.ts';
import { AuthShell } from '../auth/auth-shell.tsx';
import { type PendingChallenge, TwoFactorStep } from '../auth/two-factor-step.tsx';
import { roleInline } from './role-tag.tsx';

const signedInAs = (email: string) => t`You are signed in as ${email}.`;

/** Joins with the token, then works in the joined team. */
function useJoin(token: string) {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setTeam = useSetAtom(selectedTeamAtom);
  return async () => {
    const r = await client.teams.acceptInvitation(token);
    // Work in the joined team from here on (the list of teams is read again with it).
    setTeam(r.team.isOwn ? null : r.team.id);
    queryClient.clear();
    const name = r.team.name;
    const role = roleInline(r.team.role);
    alert('success', t`You joined the team “${name}” as ${role}.`, { follow: true });
    navigate('/', { replace: true });
  };
}

/** Runs one way in (sign in or register) and then joins; a failure is shown and the button comes back. */
function useJoinStep(onError: (err: unknown) => unknown) {
  const [busy, setBusy] = useState(false);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (err) {
      onError(err);
      setBusy(false);
    }
  };
  return { busy, run };
}

function SignInAndJoin({ email, join, onError }: { email: string; join(): Promise<void>; onError(err: unknown): void }) {
  const client = useClient();
  const { busy, run } = useJoinStep(onError);
  // Two-factor sign-in on: its code before joining.
  const [challenge, setChallenge] = useState<PendingChallenge | null>(null);
  if (challenge) return <TwoFactorStep challenge={challenge} signIn={client.auth.twoFactor} onDone={() => run(join)} onRestart={() => setChallenge(null)} />;
  return (
    <Form<{ email: string; password: string }>
      name="invitation-sign-in"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={(v) =>
        run(async () => {
          const r = await client.auth.login({ email: v.email.trim(), password: v.password });
          if (isTwoFactorChallenge(r)) setChallenge(r);
          else await join();
        })
      }
    >
      <Form.Item label={t`Email`} name="email" rules={[{ required: true, message: t`Email is required.` }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label={t`Password`} name="password" rules={[{ required: true, message: t`Password is required.` }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        <Trans>Sign in and join</Trans>
      </Button>
    </Form>
  );
}

/** A new account for the invited person: no plan and no payment method, since they work in the inviter's team. */
function RegisterAndJoin({ email, join, onError }: { email: string; join(): Promise<void>; onError(err: unknown): void }) {
  const client = useClient();
  const [form] = Form.useForm<AccountValues>();
  const values = Form.useWatch([], form);
  // A field's message (an address taken) goes beside its field, anything else above the form.
  const { busy, run } = useJoinStep((err) => showFieldErrors(form, err) || onError(err));
  return (
    <Form<AccountValues>
      form={form}
      name="invitation-registration"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={(v) =>
        run(async () => {
          await client.users.register(v);
          await client.auth.login({ email: v.email, password: v.password });
          await join();
        })
      }
    >
      <AccountFields />
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        <Trans>
          By registering you agree to the <Link to="/terms-of-use">Terms of Use</Link> and the <Link to="/privacy-policy">Privacy Policy</Link>.
        </Trans>
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy || !accountValid(values)}>
        <Trans>Create account and join</Trans>
      </Button>
    </Form>
  );
}

/**
 * /invitation?token=...: the link an invitation mail carries. A signed-in visitor joins with one
 * button; anyone else signs in or creates an account on this page, and joins in the same step.
 */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  const client = useClient();
  const profile = useProfile().data;
  const preview = useQuery({ queryKey: ['invitation', token], queryFn: () => client.teams.lookupInvitation(token), enabled: !!token, retry: false });
  const join = useJoin(token);
  const [mode, setMode] = useState<'sign-in' | 'register'>('sign-in');
  const [error, setError] = useState<string | null>(null);
  const onError = (err: unknown) => setError(errorMessage(err));
  const joining = useJoinStep(onError);

  if (!token) {
    return (
      <AuthShell title={t`Team invitation`}>
        <Result status="warning" title={t`This invitation link is incomplete.`} subTitle={t`Open the link from the invitation mail again, or ask for a new invitation.`} />
      </AuthShell>
    );
  }
  if (preview.isError) {
    return (
      <AuthShell title={t`Team invitation`}>
        <Result status="warning" title={errorMessage(preview.error)} extra={<Link to="/login">{t`Go to sign in`}</Link>} />
      </AuthShell>
    );
  }
  if (!preview.data) {
    return (
      <AuthShell title={t`Team invitation`}>
        <Skeleton active />
      </AuthShell>
    );
  }
  const inv = preview.data;
  const inviter = inv.invitedBy ?? t`A team`;
  const role = roleInline(inv.role);
  const until = formatDate(inv.expiresAt);
  const email = inv.email;
  const teamName = inv.teamName;
  return (
    <AuthShell title={t`Team invitation`}>
      <Typography.Paragraph data-testid="invitation-summary">
        <Trans>
          {inviter} invites <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> to work in <strong>{teamName}</strong> as {role}. The link works until {until}.
        </Trans>
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      {session && !session.isAdmin ? (
        <>
          <Typography.Paragraph>
            {profile ? signedInAs(profile.email) : t`You are signed in.`}
          </Typography.Paragraph>
          <Button
            type="primary"
            block
            loading={joining.busy}
            onClick={() => {
              setError(null);
              void joining.run(join);
            }}
          >
            <Trans>Join team</Trans>
          </Button>
        </>
      ) : (
        <>
          <Segmented
            block
            value={mode}
            onChange={(v) => setMode(v as typeof mode)}
            options={[
              { value: 'sign-in', label: t`I have an account` },
              { value: 'register', label: t`I am new to Reelbase` },
            ]}
            style={{ marginBottom: 20 }}
          />
          {mode === 'sign-in' ? <SignInAndJoin email={inv.email} join={join} onError={onError} /> : <RegisterAndJoin email={inv.email} join={join} onError={onError} />}
        </>
      )}
    </AuthShell>
  );
}

