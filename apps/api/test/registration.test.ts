import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndLogin, startTestServer, type TestServer } from './support/test-server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const uniqueEmail = () => `r${crypto.randomUUID().slice(0, 8)}@example.com`;
const valid = () => ({ firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail(), password: 'secret123' });
const card = { cardNumber: '4000056655665556', cvc: '987', expMonth: '07', expYear: '29', firstName: 'Grace', lastName: 'Hopper' };

const register = (body: unknown, token?: string) => s.api('POST', '/api/users', { body, token });

describe('field validation answers 422 with the spec texts', () => {
  test.each([
    ['firstName', '', 'Must NOT have fewer than 1 characters.'],
    ['firstName', '   ', 'Must NOT have fewer than 1 characters.'],
    ['firstName', undefined, 'Must NOT have fewer than 1 characters.'],
    ['lastName', '', 'Must NOT have fewer than 1 characters.'],
    ['lastName', undefined, 'Must NOT have fewer than 1 characters.'],
    ['email', 'not-an-email', 'Must match format "email".'],
    ['email', 'a b@example.com', 'Must match format "email".'],
    ['email', undefined, 'Must match format "email".'],
    ['password', '12345', 'Must NOT have fewer than 6 characters.'],
    ['password', undefined, 'Must NOT have fewer than 6 characters.'],
  ])('%s = %j', async (field, value, message) => {
    const body: Record<string, unknown> = { ...valid(), [field]: value };
    const res = await register(body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: message });
    // Nothing was created: the same address can still register.
    if (field !== 'email') expect((await register({ ...body, [field]: valid()[field as keyof ReturnType<typeof valid>] })).status).toBe(201);
  });

  test('every invalid field is reported at once', async () => {
    const res = await register({ firstName: '', lastName: '', email: 'x', password: '1' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      firstName: 'Must NOT have fewer than 1 characters.',
      lastName: 'Must NOT have fewer than 1 characters.',
      email: 'Must match format "email".',
      password: 'Must NOT have fewer than 6 characters.',
    });
  });

  test('a password of exactly 6 characters is enough', async () => {
    expect((await register({ ...valid(), password: '123456' })).status).toBe(201);
  });
});

describe('card rules', () => {
  test.each([
    ['cardNumber', '', 'Card number is required'],
    ['cardNumber', '4242', 'Enter a valid card number'],
    ['cardNumber', '42424242424242421', 'Enter a valid card number'],
    ['cardNumber', '4242x24242424242', 'Enter a valid card number'],
    ['cvc', '', 'CVC/CWV is required'],
    ['cvc', '1a3', 'Enter a valid CWV/CVC'],
    ['expMonth', '', 'Exp month is required'],
    ['expMonth', '13', 'Enter a valid Exp month'],
    ['expMonth', '00', 'Enter a valid Exp month'],
    ['expYear', '', 'Exp year is required'],
    ['expYear', '2029', 'Enter a valid Exp year'],
    ['firstName', '', 'Your first name is required'],
    ['lastName', ' ', 'Your last name is required'],
  ])('%s = %j', async (field, value, message) => {
    const email = uniqueEmail();
    const res = await register({ ...valid(), email, paymentMethod: { type: 'card', cardInfo: { ...card, [field]: value } } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [`paymentMethod.cardInfo.${field}`]: message });
    // A refused card leaves no account behind.
    expect((await register({ ...valid(), email })).status).toBe(201);
  });

  test('a valid card sets the payment method, seen on login and on the profile', async () => {
    const { email, password, ...rest } = valid();
    const res = await register({ ...rest, email, password, paymentMethod: { type: 'card', cardInfo: card } });
    expect(res.status).toBe(201);
    const login = await s.api('POST', '/api/auth/login', { body: { email, password } });
    expect(login.body.isPaymentMethodSet).toBe(true);
    const profile = await s.api('GET', '/api/profile', { token: login.body.accessToken });
    expect(profile.body.paymentMethod).toBe('card');
  });

  test('the card number and CVC are stored nowhere: not in any table, not in the mail', async () => {
    const email = uniqueEmail();
    const secretCard = { ...card, cardNumber: '5105105105105100', cvc: '4719' };
    const res = await register({ ...valid(), email, paymentMethod: { type: 'card', cardInfo: secretCard } });
    expect(res.status).toBe(201);

    const em = s.services.orm.em.fork();
    const tables = await em.execute<{ schema: string; name: string }[]>(
      "select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
    );
    expect(tables.map((t) => t.name)).toContain('users');
    let rowsSeen = 0;
    for (const t of tables) {
      const rows = await em.execute<{ row: string }[]>(`select row_to_json(x)::text as row from "${t.schema}"."${t.name}" x`);
      for (const { row } of rows) {
        rowsSeen++;
        expect(row).not.toContain('5105105105105100');
        expect(row).not.toContain('510510510510');
        // As a key or a quoted value: random text such as a password hash may hold the letters.
        expect(row).not.toMatch(/"(cvc|cardNumber|card_number)"/i);
      }
    }
    expect(rowsSeen).toBeGreaterThan(1);

    // No column of the user's row holds the CVC either.
    const [user] = await em.execute<Record<string, unknown>[]>('select * from users where email = ?', [email]);
    expect(user.payment_method).toBe('card');
    for (const [column, value] of Object.entries(user)) {
      expect(String(value), column).not.toContain('5105105105105100');
      expect(String(value), column).not.toBe('4719');
    }

    const outbox = join(s.dataDir, 'outbox');
    for (const f of await readdir(outbox)) expect(await readFile(join(outbox, f), 'utf8')).not.toContain('5105105105105100');
  });
});

