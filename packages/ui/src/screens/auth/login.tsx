import { Trans } from '@lingui/react/macro';
import { formatClock } from '../../lib/format.ts';
import { t } from '@lingui/core/macro';
import { ApiError, errorMessage, isTwoFactorChallenge } from '@reelbase/api-client';
import { Alert, Button, Checkbox, Flex, Input, theme } from 'antd';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homeFor } from '../../lib/access-gate.ts';
import { useAlert, useClient } from '../../services.tsx';
import { AuthShell } from './auth-shell.tsx';
import { SocialButtons } from './social-buttons.tsx';
import { type PendingChallenge, TwoFactorStep } from './two-factor-step.tsx';

type Errors = { email?: string; password?: string };

/** The time of day `seconds` from now, as the visitor's clock shows it (e.g. 14:05). */
const clockIn = (seconds: number) => formatClock(new Date(Date.now() + seconds * 1000));

/**
 * A label, its input and the field's error, laid out like antd's vertical Form.Item. The sign-in
 * page is the first one most visitors load: antd's Form would add its validator, grid and tooltip
 * code (about 20 KB compressed) for two presence checks.
 */
function Field({ label, error, children }: { label: string; error?: string; children: (ids: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const { token } = theme.useToken();
  const id = useId();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, lineHeight: token.lineHeight }}>
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, ...(error && { 'aria-describedby': `${id}-error` }) })}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, lineHeight: token.lineHeight }}>
          {error}
        </div>
      )}
    </div>
  );
}

export function LoginPage() {
  const client = useClient();
  const alert = useAlert();
  const navigate = useNavigate();
  // The reset-password-done state: set by a successful reset, shown once (taken out of the
  // history entry, so a reload or another visit to /login does not show it again).
  const location = useLocation();
  const [resetDone] = useState(() => !!(location.state as { resetDone?: boolean } | null)?.resetDone);
  // The second step of a sign-in begun elsewhere (Google, Facebook, an email link), or here after the password.
  const [challenge, setChallenge] = useState<PendingChallenge | null>(() => {
    const state = location.state as Partial<PendingChallenge> | null;
    return state?.challenge ? { challenge: state.challenge, methods: state.methods } : null;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (resetDone || challenge) navigate(location.pathname, { replace: true, state: null });
  }, []);
  const [loading, setLoading] = useState(false);
  const [values, setValues] = useState({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<Errors>({});
  // A sign-in paused by failed attempts (429): the server's words, when to try again, and the button waits until then.
  const [paused, setPaused] = useState<{ message: string; until: number } | null>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    if (!paused) return;
    const timer = setTimeout(() => setPaused(null), Math.max(0, paused.until - Date.now()));
    return () => clearTimeout(timer);
  }, [paused]);
  const set = (field: 'email' | 'password', value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (value) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const missing: Errors = { email: values.email.trim() ? undefined : t`Email is required.`, password: values.password ? undefined : t`Password is required.` };
    setErrors(missing);
    if (missing.email || missing.password) return;
    setLoading(true);
    try {
      const r = await client.auth.login({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe });
      if (isTwoFactorChallenge(r)) {
        setChallenge(r);
        setLoading(false);
        return;
      }
      navigate(homeFor(r.isAdmin), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        const wait = err.retryAfterSeconds ?? 60;
        const time = clockIn(wait);
        setPaused({ message: `${err.message} ${t`You can try again at ${time}.`}`, until: Date.now() + wait * 1000 });
      } else alert('error', errorMessage(err));
      setLoading(false);
    }
  }

  if (challenge) {
    return (
      <AuthShell title={t`Two-factor authentication`}>
        <TwoFactorStep challenge={challenge} signIn={client.auth.twoFactor} onDone={(r) => navigate(homeFor(r.isAdmin), { replace: true })} onRestart={() => setChallenge(null)} />
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t`Sign in`}>
      {resetDone && <Alert type="success" showIcon role="status" title={t`Your new password is saved.`} description={t`Sign in with it below.`} style={{ marginBottom: 16 }} />}
      <form name="login" onSubmit={submit} noValidate>
        <Field label={t`Email`} error={errors.email}>
          {(ids) => <Input {...ids} type="email" autoComplete="email" status={errors.email && 'error'} value={values.email} onChange={(e) => set('email', e.target.value)} />}
        </Field>
        <Field label={t`Password`} error={errors.password}>
          {(ids) => <Input.Password {...ids} autoComplete="current-password" status={errors.password && 'error'} value={values.password} onChange={(e) => set('password', e.target.value)} />}
        </Field>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Checkbox checked={values.rememberMe} onChange={(e) => setValues((v) => ({ ...v, rememberMe: e.target.checked }))}>
            <Trans>Remember Me</Trans>
          </Checkbox>
          <Link to="/forgot-password">
            <Trans>Forgot Password</Trans>
          </Link>
        </Flex>
        {paused && (
          <div role="alert" data-testid="sign-in-paused" style={{ color: token.colorError, marginBottom: 12, lineHeight: token.lineHeight }}>
            {paused.message}
          </div>
        )}
        {/* Not antd's `loading`: its delayed spinner stayed on when the button was disabled in the same render (a 429). */}
        <Button type="primary" htmlType="submit" block disabled={loading || !!paused}>
          {loading ? t`Signing in…` : t`Sign in`}
        </Button>
      </form>
      <SocialButtons verb="Sign in" divider={{ text: t`or`, where: 'before' }} />
      <p style={{ marginTop: 20, marginBottom: 0, textAlign: 'center' }}>
        <Trans>
          New to Reelbase? <Link to="/registration">Sign up</Link>
        </Trans>
      </p>
    </AuthShell>
  );
}
