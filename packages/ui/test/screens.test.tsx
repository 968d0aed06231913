// @vitest-environment jsdom
import { memoryTokenStorage } from '@reelbase/api-client';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReelbaseApp } from '../src/app.tsx';
import type { Platform } from '../src/platform.ts';

beforeAll(() => {
  // antd's responsive helpers read matchMedia, which jsdom lacks.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

const offline = (initialPath: string): Platform => ({
  apiBaseUrl: 'http://127.0.0.1:9',
  tokens: memoryTokenStorage(),
  pickFiles: async () => [],
  copyText: async () => {},
  openWindow: () => {},
  router: 'memory',
  initialPath,
});

describe('public screens (rendered, no server)', () => {
  it('login has labelled fields, Remember Me and the links; no provider button while none is known to be configured', async () => {
    render(<ReelbaseApp platform={offline('/login')} />);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByLabelText('Remember Me')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    // This platform cannot run a provider's flow and the server is out of reach: a button would only fail.
    expect(screen.queryByRole('button', { name: /Sign in with/ })).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/registration');
  });

  it('signing in with an empty field names what is missing beside it, and nothing is sent', async () => {
    render(<ReelbaseApp platform={offline('/login')} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual(['Email is required.', 'Password is required.']);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    // The email's message is gone; the password's stays, and the form still sends nothing (no error from the offline server).
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Password is required.']));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
  });

  it('a protected route without a token goes to /login', async () => {
    render(<ReelbaseApp platform={offline('/settings')} />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('registration asks for the account first, with the password rules shown before they fail', async () => {
    render(<ReelbaseApp platform={offline('/registration')} />);
    expect(await screen.findByLabelText('First name', {}, { timeout: 10_000 })).toBeTruthy();
    // The payment method comes second: no card form yet.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    const rules = screen.getByTestId('password-rules');
    const first = within(rules).getAllByRole('listitem')[0];
    expect(first.textContent).toContain('At least 6 characters');
    expect(first.getAttribute('data-met')).toBe('false');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secre' } });
    });
    expect(first.getAttribute('data-met')).toBe('false');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    });
    await waitFor(() => expect(first.getAttribute('data-met')).toBe('true'));
  });

  it('registration form shows the spec messages and keeps Continue disabled while invalid', async () => {
    render(<ReelbaseApp platform={offline('/registration')} />);
    const submit = await screen.findByRole('button', { name: 'Continue' }, { timeout: 10_000 });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: '123' } });
      fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'x' } });
      fireEvent.change(screen.getByLabelText('First name'), { target: { value: '' } });
    });
    expect(await screen.findByText('Must match format "email".')).toBeTruthy();
    expect(await screen.findByText('Must NOT have fewer than 6 characters.')).toBeTruthy();
    expect(await screen.findByText('Must NOT have fewer than 1 characters.')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
      fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false));
    // In the form's note and in the footer.
    expect(screen.getAllByRole('link', { name: 'Terms of Use' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Privacy Policy' })).toHaveLength(2);
  });

  it('the terms state the business constants', async () => {
    render(<ReelbaseApp platform={offline('/term-of-use')} />);
    const text = (await screen.findByRole('heading', { name: 'Terms of Use', level: 1 })).closest('main')?.textContent ?? '';
    for (const phrase of ['60-day money-back guarantee', 'at least 7 days before', '30 days after cancellation', '$50 fee', 'at least 18 years old', 'greater of $1.00', 'month before', 'within one year', 'Ontario', 'Privacy', 'Fair use', 'Prohibited uses', 'takedown', 'Promotional pricing', 'Backups']) {
      expect(text).toContain(phrase);
    }
  });
});
