// Issue 27's constants (lead capture, call to action), zod-free and apart from constants.ts: the
// player's lead-form chunk imports this module alone, so the embed's main script never carries it.

/** A pragmatic standard email pattern: one @, no spaces, a dot in the domain (the API and the player's lead form). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Length caps of the owner's lead form and call-to-action texts, and of a lead's name. */
export const LEAD_TEXT_MAX = { heading: 120, buttonText: 40, consentText: 500, ctaText: 200, leadName: 120 } as const;
export const LEAD_FORM_WHEN = ['beforePlay', 'atSecond'] as const;
export const CALL_TO_ACTION_WHEN = ['end', 'atSecond'] as const;
/** A new video's lead form: off; when turned on, shown before play and skippable. */
export const LEAD_FORM_DEFAULT = {
  enabled: false,
  when: 'beforePlay' as (typeof LEAD_FORM_WHEN)[number],
  atSec: 0,
  required: false,
  heading: 'Enter your email to watch',
  buttonText: 'Watch',
  nameField: false,
  consentText: null as string | null,
};
/** A new video's call to action: off; when turned on, shown at the end, opening a new window. */
export const CALL_TO_ACTION_DEFAULT = {
  enabled: false,
  when: 'end' as (typeof CALL_TO_ACTION_WHEN)[number],
  atSec: 0,
  text: 'Want to know more?',
  buttonText: 'Learn more',
  url: '',
  newWindow: true,
};
/** The player's lead form and call-to-action texts that are not the owner's. */
export const LEAD_MESSAGES = {
  email: 'Email',
  name: 'Name',
  skip: 'Skip',
  invalidEmail: 'Enter a valid email address.',
  consentNeeded: 'Please tick the box to continue.',
  sendFailed: 'That did not work. Try again.',
  close: 'Close',
  formDisabled: 'This video does not collect emails.',
  notFound: 'Lead not found',
  deleted: 'Lead deleted.',
} as const;
