import { createHash } from 'node:crypto';
import { attr, cssAspectRatio } from '../embed/embed.service.ts';

export interface ShowcasePageModel {
  name: string;
  slug: string;
  description: string;
  canonicalUrl: string;
  feedUrl: string | null;
  logoUrl: string | null;
  colours: { background: string; text: string; accent: string };
  /** Public showcases only are listed by search engines. */
  indexable: boolean;
  /** The gallery alone (?embed=1): no header links, framable by any site. */
  gallery: boolean;
  /** A password showcase not unlocked yet: the form, nothing else (not even the videos' count). */
  locked: boolean;
  wrongPassword: string | null;
  videos: { id: string; name: string; width: number | null; height: number | null }[];
}

/** Hex colours only reach the style (the schema checked them); anything else falls back. */
const colour = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback);

/** The page's style: its layout and the team's colours; allowed by its own hash in the page's policy. */
export function showcaseStyle(m: ShowcasePageModel): string {
  const bg = colour(m.colours.background, '#0f1115');
  const fg = colour(m.colours.text, '#f2f4f8');
  const accent = colour(m.colours.accent, '#1974bb');
  return [
    `html{background:${bg};color:${fg};font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}`,
    'body{margin:0}',
    '.rb-sc{width:min(100%,1100px);margin:0 auto;padding:16px;box-sizing:border-box}',
    '.rb-sc-head{display:flex;align-items:center;gap:12px;margin:0 0 8px}',
    '.rb-sc-logo{max-height:48px;max-width:180px;object-fit:contain}',
    '.rb-sc h1{font-size:24px;font-weight:650;margin:0;overflow-wrap:anywhere}',
    '.rb-sc-desc{margin:0 0 20px;max-width:75ch;white-space:pre-line;opacity:.9}',
    `.rb-sc a{color:${accent}}`,
    '.rb-sc-list{list-style:none;margin:0;padding:0;display:grid;gap:28px 20px;grid-template-columns:repeat(auto-fill,minmax(min(100%,460px),1fr))}',
    '.rb-sc-item h2{font-size:17px;font-weight:600;margin:0 0 8px}',
    '.rb-sc-frame{display:block;width:100%;border:0;border-radius:6px;background:#000}',
    ...m.videos.map((v, i) => `.rb-sc-f${i}{aspect-ratio:${cssAspectRatio(v.width, v.height)}}`),
    '.rb-sc-lock{max-width:360px;margin:12vh auto 0;display:flex;flex-direction:column;gap:10px;align-items:center;text-align:center}',
    '.rb-sc-lock input{width:min(260px,80%);padding:8px 10px;border:0;border-radius:4px;font:inherit}',
    `.rb-sc-lock button{padding:8px 22px;border:0;border-radius:4px;font:inherit;color:#fff;background:${accent};cursor:pointer}`,
    '.rb-sc-lock p{margin:0}',
    '.rb-sc-error{min-height:1.2em;color:#ffb4a8}',
    '.rb-sc-feed{font-size:14px;margin:24px 0 0}',
  ].join('');
}

export const styleHash = (style: string) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/**
 * A showcase page: no app bundle and no script of its own; each video plays in place in the embed
 * player's frame (`/embed/hls/{id}`, same host), so privacy, tokens, sessions and statistics are
 * the embed's. A locked password showcase shows only its name and the form.
 */
export function renderShowcasePage(m: ShowcasePageModel, style: string): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="strict-origin-when-cross-origin">',
    `<title>${attr(m.name)}</title>`,
    m.indexable ? '' : '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${attr(m.canonicalUrl)}">`,
    m.feedUrl && !m.locked ? `<link rel="alternate" type="application/rss+xml" title="${attr(m.name)}" href="${attr(m.feedUrl)}">` : '',
    m.indexable ? `<meta property="og:title" content="${attr(m.name)}"><meta property="og:url" content="${attr(m.canonicalUrl)}"><meta property="og:type" content="website">` : '',
    m.indexable && m.description ? `<meta name="description" content="${attr(m.description.slice(0, 300))}">` : '',
    `<style>${style}</style>`,
  ].filter(Boolean);
  const logo = m.logoUrl ? `<img class="rb-sc-logo" src="${attr(m.logoUrl)}" alt="">` : '';
  const header = `<header class="rb-sc-head">${logo}<h1>${attr(m.name)}</h1></header>`;
  const body = m.locked
    ? `<form class="rb-sc-lock" method="post" action="${attr(`/s/${m.slug}/unlock${m.gallery ? '?embed=1' : ''}`)}">
<p>This showcase is protected. Enter the password to watch.</p>
<input type="password" name="password" required autocomplete="off" aria-label="Password" placeholder="Password" autofocus>
<button type="submit">Unlock</button>
<p class="rb-sc-error" role="alert">${attr(m.wrongPassword ?? '')}</p>
</form>`
    : `${m.description ? `<p class="rb-sc-desc">${attr(m.description)}</p>` : ''}
<ol class="rb-sc-list">
${m.videos
  .map(
    (v, i) =>
      `<li class="rb-sc-item"><h2>${attr(v.name)}</h2><iframe class="rb-sc-frame rb-sc-f${i}" src="/embed/hls/${attr(v.id)}" title="${attr(v.name)}" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen${i > 1 ? ' loading="lazy"' : ''}></iframe></li>`,
  )
  .join('\n')}
</ol>
${m.feedUrl && !m.gallery ? `<p class="rb-sc-feed"><a href="${attr(m.feedUrl)}">Podcast feed</a></p>` : ''}`;
  return `<!doctype html>
<html lang="en">
<head>
${head.join('\n')}
</head>
<body>
<main class="rb-sc${m.gallery ? ' rb-sc-gallery' : ''}">
${header}
${body}
</main>
</body>
</html>
`;
}

/** The page's policy: its own style by hash, images from the media origins, frames of this host only. */
export function showcasePolicy(style: string, mediaOrigins: string[], framable: boolean): string {
  const media = ["'self'", ...new Set(mediaOrigins)].join(' ');
  return [
    `frame-ancestors ${framable ? '*' : "'none'"}`,
    "default-src 'none'",
    `style-src ${styleHash(style)}`,
    `img-src ${media} data:`,
    "frame-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
  ].join('; ');
}
