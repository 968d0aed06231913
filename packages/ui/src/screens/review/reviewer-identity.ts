/** The reviewer's name and email, remembered on this browser so the next comment or review is quicker. */
const KEY = 'reelbase.reviewer';

export interface ReviewerIdentity {
  name: string;
  email: string;
}

export function rememberedReviewer(): ReviewerIdentity {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return { name: typeof v.name === 'string' ? v.name : '', email: typeof v.email === 'string' ? v.email : '' };
  } catch {
    return { name: '', email: '' };
  }
}

export function rememberReviewer(who: ReviewerIdentity) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ name: who.name, email: who.email }));
  } catch {
    // Storage refused (private mode): the fields are simply empty next time.
  }
}
