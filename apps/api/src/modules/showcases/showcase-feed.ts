/** RSS 2.0 with Apple's podcast tags (the itunes namespace), from what the showcase service chose. */

export interface FeedModel {
  title: string;
  link: string;
  feedUrl: string;
  description: string;
  author: string;
  imageUrl: string | null;
  category: string;
  items: {
    guid: string;
    title: string;
    link: string;
    description: string;
    pubDate: Date;
    durationSec: number | null;
    imageUrl: string | null;
    enclosure: { url: string; bytes: number; type: string } | null;
  }[];
}

// Characters XML 1.0 cannot carry at all are dropped; the rest escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones removed
const clean = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
const xml = (s: string) => clean(s).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

/** itunes:duration as HH:MM:SS. */
export function feedDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function renderFeed(f: FeedModel): string {
  const summary = f.description || f.title;
  const items = f.items.map((i) =>
    [
      '<item>',
      `<title>${xml(i.title)}</title>`,
      `<link>${xml(i.link)}</link>`,
      `<guid isPermaLink="false">${xml(i.guid)}</guid>`,
      `<pubDate>${i.pubDate.toUTCString()}</pubDate>`,
      `<description>${xml(i.description || i.title)}</description>`,
      `<itunes:summary>${xml(i.description || i.title)}</itunes:summary>`,
      `<itunes:author>${xml(f.author)}</itunes:author>`,
      `<itunes:explicit>false</itunes:explicit>`,
      i.durationSec !== null ? `<itunes:duration>${feedDuration(i.durationSec)}</itunes:duration>` : '',
      i.imageUrl ? `<itunes:image href="${xml(i.imageUrl)}"/>` : '',
      i.enclosure ? `<enclosure url="${xml(i.enclosure.url)}" length="${i.enclosure.bytes}" type="${xml(i.enclosure.type)}"/>` : '',
      '</item>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xml(f.title)}</title>
<link>${xml(f.link)}</link>
<atom:link href="${xml(f.feedUrl)}" rel="self" type="application/rss+xml"/>
<description>${xml(summary)}</description>
<language>en</language>
<itunes:author>${xml(f.author)}</itunes:author>
<itunes:summary>${xml(summary)}</itunes:summary>
<itunes:explicit>false</itunes:explicit>
<itunes:category text="${xml(f.category)}"/>
${f.imageUrl ? `<itunes:image href="${xml(f.imageUrl)}"/>\n<image><url>${xml(f.imageUrl)}</url><title>${xml(f.title)}</title><link>${xml(f.link)}</link></image>` : ''}
${items.join('\n')}
</channel>
</rss>
`;
}