describe('duplicates', () => {
  test('an address already registered answers 422 on email, whatever its case', async () => {
    const first = valid();
    expect((await register(first)).status).toBe(201);
    const again = await register({ ...valid(), email: first.email });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ email: 'Email is already taken' });
    const upper = await register({ ...valid(), email: `  ${first.email.toUpperCase()} ` });
    expect(upper.status).toBe(422);
    expect(upper.body.errors).toEqual({ email: 'Email is already taken' });
  });
});

describe('public versus admin registration', () => {
  test('public registration answers the verification text and mails a verification link', async () => {
    const body = valid();
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), email: body.email, message: 'An email with verification instructions has been sent to your email address.' });
    const mail = await s.lastMail(body.email);
    expect(mail.link).toMatch(/\/verify-email\?token=[\w-]+$/);

    const login = await s.api('POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
    expect(login.status).toBe(200);
    expect(login.body.isPaymentMethodSet).toBe(false);
    const profile = await s.api('GET', '/api/profile', { token: login.body.accessToken });
    expect(profile.body).toMatchObject({ id: res.body.id, email: body.email, isConfirmedEmail: false, isAdmin: false });
  });

  test("an admin's registration answers 'Registration completed successfully!', confirms the address and mails a link to choose a password", async () => {
    const admin = await s.api('POST', '/api/auth/login', { body: { email: 'admin@example.com', password: 'admin-password' } });
    expect(admin.body.isAdmin).toBe(true);
    const body = valid();
    const res = await register({ ...body, paymentMethod: { type: 'paypal' } }, admin.body.accessToken);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), email: body.email, message: 'Registration completed successfully!' });
    // No verification link: the owner is mailed a link to choose a password (admin-user-edit.test.ts follows it).
    expect((await s.lastMail(body.email)).link).toMatch(/\/reset-password\?token=/);

    const login = await s.api('POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
    // PayPal becomes the method only once the user approves and pays a PayPal checkout, whoever created the account.
    expect(login.body).toMatchObject({ isAdmin: false, isPaymentMethodSet: false });
    const profile = await s.api('GET', '/api/profile', { token: login.body.accessToken });
    expect(profile.body).toMatchObject({ isConfirmedEmail: true, isAdmin: false, paymentMethod: null });
  });

  test("a non-admin's token does not make a registration an admin one", async () => {
    const user = await signUpAndLogin(s);
    const res = await register(valid(), user.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('An email with verification instructions has been sent to your email address.');
  });

  test('a registration with a bad token is refused rather than treated as public', async () => {
    const res = await register(valid(), 'not-a-token');
    expect(res.status).toBe(401);
  });

  test('new accounts start with every known feature on and the default colours', async () => {
    const body = valid();
    await register(body);
    const login = await s.api('POST', '/api/auth/login', { body: { email: body.email, password: body.password } });
    const profile = await s.api('GET', '/api/profile', { token: login.body.accessToken });
    expect(profile.body.features).toEqual({ uploadPlayerLogo: true, videoTrimmer: true, setVideoImage: true, createGif: true, addWatermark: true });
    expect(profile.body.colorScheme).toEqual({ playerCanvas: '#1974BB', transparentCanvas: false, playerPlayButton: '#22A9E0', playerControlBar: '#43C3D7' });
  });
});
