import { createHash } from 'node:crypto';
import { clockTime, type PlaybackInfo } from '@reelbase/api-client';
import { playerMessageHtml } from '../embed/embed-page.ts';
import { attr } from '../embed/embed.service.ts';
import { descriptionHtml, summary } from './share-description.ts';

/** What the share page shows: the player (with link previews and structured data), or a message instead. */
export interface SharePageModel {
  videoId: string;
  canonicalUrl: string;
  /** Title, previews and structured data: only for a video a stranger may know of (public or unlisted). */
  meta: {
    name: string;
    embedUrl: string;
    oembedUrl: string;
    thumbnailUrl: string | null;
    width: number | null;
    height: number | null;
    durationSec: number | null;
    uploadDate: string;
    contentUrl: string | null;
    /** Previews offer the player (og:video, the Twitter player card) only where it plays. */
    playable: boolean;
    /** Issue 34: the owner's description (plain text with links; '' when none) and tags. */
    description: string;
    tags: string[];
  } | null;
  /** Listed by search engines: public videos only. */
  indexable: boolean;
  logoUrl: string | null;
  /** The inline playback answer (the player starts from it), or the message shown in its place. */
  playback: PlaybackInfo | null;
  /** The embed's screens without an answer: 'private' (its notice) or 'password' (its form). */
  locked: 'private' | 'password' | null;
  message: string | null;
  siteName: string;
  /**
   * What is said in the video, one transcript per ready caption track (issue 37: translations
   * too), the default first (else the oldest): under the player and in the structured data, each
   * with its language; empty without captions.
   */
  transcripts: Transcript[];
}

export interface Transcript {
  label: string;
  language: string;
  lines: { startSec: number; text: string }[];
}

/** The page's own layout; inline, and allowed by its hash in the page's policy (no extra request before the first frame). */
export const SHARE_PAGE_STYLE = [
  'html{background:#0f1115;color:#f2f4f8;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center}',
  '.rb-share{width:min(100%,1100px);padding:16px;box-sizing:border-box}',
  '.rb-share-head{display:flex;align-items:center;gap:12px;margin:0 0 12px}',
  '.rb-share-logo{max-height:40px;max-width:160px;object-fit:contain}',
  '.rb-share h1{font-size:20px;font-weight:600;margin:0;overflow-wrap:anywhere}',
  '.rb-share-player{width:100%;border-radius:6px;overflow:hidden}',
  // The embed page's player fills the window; here it sits in the page.
  '.rb-share-player [data-reelbase-player]{position:relative;inset:auto;background:none}',
  '.rb-share-description{margin:16px 0 0;max-width:70ch;overflow-wrap:anywhere}',
  '.rb-share-description p{margin:0 0 10px}',
  '.rb-share a{color:#8ab4ff}',
  '.rb-share-transcript{margin:20px 0 0;max-width:70ch}',
  '.rb-share-transcript h2{font-size:16px;font-weight:600;margin:0 0 8px}',
  '.rb-share-transcript p{margin:0 0 6px;display:flex;gap:12px}',
  '.rb-share-transcript time{flex:none;color:#9aa3b2;font-variant-numeric:tabular-nums;min-width:4.5ch}',
  '.rb-share-transcript summary{cursor:pointer;font-weight:600;margin:0 0 8px}',
].join('');
export const SHARE_PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(SHARE_PAGE_STYLE).digest('base64')}'`;

