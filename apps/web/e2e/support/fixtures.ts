import { mkdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { type APIRequestContext, test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { REFRESH_COOKIE, type Session } from '@reelbase/api-client';
import pg from 'pg';

export { expect };
export { ADMIN } from './admin.ts';

const SCREENS_DIR = resolve(import.meta.dirname, '../../test-results/screens');

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export const newAccount = (): Account => ({
  email: `e2e-${crypto.randomUUID().slice(0, 8)}@example.com`,
  password: 'secret123',
  firstName: 'Ada',
  lastName: 'Lovelace',
});

/** Tests run against the main stack unless they ask for the short-token one. */
export const test = base.extend<{ baseURL: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_WEB_URL as string);
  },
  page: async ({ page }, use) => {
    // Playwright turns file-chooser interception on when the first 'filechooser' listener is added,
    // without waiting for the browser to apply it: a waitForEvent just before a click lost that race
    // under load (the native chooser opened unseen). On from the page's start, it is in place.
    page.on('filechooser', () => {});
    await use(page);
  },
});

/** Stripe's documented Visa test number: the sandbox and the Stripe stand-in both take it. */
export const TEST_CARD = { cardNumber: '4242424242424242', cvc: '123', expMonth: '12', expYear: '34', firstName: 'Ada', lastName: 'Lovelace' };

/** Fills registration's first step (the account) and continues to the plan and payment. */
export async function fillAccount(page: Page, a: Account) {
  await page.getByLabel('First name').fill(a.firstName);
  await page.getByLabel('Last name').fill(a.lastName);
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Fills the card form (registration's payment step, the access gate), label by label. */
export async function fillCard(page: Page, card: Record<keyof typeof TEST_CARD, string> = TEST_CARD) {
  await page.getByLabel('Card number').fill(card.cardNumber);
  await page.getByLabel('Exp month').fill(card.expMonth);
  await page.getByLabel('Exp year').fill(card.expYear);
  await page.getByLabel('CVC/CWV').fill(card.cvc);
  await page.getByLabel('First name').fill(card.firstName);
  await page.getByLabel('Last name').fill(card.lastName);
}

/**
 * Registers through the API; with the test card unless `paymentMethod` says otherwise: null sends
 * none, 'paypal' sends PayPal, which records no method until a PayPal payment is approved.
 */
export async function registerViaApi(request: APIRequestContext, baseURL: string, opts: { paymentMethod?: 'card' | 'paypal' | null } = {}): Promise<Account> {
  const a = newAccount();
  const paymentMethod = opts.paymentMethod === null ? undefined : opts.paymentMethod === 'paypal' ? { type: 'paypal' } : { type: 'card', cardInfo: TEST_CARD };
  const res = await request.post(`${baseURL}/api/users`, { data: { ...a, ...(paymentMethod && { paymentMethod }) } });
  expect(res.status(), await res.text()).toBe(201);
  return a;
}

/** Uploads a video file through the API as `a`; resolves with the new video. */
export async function uploadViaApi(request: APIRequestContext, baseURL: string, a: Pick<Account, 'email' | 'password'>, file: string, name: string) {
  const accessToken = await apiToken(request, baseURL, a);
  const up = await request.post(`${baseURL}/api/videos`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { name, video: { name: basename(file), mimeType: 'video/mp4', buffer: await readFile(file) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  return (await up.json()) as { id: string; name: string };
}

export async function signIn(page: Page, a: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in the way the sign-in form does (the same call, so the refresh cookie lands in the page's
 * context, and the session in localStorage where the app keeps it), then opens the screen the form
 * would (My videos, or the admin area): for tests whose subject is not the sign-in page itself,
 * which costs them two page loads less. `signIn` stays the form's path.
 */
export async function signInViaApi(page: Page, a: Pick<Account, 'email' | 'password'>) {
  const res = await page.request.post('/api/auth/login', {
    data: { email: a.email, password: a.password, rememberMe: false },
    headers: { [REFRESH_COOKIE.header]: REFRESH_COOKIE.headerValue },
  });
  expect(res.status(), await res.text()).toBe(200);
  const r = (await res.json()) as Session;
  const session: Session = { accessToken: r.accessToken, isAdmin: r.isAdmin, isPaymentMethodSet: r.isPaymentMethodSet };
  // localStorage is per origin: away from the app's (a blank page), open a small file of it first.
  const app = new URL(res.url()).origin;
  if (!page.url().startsWith(`${app}/`)) await page.goto(`${app}/robots.txt`);
  // The key of the app's localStorageTokens (src/browser-platform.ts); where the form goes next is ui's homeFor.
  await page.evaluate((value) => localStorage.setItem('reelbase.session', value), JSON.stringify(session));
  await page.goto(`${app}${session.isAdmin ? '/admin' : '/'}`);
  // The app's first load in this page: the form's path took it on the sign-in page, before any
  // deadline of the test; this waits the same way until a screen has replaced the page spinners.
  await page.waitForFunction(() => !!document.getElementById('root')?.childElementCount && !document.querySelector('[role="status"] > .ant-spin-lg'), null, { timeout: 0, polling: 250 });
}

/** Runs SQL on the main stack's database (e.g. to ban a user; there is no ban call yet). */
export async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A full-page screenshot in test-results/screens/{name}-{project}.png, for a person to look the
 * screens over (`pnpm --filter @reelbase/web e2e:screens`); the plain run skips them: some 200
 * full-page captures cost Chromium seconds of CPU each and assert nothing.
 */
export async function shot(page: Page, info: TestInfo, name: string) {
  if (!process.env.E2E_SCREENS) return;
  await mkdir(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, `${name}-${info.project.name}.png`), fullPage: true, animations: 'disabled' });
}

export const sampleVideo = () => process.env.E2E_SAMPLE_VIDEO as string;
/** One second at 160×120: for tests that need many videos. */
export const tinyVideo = () => process.env.E2E_TINY_VIDEO as string;

/** Signs in through the API and answers the access token. */
export async function apiToken(request: APIRequestContext, baseURL: string, a: Pick<Account, 'email' | 'password'>): Promise<string> {
  const res = await request.post(`${baseURL}/api/auth/login`, { data: { email: a.email, password: a.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).accessToken;
}

/** Waits until a video's mp4 plays (isMainReady). */
export async function waitPlayable(request: APIRequestContext, baseURL: string, token: string, videoId: string) {
  const headers = { authorization: `Bearer ${token}` };
  await expect
    .poll(async () => (await (await request.get(`${baseURL}/api/videos/${videoId}`, { headers })).json()).isMainReady, { timeout: 90_000, intervals: [500] })
    .toBe(true);
}

/** The current time of the page's <video> (null before there is one). */
export const playhead = (page: Page) => page.evaluate(() => document.querySelector('video')?.currentTime ?? null);

/**
 * Waits until the server refuses `accessToken` as expired (TOKEN_EXPIRED_ERROR): the moment the
 * app meets on its next call, observed instead of slept for, so a loaded machine cannot race it.
 */
export async function accessTokenExpired(request: APIRequestContext, baseURL: string, accessToken: string) {
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL}/api/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
      return res.status() === 401 ? ((await res.json()) as { code?: string }).code : res.status();
    }, { timeout: 90_000, intervals: [1000] })
    .toBe('TOKEN_EXPIRED_ERROR');
}

/** The access token the page's app holds (localStorage, where it keeps its session). */
export const pageAccessToken = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('reelbase.session') as string) as { accessToken: string }).accessToken);

/** Resolves once the page has drawn two more frames: what it shows now is on screen (for a screenshot). */
export const nextFrame = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
