import type { CallbackMessage } from '@reelbase/ui';

/**
 * The page a Google or Facebook sign-in window returns to, with the provider's answer in its
 * address: hands that to the Reelbase window that started the sign-in (this origin only), which
 * checks the state and closes this one. The token then leaves the address bar and history.
 */
export function relaySignInAnswer(win: Window = window) {
  const message: CallbackMessage = { type: 'reelbase:sign-in-callback', search: win.location.search, hash: win.location.hash };
  const opener = win.opener as Window | null;
  if (opener) opener.postMessage(message, win.location.origin);
  else win.document.body.textContent = 'This window lost the Reelbase page that opened it. Close it and try signing in again.';
  win.history.replaceState(null, '', win.location.pathname);
}
