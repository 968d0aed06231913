import { authorizationUrl, CALLBACK_PATH, isCallbackMessage, newSocialRequest, PROVIDER_NAMES, type ProviderSettings, readCallback, type SocialProvider } from '@reelbase/ui';

const FEATURES = 'popup,width=520,height=680';

/**
 * Runs a provider's sign-in in a popup. The provider returns to our callback page, which posts its
 * address back here; only a message from that popup and this origin is read, and readCallback
 * refuses it unless it echoes this attempt's state. The app page stays put, so nothing typed on
 * it is lost and a cancelled sign-in needs no return trip.
 */
export function popupSignIn(provider: SocialProvider, settings: ProviderSettings, win: Window = window): Promise<{ token: string; nonce?: string }> {
  const name = PROVIDER_NAMES[provider];
  const req = newSocialRequest(provider, `${win.location.origin}${CALLBACK_PATH}`);
  const popup = win.open(authorizationUrl(settings, req), `reelbase-${provider}-sign-in`, FEATURES);
  if (!popup) return Promise.reject(new Error(`The browser blocked the ${name} sign-in window. Allow pop-ups for this site and try again.`));

  return new Promise((resolve, reject) => {
    const finish = () => {
      win.removeEventListener('message', onMessage);
      clearInterval(watch);
      popup.close();
    };
    function onMessage(e: MessageEvent) {
      if (e.origin !== win.location.origin || e.source !== popup || !isCallbackMessage(e.data)) return;
      finish();
      try {
        resolve({ token: readCallback(req, e.data), nonce: req.nonce });
      } catch (err) {
        reject(err);
      }
    }
    // Closing the window is the user's way to give up.
    const watch = setInterval(() => {
      if (!popup.closed) return;
      finish();
      reject(new Error(`${name} sign-in was cancelled.`));
    }, 400);
    win.addEventListener('message', onMessage);
  });
}
