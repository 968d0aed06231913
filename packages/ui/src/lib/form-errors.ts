import type { FormInstance } from 'antd';

/**
 * Puts a 422's field messages beside the form's own fields (`errors['a.b']` on the field named
 * ['a', 'b']); answers whether any landed there. Messages for fields the form does not have stay in
 * the error's text, which the api-client words as sentences without field names.
 */
export function showServerFieldErrors(form: FormInstance, err: unknown): boolean {
  const errors = (err as { errors?: Record<string, string> } | null)?.errors;
  if (!errors) return false;
  const registered = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const mine = Object.entries(errors).filter(([field]) => registered.has(field));
  form.setFields(mine.map(([field, message]) => ({ name: field.split('.'), errors: [message] })));
  return mine.length > 0;
}
