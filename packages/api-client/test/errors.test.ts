import { describe, expect, it } from 'vitest';
import { errorFromBody, formatFieldErrors } from '../src/client/errors.ts';

describe('error texts', () => {
  it('turns a 422 errors map into one text of field: message pairs', () => {
    const e = errorFromBody(422, { message: 'Validation failed', errors: { email: 'Must match format "email".', password: 'Must NOT have fewer than 6 characters.' } });
    expect(e.message).toBe('email: Must match format "email".; password: Must NOT have fewer than 6 characters.');
    expect(e.errors?.email).toBe('Must match format "email".');
    expect(formatFieldErrors({ name: 'Too long' })).toBe('name: Too long');
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
