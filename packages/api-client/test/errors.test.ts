import { describe, expect, it } from 'vitest';
import { errorFromBody, fieldLabel, formatFieldErrors } from '../src/client/errors.ts';

describe('error texts', () => {
  it('turns a 422 errors map into sentences without field names', () => {
    const e = errorFromBody(422, { message: 'Validation failed', errors: { email: 'Must match format "email".', password: 'Must NOT have fewer than 6 characters.' } });
    expect(e.message).toBe('Email must match format "email". Password must NOT have fewer than 6 characters.');
    // The field messages themselves stay as they are, for the forms to show beside their fields.
    expect(e.errors?.email).toBe('Must match format "email".');
  });

  it('keeps a message that stands alone and never shows a field path', () => {
    expect(formatFieldErrors({ token: 'The reset link is invalid or has expired.' })).toBe('The reset link is invalid or has expired.');
    expect(formatFieldErrors({ currentPassword: 'Current password is incorrect' })).toBe('Current password is incorrect.');
    expect(formatFieldErrors({ search: 'Must NOT have more than 200 characters.' })).toBe('The search term must NOT have more than 200 characters.');
    expect(formatFieldErrors({ 'paymentMethod.cardInfo.cardNumber': 'Enter a valid card number' })).toBe('Enter a valid card number.');
    expect(formatFieldErrors({ 'items.0.videoTitle': 'Must NOT have more than 255 characters.' })).toBe('Video title must NOT have more than 255 characters.');
    for (const text of [
      errorFromBody(422, { errors: { token: 'The link is invalid or has expired.', currentPassword: 'Must NOT have fewer than 6 characters.', 'a.b_c': 'Must be ASC or DESC.' } }).message,
    ]) {
      expect(text).not.toMatch(/\b(token|currentPassword|a\.b_c)\b|:/);
      expect(text).toBe('The link is invalid or has expired. Current password must NOT have fewer than 6 characters. B c must be ASC or DESC.');
    }
  });

  it('words field paths', () => {
    expect(fieldLabel('paymentMethod.cardInfo.expMonth')).toBe('Exp month');
    expect(fieldLabel('firstName')).toBe('First name');
    expect(fieldLabel('player_logo')).toBe('Player logo');
    expect(fieldLabel('q')).toBe('The search term');
  });

  it('says the same thing once when several fields share a message', () => {
    expect(formatFieldErrors({ firstName: 'Check the card.', lastName: 'Check the card.' })).toBe('Check the card.');
  });

  it("otherwise shows the server's message and keeps its code", () => {
    const e = errorFromBody(403, { message: 'User was baned', code: 'USER_BANNED_ERROR' });
    expect(e.message).toBe('User was baned');
    expect(e.isBanned).toBe(true);
    expect(errorFromBody(401, { message: 'Access token expired', code: 'TOKEN_EXPIRED_ERROR' }).isTokenExpired).toBe(true);
  });

  it('falls back to the status text when the body has no message', () => {
    expect(errorFromBody(502, undefined, 'Bad Gateway').message).toBe('Bad Gateway');
    expect(errorFromBody(500, '').message).toBe('Request failed with status 500');
  });
});
