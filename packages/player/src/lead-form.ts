import { EMAIL_PATTERN } from '@reelbase/api-client/lead-constants';
import { adoptStyle } from './chunk-style.ts';
import { type LeadFormHost, make } from './engage.ts';
import leadFormCss from './lead-form.css?inline';

export const LEAD_KEY_PREFIX = 'rb-lead:';

/**
 * Where "this viewer already gave their email" is kept: the embed runs on the API's origin in the
 * viewer's browser, so the key names that origin and the owner's team (`leadScope`); browsers that
 * partition third-party storage keep it per embedding site as well.
 */
export function leadKey(h: Pick<LeadFormHost, 'apiBase' | 'leadScope' | 'videoId'>, base: string): string {
  const origin = new URL(h.apiBase || '/', base).origin;
  return `${LEAD_KEY_PREFIX}${origin}:${h.leadScope ?? h.videoId ?? ''}`;
}

function storageOf(h: LeadFormHost): Pick<Storage, 'getItem' | 'setItem'> | null {
  if (h.storage !== undefined) return h.storage;
  try {
    return h.video.ownerDocument.defaultView?.localStorage ?? null;
  } catch {
    return null; // storage blocked (third-party cookies off): ask every time
  }
}

export interface LeadForm {
  readonly open: boolean;
  /** Asked before every play: true while the form is open or due before play (it shows itself then). */
  holds(): boolean;
  readonly element: HTMLFormElement;
  destroy(): void;
}

/**
 * The owner's email form over the player: before play (playing waits for it) or at a second
 * (the video pauses there). Required: no Skip; skippable: Skip or Escape plays on. An email given
 * once is remembered for the owner's team in this browser, and the form is not shown again.
 */
export function attachLeadForm(h: LeadFormHost): LeadForm {
  const { video, root, form: cfg, t } = h;
  const doc = root.ownerDocument;
  adoptStyle(doc, leadFormCss);
  const win = doc.defaultView ?? window;
  const store = storageOf(h);
  const key = leadKey(h, win.location.href);
  const abort = new AbortController();
  const on = (target: EventTarget, type: string, fn: (e: Event) => void) => target.addEventListener(type, fn, { signal: abort.signal });
  let pending = h.preview || !store?.getItem(key);
  let open = false;

  const form = make(doc, 'form', 'rb-lead');
  form.noValidate = true;
  form.setAttribute('role', 'dialog');
  form.setAttribute('aria-modal', 'true');
  const id = `rb-lead-${Math.random().toString(36).slice(2, 8)}`;
  const heading = make(doc, 'h2', 'rb-lead-heading', cfg.heading);
  heading.id = `${id}-h`;
  form.setAttribute('aria-labelledby', heading.id);
  const field = (label: string, type: string, name: string) => {
    const wrap = make(doc, 'label', 'rb-lead-field');
    const input = make(doc, 'input', 'rb-lead-input');
    input.type = type;
    input.name = name;
    input.autocomplete = name as AutoFill;
    wrap.append(make(doc, 'span', '', label), input);
    return { wrap, input };
  };
  const email = field(t('leadEmail'), 'email', 'email');
  email.input.required = true;
  const name = field(t('leadName'), 'text', 'name');
  const consent = make(doc, 'label', 'rb-lead-consent');
  const box = make(doc, 'input', '');
  box.type = 'checkbox';
  box.name = 'consent';
  consent.append(box, ` ${cfg.consentText ?? ''}`);
  const error = make(doc, 'p', 'rb-lead-error');
  error.id = `${id}-e`;
  error.setAttribute('role', 'alert');
  email.input.setAttribute('aria-describedby', error.id);
  const actions = make(doc, 'div', 'rb-lead-actions');
  const submit = make(doc, 'button', 'rb-lead-submit', cfg.buttonText);
  submit.type = 'submit';
  actions.append(submit);
  if (!cfg.required) {
    const skip = make(doc, 'button', 'rb-lead-skip', t('leadSkip'));
    skip.type = 'button';
    on(skip, 'click', () => close(false));
    actions.append(skip);
  }
  form.append(heading, email.wrap, ...(cfg.nameField ? [name.wrap] : []), ...(cfg.consentText ? [consent] : []), error, actions);
  form.hidden = true;
  root.append(form);

  function show(): void {
    if (open || !pending) return;
    open = true;
    video.pause();
    form.hidden = false;
    root.classList.add('rb-engaged');
    email.input.focus();
  }
  function close(given: boolean): void {
    open = false;
    pending = false;
    form.hidden = true;
    root.classList.remove('rb-engaged');
    if (given && !h.preview) store?.setItem(key, '1');
    root.focus();
    void h.play();
  }
  const fail = (text: string, focus: HTMLElement = email.input) => {
    error.textContent = text;
    email.input.setAttribute('aria-invalid', String(focus === email.input));
    focus.focus();
  };

  on(form, 'submit', async (e) => {
    e.preventDefault();
    const address = email.input.value.trim();
    if (address.length > 254 || !EMAIL_PATTERN.test(address)) return fail(t('leadInvalidEmail'));
    if (cfg.consentText && !box.checked) return fail(t('leadConsentNeeded'), box);
    if (h.preview || !h.videoId) return close(true);
    submit.disabled = true;
    error.textContent = '';
    try {
      // Issue 33: the lead names this viewer's session (opened now if no play came yet: a form before play).
      const sessionId = await import('./sessions.ts').then((m) => m.trackSession(h).id(), () => null);
      const token = h.token();
      const url = `${h.apiBase.replace(/\/+$/, '')}/api/videos/${encodeURIComponent(h.videoId)}/leads${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      const body = { email: address, ...(cfg.nameField && name.input.value.trim() && { name: name.input.value.trim() }), ...(cfg.consentText && { consent: true }), ...(doc.referrer && { page: doc.referrer }), ...(sessionId && { sessionId }) };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
      if (res.ok) return close(true);
      const answer = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
      // The API's other answers (a form turned off meanwhile, too many tries) are its English text.
      fail(answer.errors?.email ? t('leadInvalidEmail') : (Object.values(answer.errors ?? {})[0] ?? answer.message ?? t('leadSendFailed')));
    } catch {
      fail(t('leadSendFailed'));
    } finally {
      submit.disabled = false;
    }
  });
  on(form, 'keydown', (e) => {
    const k = e as KeyboardEvent;
    if (k.key === 'Escape' && !cfg.required) {
      k.stopPropagation();
      close(false);
    }
    // The player's own keys (space, k, m, f, arrows) stay in the form's fields.
    k.stopPropagation();
  });
  // The form holds playback: a play from anywhere (button, keyboard, autoplay) while it is due or open.
  const due = () => pending && (cfg.when === 'beforePlay' || video.currentTime >= cfg.atSec);
  on(video, 'play', () => {
    if (open) video.pause();
    else if (due()) show();
  });
  on(video, 'timeupdate', () => {
    if (!open && cfg.when === 'atSecond' && due() && !video.paused) show();
  });
  if (h.heldPlay) {
    if (due()) show();
    else void h.play();
  } else if (!video.paused && due()) show();

  return {
    get open() {
      return open;
    },
    holds() {
      if (open) return true;
      if (!pending || cfg.when !== 'beforePlay') return false;
      show();
      return true;
    },
    element: form,
    destroy() {
      abort.abort();
      form.remove();
    },
  };
}
