/** The sitemaps protocol's XML (with Google's video extension), from rows the share service chose. */

export interface SitemapVideo {
  pageUrl: string;
  embedUrl: string;
  contentUrl: string | null;
  name: string;
  thumbnailUrl: string | null;
  durationSec: number | null;
  createdAt: Date;
}

const xml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
// Characters XML 1.0 cannot carry at all (a name may hold them): dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones removed
const text = (s: string) => xml(s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

/** Video sitemaps cap a title at 100 characters and a duration at 8 hours. */
const TITLE_MAX = 100;
const DURATION_MAX_SECONDS = 28_800;

function videoEntry(v: SitemapVideo): string {
  // A video entry needs its thumbnail; without one (not made yet) the page is listed alone.
  const video = v.thumbnailUrl
    ? [
        '<video:video>',
        `<video:thumbnail_loc>${xml(v.thumbnailUrl)}</video:thumbnail_loc>`,
        `<video:title>${text(v.name.slice(0, TITLE_MAX))}</video:title>`,
        `<video:description>${text(v.name)}</video:description>`,
        v.contentUrl ? `<video:content_loc>${xml(v.contentUrl)}</video:content_loc>` : '',
        `<video:player_loc>${xml(v.embedUrl)}</video:player_loc>`,
        v.durationSec !== null && v.durationSec >= 1 ? `<video:duration>${Math.min(DURATION_MAX_SECONDS, Math.round(v.durationSec))}</video:duration>` : '',
        `<video:publication_date>${v.createdAt.toISOString()}</video:publication_date>`,
        '</video:video>',
      ].join('')
    : '';
  return `<url><loc>${xml(v.pageUrl)}</loc>${video}</url>`;
}

/** Pages that are not one video's (public showcases): their address and when they last changed. */
export interface SitemapPage {
  url: string;
  updatedAt: Date;
}

export function renderUrlSet(videos: SitemapVideo[], pages: SitemapPage[] = []): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
${[...videos.map(videoEntry), ...pages.map((p) => `<url><loc>${xml(p.url)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`)].join('\n')}
</urlset>
`;
}

export function renderSitemapIndex(pageUrls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${pageUrls.map((u) => `<sitemap><loc>${xml(u)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
}

export function renderRobots(sitemapUrl: string): string {
  return `User-agent: *
Disallow: /api/
Allow: /

Sitemap: ${sitemapUrl}
`;
}
