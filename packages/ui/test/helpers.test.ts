import { ApiError, type Profile } from '@reelbase/api-client';
import { describe, expect, it } from 'vitest';
import { cardErrors, serverCardErrors } from '../src/lib/card.ts';
import { formatDate, formatMegabytes, isValidRedirect, isVideoFile } from '../src/lib/format.ts';
import { profileChanges } from '../src/lib/profile-changes.ts';
import { selectAllState, toggleAll, toggleId } from '../src/state/selection.ts';

describe('card form rules (checked on submit)', () => {
  it('reports the spec texts for empty fields', () => {
    expect(cardErrors({})).toEqual({
      cardNumber: 'Card number is required',
      cvc: 'CVC/CWV is required',
      expMonth: 'Exp month is required',
      expYear: 'Exp year is required',
      firstName: 'Your first name is required',
      lastName: 'Your last name is required',
    });
  });

  it('reports invalid values', () => {
    expect(cardErrors({ cardNumber: '4242', cvc: 'ab', expMonth: '13', expYear: '2030', firstName: 'A', lastName: 'B' })).toEqual({
      cardNumber: 'Enter a valid card number',
      cvc: 'Enter a valid CWV/CVC',
      expMonth: 'Enter a valid Exp month',
      expYear: 'Enter a valid Exp year',
    });
  });

  it('accepts a 16-digit card (spaces allowed while typing)', () => {
    expect(cardErrors({ cardNumber: '4242 4242 4242 4242', cvc: '123', expMonth: '09', expYear: '30', firstName: 'Ada', lastName: 'Lovelace' })).toEqual({});
  });

  it("takes the card fields of the API's 422 on a payment method", () => {
    const err = new ApiError(422, 'x', { errors: { 'paymentMethod.cardInfo.cardNumber': 'Enter a valid card number', 'paymentMethod.cardInfo.cvc': 'Enter a valid CWV/CVC', firstName: 'other' } });
    expect(serverCardErrors(err)).toEqual({ cardNumber: 'Enter a valid card number', cvc: 'Enter a valid CWV/CVC' });
    expect(serverCardErrors(new ApiError(422, 'x', { errors: { 'paymentMethod.type': 'Invalid input' } }))).toBeNull();
    expect(serverCardErrors(new ApiError(500, 'x', { errors: { 'paymentMethod.cardInfo.cvc': 'x' } }))).toBeNull();
    expect(serverCardErrors(new Error('x'))).toBeNull();
    expect(serverCardErrors(null)).toBeNull();
  });
});

describe('selection', () => {
  it('toggles ids in and out', () => {
    expect(toggleId([], 'a')).toEqual(['a']);
    expect(toggleId(['a', 'b'], 'a')).toEqual(['b']);
  });
  it('select-all toggles between all and none on the page', () => {
    expect(toggleAll([], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleAll(['a'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(toggleAll(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(toggleAll(['x', 'a', 'b'], ['a', 'b'])).toEqual(['x']);
    expect(selectAllState([], ['a'])).toBe('none');
    expect(selectAllState(['a'], ['a', 'b'])).toBe('some');
    expect(selectAllState(['a', 'b'], ['a', 'b'])).toBe('all');
  });
});

describe('formats and checks', () => {
  it('shows dates as MM/DD/YYYY and sizes in MB', () => {
    expect(formatDate(new Date(2026, 0, 5))).toBe('01/05/2026');
    expect(formatDate('nonsense')).toBe('');
    expect(formatMegabytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
  it('accepts blank, http and https redirects only', () => {
    expect(isValidRedirect('')).toBe(true);
    expect(isValidRedirect('https://shop.example/thanks')).toBe(true);
    expect(isValidRedirect('http://localhost:3000/x')).toBe(true);
    expect(isValidRedirect('www.shop.example')).toBe(false);
    expect(isValidRedirect('ftp://shop.example')).toBe(false);
    expect(isValidRedirect('shop')).toBe(false);
    expect(isValidRedirect('javascript:alert(1)')).toBe(false);
  });
  it('accepts video files only', () => {
    expect(isVideoFile({ type: 'video/mp4' })).toBe(true);
    expect(isVideoFile({ type: 'image/png' })).toBe(false);
    expect(isVideoFile({ type: '' })).toBe(false);
  });
});

describe('settings changes', () => {
  const profile = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', promoCode: null, isChangeEmail: true } as Profile;
  it('sends only what changed; a password only when typed, with the current one', () => {
    expect(profileChanges(profile, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', promoCode: '' })).toEqual({});
    expect(profileChanges(profile, { firstName: 'Grace ', lastName: 'Lovelace', email: 'ADA@example.com', password: '', currentPassword: 'x' })).toEqual({ firstName: 'Grace' });
    expect(profileChanges(profile, { firstName: 'Ada', lastName: 'Lovelace', password: 'newsecret', currentPassword: 'old' })).toEqual({ password: 'newsecret', currentPassword: 'old' });
  });
  it('never sends the email when it cannot be changed', () => {
    expect(profileChanges({ ...profile, isChangeEmail: false }, { firstName: 'Ada', lastName: 'Lovelace', email: 'new@example.com' })).toEqual({});
    expect(profileChanges(profile, { firstName: 'Ada', lastName: 'Lovelace', email: 'new@example.com', currentPassword: 'old' })).toEqual({ email: 'new@example.com', currentPassword: 'old' });
  });
});
