import type { PlayerNavigation } from './types.ts';

/** The embed code's redirect, accepted only as an absolute http(s) URL. */
export function safeRedirectUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The playNext target: `/embed/{embedType}/{nextVideo}`, keeping the engine flag if present. */
export function nextVideoPath(embedType: string, nextVideo: string, search = ''): string {
  const engine = new URLSearchParams(search).get('engine');
  const query = engine ? `?engine=${encodeURIComponent(engine)}` : '';
  return `/embed/${encodeURIComponent(embedType)}/${encodeURIComponent(nextVideo)}${query}`;
}

export const browserNavigation: PlayerNavigation = {
  assign(url) {
    location.assign(url);
  },
  redirect(url) {
    navigateTop(url);
  },
  open(url) {
    const win = window.open(url, '_blank');
    if (!win) return false;
    win.opener = null;
    return true;
  },
};

/**
 * A redirect inside an embed iframe should take the viewer's whole page there; browsers allow a
 * cross-origin frame to navigate the top window only after the viewer interacted with it, so
 * without that (or when sandboxed) we navigate the frame itself.
 */
export function navigateTop(url: string): void {
  const framed = window.top !== window.self;
  if (framed && navigator.userActivation?.hasBeenActive !== false) {
    try {
      window.top!.location.href = url;
      return;
    } catch {
      // Sandboxed or otherwise refused: fall through to the frame itself.
    }
  }
  location.assign(url);
}
