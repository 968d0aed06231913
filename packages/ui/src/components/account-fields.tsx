import { t } from '@lingui/core/macro';
import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, RegisterRequest } from '@reelbase/api-client';
import { Form, type FormInstance, Input, theme } from 'antd';

export interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const Fields = RegisterRequest.pick({ firstName: true, lastName: true, email: true, password: true });

/** antd rule from the contract's zod schema, so the texts are the spec's. */
const zodRule = (field: keyof AccountValues) => ({
  validator: async (_: unknown, value: unknown) => {
    const r = Fields.shape[field].safeParse(value ?? '');
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
});

/** Whether the four fields pass the spec's rules (the submit button stays disabled until they do). */
export const accountValid = (values: Partial<AccountValues> | undefined) => Fields.safeParse(values ?? {}).success;

/** Whether an email passes the contract's rule (so it is worth asking the server whether it is free). */
export const emailValid = (email: unknown) => Fields.shape.email.safeParse(email ?? '').success;

/** Whether a 422 has a message for one of the four fields. */
export const hasAccountFieldErrors = (err: unknown) => Object.keys((err as { errors?: Record<string, string> } | null)?.errors ?? {}).some((k) => k in Fields.shape);

/** Puts a 422's field messages next to the fields they belong to; true when any was one of them. */
export function showFieldErrors(form: FormInstance<AccountValues>, err: unknown): boolean {
  const fields = (err as { errors?: Record<string, string> }).errors;
  const mine = fields ? Object.entries(fields).filter(([k]) => k in Fields.shape) : [];
  form.setFields(mine.map(([name, m]) => ({ name: name as keyof AccountValues, errors: [m] })));
  return mine.length > 0;
}

/** First name, last name and email; `own` false when someone else's (the admin's edit: no autofill). */
export function NameAndEmailFields({ own = true, onEmailBlur }: { own?: boolean; onEmailBlur?(): void }) {
  return (
    <>
      <Form.Item label={t`First name`} name="firstName" rules={[zodRule('firstName')]}>
        <Input autoComplete={own ? 'given-name' : 'off'} />
      </Form.Item>
      <Form.Item label={t`Last name`} name="lastName" rules={[zodRule('lastName')]}>
        <Input autoComplete={own ? 'family-name' : 'off'} />
      </Form.Item>
      <Form.Item label={t`Email`} name="email" rules={[zodRule('email')]}>
        <Input type="email" autoComplete={own ? 'email' : 'off'} onBlur={onEmailBlur} />
      </Form.Item>
    </>
  );
}

/** The password rules of the contract, in words, each ticked once the typed password meets it. */
export const PASSWORD_RULES: { text: string; met(password: string): boolean }[] = [
  {
    get text() {
      const min = PASSWORD_MIN_LENGTH;
      return t`At least ${min} characters`;
    },
    met: (p) => p.length >= PASSWORD_MIN_LENGTH },
  {
    get text() {
      const max = PASSWORD_MAX_LENGTH;
      return t`No more than ${max} characters`;
    },
    met: (p) => p.length > 0 && p.length <= PASSWORD_MAX_LENGTH },
];

/** Shown under the password field before anything fails: the rules, ticking as they are met. */
function PasswordHint() {
  const password = (Form.useWatch('password', Form.useFormInstance()) as string | undefined) ?? '';
  const { token } = theme.useToken();
  return (
    <ul data-testid="password-rules" style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }}>
      {PASSWORD_RULES.map((r) => {
        const met = r.met(password);
        return (
          <li key={r.text} data-met={met} style={{ color: met ? token.colorSuccessText : token.colorTextSecondary }}>
            {met ? <CheckCircleFilled aria-hidden /> : <MinusCircleOutlined aria-hidden />} {r.text}
            <span className="rb-sr-only">{met ? ' (met)' : t` (not yet)`}</span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * First name, last name, email and password: the registration form and the admin's create-user
 * modal. `onEmailBlur` runs when the email field is left (registration asks whether it is free).
 */
export function AccountFields(props: { onEmailBlur?(): void } = {}) {
  return (
    <>
      <NameAndEmailFields onEmailBlur={props.onEmailBlur} />
      <Form.Item label={t`Password`} name="password" rules={[zodRule('password')]} extra={<PasswordHint />}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
