export interface EmbedOptions {
  width: number;
  height: number;
  /** Where the viewer goes when the video ends; blank means nowhere. */
  redirect?: string;
  /** Open the redirect in a new window. */
  newWindow?: boolean;
}

const attr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The public player page of a video with the embed options as query parameters. */
export function embedUrl(origin: string, videoId: string, o: Pick<EmbedOptions, 'redirect' | 'newWindow'> = {}): string {
  const q = new URLSearchParams();
  const redirect = o.redirect?.trim();
  if (redirect) q.set('redirect', redirect);
  if (o.newWindow) q.set('new-window', '1');
  const qs = q.toString();
  return `${origin.replace(/\/$/, '')}/embed/mp4/${encodeURIComponent(videoId)}${qs ? `?${qs}` : ''}`;
}

/** The iframe snippet a subscriber pastes into a site (built here while the API has no embed call). */
export function buildEmbedCode(origin: string, videoId: string, o: EmbedOptions): string {
  const w = Math.max(1, Math.round(o.width));
  const h = Math.max(1, Math.round(o.height));
  return `<iframe src="${attr(embedUrl(origin, videoId, o))}" width="${w}" height="${h}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}
