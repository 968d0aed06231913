/**
 * Abuse limits high enough for tests that sign up, sign in and upload a lot from 127.0.0.1
 * (abuse-limits.test.ts sets real ones). Plain data, so other packages' tests load it by path.
 */
export const UNLIMITED: Record<string, string> = {
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  ...Object.fromEntries(
    [
      'REGISTRATION_PER_ADDRESS',
      'FORGOT_PASSWORD_PER_ACCOUNT',
      'FORGOT_PASSWORD_PER_ADDRESS',
      'VERIFICATION_MAIL_PER_ACCOUNT',
      'VERIFICATION_MAIL_PER_ADDRESS',
      'PLATFORM_SIGN_IN_PER_ADDRESS',
      'IMPORT_PER_ACCOUNT',
      'IMPORT_PER_ADDRESS',
      'UPLOAD_PER_ACCOUNT',
      'UPLOAD_PER_ADDRESS',
      'CAPTIONS_PER_ACCOUNT',
      'CAPTIONS_PER_ADDRESS',
      'PAYMENT_METHOD_PER_ACCOUNT',
      'PAYMENT_METHOD_PER_ADDRESS',
      'REVIEW_WRITES_PER_ADDRESS',
      'REVIEW_WRITES_PER_EMAIL',
    ].map((k) => [`RATE_LIMIT_${k}`, '100000/3600']),
  ),
};
