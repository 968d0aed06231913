import type { EmbedType, PlaybackInfo } from '@reelbase/api-client';

const html = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A message in the player's place, for a page that does not play: the player's stylesheet sizes
 * the `data-reelbase-player` box (the whole frame on the embed page) and styles the message.
 */
export const playerMessageHtml = (text: string) => `<div data-reelbase-player><div class="rb-player"><div class="rb-message" role="alert">${html(text)}</div></div></div>`;

/**
 * The embed page: the player's stylesheet and module and the playback answer inline (no extra
 * request before the first frame), and the verified redirect as `data-redirect` (the player takes
 * no other). `<` is escaped in the JSON so no text can close the script.
 */
export function renderEmbedPage(o: {
  type: EmbedType;
  videoId: string;
  playback: PlaybackInfo | null;
  /** No player until the password is typed ('password'), or none at all ('private'). */
  locked?: 'private' | 'password' | null;
  redirect?: string | null;
  script: string;
  stylesheet: string;
  /** Shown in the player's place, without the player (a page that may not play here). */
  message?: string | null;
}): string {
  const inline = o.playback ? `\n<script type="application/json" id="reelbase-playback">${JSON.stringify(o.playback).replaceAll('<', '\\u003c')}</script>` : '';
  const body = o.message
    ? playerMessageHtml(o.message)
    : `<div data-reelbase-player data-video-id="${html(o.videoId)}" data-embed-type="${o.type}"${o.locked ? ` data-locked="${o.locked}"` : ''}${o.redirect ? ` data-redirect="${html(o.redirect)}"` : ''}></div>${inline}`;
  const title = o.message ? 'Video not available' : (o.playback?.name ?? (o.locked === 'private' ? 'Private video' : o.locked === 'password' ? 'Protected video' : 'Video not available'));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${html(title)}</title>
<link rel="stylesheet" href="${html(o.stylesheet)}">${o.message ? '' : `\n<script type="module" src="${html(o.script)}"></script>`}
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * Framing by any site (or, for a video with an embed allowlist, by the sources `frameAncestors`
 * names; the share page: by none, plus its inline style by hash), and nothing else: scripts and styles from this server only, media and images also from
 * the storage origin (and blob: for hls.js's MediaSource). No worker source: the ES module build
 * of hls.js transmuxes on the page (checked in a real browser: no violation).
 */
export function embedContentSecurityPolicy(mediaOrigins: string[], frameAncestors = '*', styleSources: string[] = []): string {
  const media = ["'self'", ...new Set(mediaOrigins)].join(' ');
  return [
    `frame-ancestors ${frameAncestors}`,
    "default-src 'self'",
    `media-src ${media} blob:`,
    `img-src ${media} data: blob:`,
    ["style-src 'self'", ...styleSources].join(' '),
    "script-src 'self'",
    `connect-src ${media}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
