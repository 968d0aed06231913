import { attr } from '../embed/embed.service.ts';

// Issue 34: the description under the share page's title. It is plain text: everything is escaped,
// and only http(s) links become anchors, marked as the uploader's (rel nofollow ugc) and opened
// without handing them this page (noopener).

/** A link in the text; trailing punctuation (a sentence's full stop, a closing bracket) is not part of it. */
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}'"»]+$/;

/** One line of text, escaped, with its http(s) links as anchors. */
export function linkifyLine(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(LINK)) {
    const url = m[0].replace(TRAILING, '');
    const start = m.index ?? 0;
    let href: string | null = null;
    try {
      const u = new URL(url);
      if (u.protocol === 'http:' || u.protocol === 'https:') href = u.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    out += attr(line.slice(last, start));
    out += `<a href="${attr(href)}" rel="nofollow ugc noopener" target="_blank">${attr(url)}</a>`;
    last = start + url.length;
  }
  return out + attr(line.slice(last));
}

/** The description as paragraphs (a blank line apart), line breaks kept, links clickable. */
export function descriptionHtml(description: string): string {
  const paragraphs = description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(linkifyLine).join('<br>')}</p>`);
  return paragraphs.length ? `<section class="rb-share-description">${paragraphs.join('\n')}</section>` : '';
}

/** The description as meta tags carry it: one line, at most `max` characters (cut at a word). */
export function summary(description: string, max = 300): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
