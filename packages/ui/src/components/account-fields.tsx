import { RegisterRequest } from '@reelbase/api-client';
import { Form, type FormInstance, Input } from 'antd';

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

/** Puts a 422's field messages next to the fields they belong to. */
export function showFieldErrors(form: FormInstance<AccountValues>, err: unknown) {
  const fields = (err as { errors?: Record<string, string> }).errors;
  if (fields) form.setFields(Object.entries(fields).filter(([k]) => k in Fields.shape).map(([name, m]) => ({ name: name as keyof AccountValues, errors: [m] })));
}

/** First name, last name and email; `own` false when someone else's (the admin's edit: no autofill). */
export function NameAndEmailFields({ own = true }: { own?: boolean }) {
  return (
    <>
      <Form.Item label="First name" name="firstName" rules={[zodRule('firstName')]}>
        <Input autoComplete={own ? 'given-name' : 'off'} />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" rules={[zodRule('lastName')]}>
        <Input autoComplete={own ? 'family-name' : 'off'} />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={[zodRule('email')]}>
        <Input type="email" autoComplete={own ? 'email' : 'off'} />
      </Form.Item>
    </>
  );
}

/** First name, last name, email and password: the registration form and the admin's create-user modal. */
export function AccountFields() {
  return (
    <>
      <NameAndEmailFields />
      <Form.Item label="Password" name="password" rules={[zodRule('password')]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
