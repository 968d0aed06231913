// The password form (a chunk of its own: only a password video's page fetches it, before its player).
// Like every chunk it takes the main file's functions (t, the playback fetch) from its host.
import { adoptStyle } from './chunk-style.ts';
import type { t as translate } from './strings.ts';
import unlockCss from './unlock.css?inline';

export interface UnlockHost {
  element: HTMLElement;
  apiBase: string;
  videoId: string;
  fetch: typeof fetch;
  t: typeof translate;
}

/**
 * Shows the form in the player area. Resolves with the unlock's token once a password is right; a
 * wrong one says "Wrong password" (or the API's 429 message) and the form stays.
 */
export function askPassword({ element, apiBase, videoId, fetch: fetchImpl, t }: UnlockHost): Promise<string> {
  const doc = element.ownerDocument;
  adoptStyle(doc, unlockCss);
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
    const node = doc.createElement(tag);
    node.className = className;
    node.textContent = text;
    return node;
  };
  const root = make('div', 'rb-player');
  const form = make('form', 'rb-message rb-unlock');
  const prompt = make('p', 'rb-unlock-prompt', t('passwordPrompt'));
  const input = make('input', 'rb-unlock-input');
  input.type = 'password';
  input.required = true;
  input.autocomplete = 'off';
  input.setAttribute('aria-label', t('password'));
  input.placeholder = t('password');
  const submit = make('button', 'rb-unlock-button', t('unlock'));
  submit.type = 'submit';
  const error = make('p', 'rb-unlock-error');
  error.setAttribute('role', 'alert');
  form.append(prompt, input, submit, error);
  root.append(form);
  element.replaceChildren(root);
  input.focus();
  return new Promise((resolve) => {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      submit.disabled = true;
      error.textContent = '';
      try {
        const res = await fetchImpl(`${apiBase}/api/videos/${encodeURIComponent(videoId)}/unlock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ password: input.value }),
        });
        const answer = (await res.json().catch(() => ({}))) as { token?: string; message?: string };
        if (res.ok && answer.token) return resolve(answer.token);
        // 403 "Wrong password"; 429 says when to try again.
        error.textContent = answer.message || t('wrongPassword');
      } catch {
        error.textContent = t('loadFailed');
      }
      submit.disabled = false;
      input.select();
    });
  });
}
