import { describe, expect, it } from 'vitest';
import { authorizationUrl, isCallbackMessage, newSocialRequest, randomValue, readCallback, type SocialRequest } from '../src/lib/social-sign-in.ts';

const REDIRECT = 'https://app.example.com/oauth-callback';
const google: SocialRequest = { provider: 'google', redirectUri: REDIRECT, state: 'state-1', nonce: 'nonce-1' };
const facebook: SocialRequest = { provider: 'facebook', redirectUri: REDIRECT, state: 'state-2' };
const answer = (hash: string, search = '') => ({ search, hash });

describe('newSocialRequest and randomValue', () => {
  it('makes a fresh, URL-safe state for every attempt, and a nonce for Google only', () => {
    const a = newSocialRequest('google', REDIRECT);
    const b = newSocialRequest('google', REDIRECT);
    expect(a.state).not.toBe(b.state);
    expect(a.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.nonce).not.toBe(a.state);
    expect(newSocialRequest('facebook', REDIRECT)).not.toHaveProperty('nonce');
    expect(new Set(Array.from({ length: 50 }, randomValue)).size).toBe(50);
  });
});

describe('authorizationUrl', () => {
  it("asks Google for an ID token (implicit OpenID Connect) with this attempt's state and nonce", () => {
    const url = new URL(authorizationUrl({ clientId: 'cid.apps.googleusercontent.com', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' }, google));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid.apps.googleusercontent.com',
      redirect_uri: REDIRECT,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'nonce-1',
      state: 'state-1',
      prompt: 'select_account',
    });
  });

  it("asks Facebook's dialog for a user token with the email permission, keeping parameters already in the setting", () => {
    const url = new URL(authorizationUrl({ clientId: '424242', authUrl: 'https://www.facebook.com/v19.0/dialog/oauth?display=popup' }, facebook));
    expect(Object.fromEntries(url.searchParams)).toEqual({ display: 'popup', client_id: '424242', redirect_uri: REDIRECT, response_type: 'token', scope: 'email', state: 'state-2' });
  });
});

describe('readCallback', () => {
  it("takes the provider's token from the fragment when the state is this attempt's", () => {
    expect(readCallback(google, answer('#id_token=eyJ.abc.def&state=state-1&authuser=0'))).toBe('eyJ.abc.def');
    expect(readCallback(facebook, answer('#access_token=EAAB123&token_type=bearer&expires_in=5183999&state=state-2'))).toBe('EAAB123');
  });

  it('refuses an answer with another state, or none, whatever token it carries', () => {
    const refused = /does not belong to this sign-in/;
    expect(() => readCallback(google, answer('#id_token=eyJ.abc.def&state=forged'))).toThrow(refused);
    expect(() => readCallback(google, answer('#id_token=eyJ.abc.def'))).toThrow(refused);
    expect(() => readCallback(facebook, answer('#access_token=EAAB123&state=state-1'))).toThrow(refused);
    // Even an error answer must be ours before it is believed.
    expect(() => readCallback(facebook, answer('', '?error=access_denied&state=forged'))).toThrow(refused);
  });

  it('reports a cancelled or failed sign-in, from the fragment or the query', () => {
    expect(() => readCallback(google, answer('#error=access_denied&state=state-1'))).toThrow('Google sign-in was cancelled.');
    expect(() => readCallback(facebook, answer('#_=_', '?error=access_denied&error_reason=user_denied&state=state-2'))).toThrow('Facebook sign-in was cancelled.');
    expect(() => readCallback(google, answer('#error=invalid_request&error_description=Missing%20nonce&state=state-1'))).toThrow('Google sign-in failed: Missing nonce.');
  });

  it('refuses an answer without the token its flow sends', () => {
    // An access token is not what the Google flow asked for.
    expect(() => readCallback(google, answer('#access_token=x&state=state-1'))).toThrow('Google did not send a sign-in token. Try again.');
  });
});

describe('isCallbackMessage', () => {
  it('accepts only the callback page message shape', () => {
    expect(isCallbackMessage({ type: 'reelbase:sign-in-callback', search: '', hash: '#a=b' })).toBe(true);
    expect(isCallbackMessage({ type: 'other', search: '', hash: '' })).toBe(false);
    expect(isCallbackMessage({ type: 'reelbase:sign-in-callback', hash: '' })).toBe(false);
    expect(isCallbackMessage(null)).toBe(false);
    expect(isCallbackMessage('reelbase:sign-in-callback')).toBe(false);
  });
});