/** ISO 8601 duration (PT1M33S) of a number of seconds, as schema.org wants it. */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s % 60 || (!h && !m) ? `${s % 60}S` : ''}`;
}

/** JSON inside a <script> element: `<` escaped, so no text can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

function metaTags(m: NonNullable<SharePageModel['meta']>, canonicalUrl: string, siteName: string): string {
  const tags: [string, string, string | number | null][] = [
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', 'video.other'],
    ['property', 'og:title', m.name],
    ['name', 'description', summary(m.description)],
    ['property', 'og:description', summary(m.description)],
    ['name', 'twitter:description', summary(m.description)],
    ['property', 'og:url', canonicalUrl],
    ['property', 'og:image', m.thumbnailUrl],
    ['name', 'twitter:card', m.playable ? 'player' : 'summary_large_image'],
    ['name', 'twitter:title', m.name],
    ['name', 'twitter:image', m.thumbnailUrl],
  ];
  if (m.playable) {
    const width = m.width ?? 1280;
    const height = m.height ?? 720;
    tags.push(
      ['property', 'og:video', m.embedUrl],
      ['property', 'og:video:secure_url', m.embedUrl.startsWith('https:') ? m.embedUrl : null],
      ['property', 'og:video:type', 'text/html'],
      ['property', 'og:video:width', width],
      ['property', 'og:video:height', height],
      ['name', 'twitter:player', m.embedUrl],
      ['name', 'twitter:player:width', width],
      ['name', 'twitter:player:height', height],
    );
  }
  return tags
    .filter(([, , content]) => content !== null && content !== '')
    .map(([kind, key, content]) => `<meta ${kind}="${key}" content="${attr(String(content))}">`)
    .join('\n');
}

/** The transcripts under the player, each line with the time it is said: the first open, the other languages folded under it, each marked with its language. */
function transcriptHtml(all: readonly Transcript[]): string {
  const linesOf = (t: Transcript) => t.lines.map((l) => `<p><time datetime="${isoDuration(l.startSec)}">${clockTime(l.startSec)}</time><span>${attr(l.text)}</span></p>`).join('\n');
  const [first, ...others] = all;
  if (!first) return '';
  const more = others.map((t) => `<details class="rb-share-transcript" lang="${attr(t.language)}"><summary>${attr(t.label)}</summary>\n${linesOf(t)}\n</details>`);
  return [`<section class="rb-share-transcript" lang="${attr(first.language)}" aria-labelledby="rb-transcript-title"><h2 id="rb-transcript-title">Transcript</h2>\n${linesOf(first)}\n</section>`, ...more].join('\n');
}

function jsonLd(m: NonNullable<SharePageModel['meta']>, transcripts: readonly Transcript[]): string {
  const [transcript] = transcripts;
  const video = {
    '@context': 'https://schema.org',
    '@type': 'VideoObject',
    name: m.name,
    description: m.description || m.name,
    ...(m.tags.length && { keywords: m.tags.join(', ') }),
    ...(m.thumbnailUrl && { thumbnailUrl: m.thumbnailUrl }),
    uploadDate: m.uploadDate,
    ...(m.durationSec !== null && { duration: isoDuration(m.durationSec) }),
    ...(m.contentUrl && { contentUrl: m.contentUrl }),
    embedUrl: m.embedUrl,
    ...(m.width && m.height && { width: m.width, height: m.height }),
    ...(transcript && { transcript: transcript.lines.map((l) => l.text).join(' ') }),
    // Every track's language (issue 37): the captions as schema.org media objects.
    ...(transcripts.length && { caption: transcripts.map((t) => ({ '@type': 'MediaObject', name: t.label, inLanguage: t.language, encodingFormat: 'text/vtt' })) }),
  };
  return `<script type="application/ld+json">${scriptJson(video)}</script>`;
}

/**
 * The share page `/watch/{id}`: no app bundle, only the embed player (its stylesheet and module)
 * with the playback answer inline, the owner's logo and the title; Open Graph and Twitter card
 * tags, JSON-LD VideoObject, the canonical link and the oEmbed discovery link for link previews;
 * `noindex` unless the video is public. A video that may not play here gets the message in the
 * player's place and no player script.
 */
export function renderSharePage(o: SharePageModel & { script: string; stylesheet: string }): string {
  const m = o.meta;
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="strict-origin-when-cross-origin">',
    `<title>${attr(m?.name ?? o.siteName)}</title>`,
    o.indexable ? '' : '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${attr(o.canonicalUrl)}">`,
    m ? `<link rel="alternate" type="application/json+oembed" href="${attr(m.oembedUrl)}" title="${attr(m.name)}">` : '',
    m ? metaTags(m, o.canonicalUrl, o.siteName) : '',
    m ? jsonLd(m, o.playback ? o.transcripts : []) : '',
    `<link rel="stylesheet" href="${attr(o.stylesheet)}">`,
    `<style>${SHARE_PAGE_STYLE}</style>`,
    o.playback || o.locked ? `<script type="module" src="${attr(o.script)}"></script>` : '',
  ].filter(Boolean);
  const player = o.playback
    ? `<div data-reelbase-player data-video-id="${attr(o.videoId)}" data-embed-type="hls"></div>\n<script type="application/json" id="reelbase-playback">${scriptJson(o.playback)}</script>`
    : o.locked
      ? `<div data-reelbase-player data-video-id="${attr(o.videoId)}" data-embed-type="hls" data-locked="${o.locked}"></div>`
      : playerMessageHtml(o.message ?? '');
  return `<!doctype html>
<html lang="en">
<head>
${head.join('\n')}
</head>
<body>
<main class="rb-share">
<header class="rb-share-head">${o.logoUrl ? `<img class="rb-share-logo" src="${attr(o.logoUrl)}" alt="">` : ''}${m ? `<h1>${attr(m.name)}</h1>` : ''}</header>
<div class="rb-share-player">${player}</div>
${m ? descriptionHtml(m.description) : ''}
${o.playback ? transcriptHtml(o.transcripts) : ''}
</main>
</body>
</html>
`;
}
