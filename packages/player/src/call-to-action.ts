import callToActionCss from './call-to-action.css?inline';
import { adoptStyle } from './chunk-style.ts';
import { type CallToActionHost, make, videoApiWithToken } from './engage.ts';

export interface CallToAction {
  readonly open: boolean;
  readonly element: HTMLElement;
  destroy(): void;
}

/** Counts a click (sendBeacon survives the page going away; fetch keepalive where it is missing). */
function countClick(url: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  } catch {
    // fall through to fetch
  }
  if (typeof fetch === 'function') fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
}

/**
 * The owner's call to action: an overlay with their text and a link button, at the end of the
 * video or from a chosen second on (the video plays on beneath it). The link opens in a new window
 * or takes the viewer's whole page there (the top window, like the embed code's redirect); each
 * click is counted in the video's statistics.
 */
export function attachCallToAction(h: CallToActionHost): CallToAction {
  const { video, root, cta } = h;
  const doc = root.ownerDocument;
  adoptStyle(doc, callToActionCss);
  // resolveConfig passes only an absolute http(s) link.
  const url = cta.url;
  const abort = new AbortController();
  const on = (target: EventTarget, type: string, fn: (e: Event) => void) => target.addEventListener(type, fn, { signal: abort.signal });
  let open = false;
  let closed = false;

  const box = make(doc, 'div', 'rb-cta');
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', cta.text);
  const text = make(doc, 'p', 'rb-cta-text', cta.text);
  const link = make(doc, 'a', 'rb-cta-button', cta.buttonText);
  if (url) link.href = url;
  link.target = cta.newWindow ? '_blank' : '_top';
  link.rel = 'noopener noreferrer';
  const dismiss = make(doc, 'button', 'rb-cta-close', '×');
  dismiss.type = 'button';
  dismiss.setAttribute('aria-label', h.t('close'));
  box.append(text, link, dismiss);
  box.hidden = true;
  root.append(box);

  function show(): void {
    if (open || closed || !url) return;
    open = true;
    box.hidden = false;
  }
  function hide(): void {
    open = false;
    box.hidden = true;
  }

  on(link, 'click', (e) => {
    if (h.preview || !url) {
      e.preventDefault();
      return;
    }
    if (h.videoId) countClick(videoApiWithToken(h, 'statistics/cta-click'));
    // Same window: the viewer's page (the top window where the frame may navigate it), else this frame.
    if (!cta.newWindow) {
      e.preventDefault();
      h.navigate.redirect(url);
    }
  });
  on(dismiss, 'click', () => {
    closed = true;
    hide();
  });
  if (cta.when === 'end') {
    on(video, 'ended', show);
    on(video, 'play', hide);
  } else {
    on(video, 'timeupdate', () => {
      if (video.currentTime >= cta.atSec) show();
      else if (open) hide();
    });
  }

  return {
    get open() {
      return open;
    },
    element: box,
    destroy() {
      abort.abort();
      box.remove();
    },
  };
}
