import { errorMessage, TEAM_ROLE_LABELS } from '@reelbase/api-client';
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
    alert('success', `You joined the team “${r.team.name}” as ${TEAM_ROLE_LABELS[r.team.role].toLowerCase()}.`, { follow: true });
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
  return (
    <Form<{ email: string; password: string }>
      name="invitation-sign-in"
      layout="vertical"
      requiredMark={false}
      initialValues={{ email }}
      onFinish={(v) =>
        run(async () => {
          await client.auth.login({ email: v.email.trim(), password: v.password });
          await join();
        })
      }
    >
      <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Email is required.' }]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Password is required.' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        Sign in and join
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
        By registering you agree to the <Link to="/terms-of-use">Terms of Use</Link> and the <Link to="/privacy-policy">Privacy Policy</Link>.
      </Typography.Paragraph>
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy || !accountValid(values)}>
        Create account and join
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
      <AuthShell title="Team invitation">
        <Result status="warning" title="This invitation link is incomplete." subTitle="Open the link from the invitation mail again, or ask for a new invitation." />
      </AuthShell>
    );
  }
  if (preview.isError) {
    return (
      <AuthShell title="Team invitation">
        <Result status="warning" title={errorMessage(preview.error)} extra={<Link to="/login">Go to sign in</Link>} />
      </AuthShell>
    );
  }
  if (!preview.data) {
    return (
      <AuthShell title="Team invitation">
        <Skeleton active />
      </AuthShell>
    );
  }
  const inv = preview.data;
  return (
    <AuthShell title="Team invitation">
      <Typography.Paragraph data-testid="invitation-summary">
        {inv.invitedBy ?? 'A team'} invites <strong style={{ overflowWrap: 'anywhere' }}>{inv.email}</strong> to work in <strong>{inv.teamName}</strong> as{' '}
        {TEAM_ROLE_LABELS[inv.role].toLowerCase()}. The link works until {formatDate(inv.expiresAt)}.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />}
      {session && !session.isAdmin ? (
        <>
          <Typography.Paragraph>
            You are signed in{profile ? ` as ${profile.email}` : ''}.
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
            Join team
          </Button>
        </>
      ) : (
        <>
          <Segmented
            block
            value={mode}
            onChange={(v) => setMode(v as typeof mode)}
            options={[
              { value: 'sign-in', label: 'I have an account' },
              { value: 'register', label: 'I am new to Reelbase' },
            ]}
            style={{ marginBottom: 20 }}
          />
          {mode === 'sign-in' ? <SignInAndJoin email={inv.email} join={join} onError={onError} /> : <RegisterAndJoin email={inv.email} join={join} onError={onError} />}
        </>
      )}
    </AuthShell>
  );
}

