import { pickLanguage, setLanguage, t } from './strings.ts';
import { createPlayer } from './player.ts';
import { chooseEngine, forcedEngine, importHls } from './source.ts';
import { fetchRenewal, playbackUrl } from './token.ts';
import type { ForcedEngine, HlsModule, PlaybackInfo, Player, PlayerNavigation } from './types.ts';

export interface MountOptions {
  videoId: string;
  /** `{embedType}` of `/embed/{embedType}/{videoId}`, used by the playNext end action. */
  embedType?: string;
  /** Origin (or path prefix) of the API; '' (default) is the page's own origin. */
  apiBase?: string;
  /** `?engine=native` or `?engine=hlsjs`: that HLS engine rather than the usual choice. */
  forceEngine?: ForcedEngine | null;
  /** At the end of playback go there (http/https only, others are ignored). The embed page takes it only from the server (see boot). */
  redirect?: string | null;
  /** `?new-window=1`: open the redirect in a new window. */
  newWindow?: boolean;
  /** The viewer's language (`?lang=` of the embed URL): en, de or es; otherwise the browser's languages choose. */
  lang?: string | null;
  /** The playback answer when the page already carries it (saves one request). */
  playback?: PlaybackInfo;
  /** The page says the video is private (a message) or needs its password (the form) before any request. */
  locked?: 'private' | 'password' | null;
  /**
   * A playback token the page was handed: the app's embed preview puts the owner's preview token in
   * the frame's fragment (`#preview={token}`, never sent to a server), so a private or password
   * video plays there; the answer is fetched with it, whatever the page says.
   */
  token?: string | null;
  /** Test seams. */
  fetch?: typeof fetch;
  navigate?: PlayerNavigation;
  /** `answer`: the playback answer (its audio tracks need hls.js's full build, see importHls). */
  loadHls?: (answer?: object) => Promise<HlsModule>;
}

export type PlaybackResult =
  | { status: 'ok'; info: PlaybackInfo }
  | { status: 'notAvailable' | 'processing' | 'failed' | 'private' | 'password' };

/** The API's `code` of a 403 that a player answers with its own screen (the contract's PLAYBACK_LOCKS). */
const LOCK_CODES: Record<string, 'private' | 'password'> = { VIDEO_PRIVATE: 'private', VIDEO_PASSWORD: 'password' };

export { playbackUrl };

/** GET the playback answer and classify it: 404/403/410 not available (or private, or password), 409 or `processing` still processing. */
export async function fetchPlayback(apiBase: string, videoId: string, fetchImpl: typeof fetch = fetch, token?: string): Promise<PlaybackResult> {
  let response: Response;
  try {
    response = await fetchImpl(playbackUrl(apiBase, videoId, token), { headers: { accept: 'application/json' } });
  } catch {
    return { status: 'failed' };
  }
  if (response.status === 403) {
    const code = ((await response.json().catch(() => null)) as { code?: string } | null)?.code;
    return { status: (code && LOCK_CODES[code]) || 'notAvailable' };
  }
  if (response.status === 404 || response.status === 410) return { status: 'notAvailable' };
  if (response.status === 409) return { status: 'processing' };
  if (!response.ok) return { status: 'failed' };
  let info: PlaybackInfo;
  try {
    info = (await response.json()) as PlaybackInfo;
  } catch {
    return { status: 'failed' };
  }
  return classify(info);
}

function classify(info: PlaybackInfo | null | undefined): PlaybackResult {
  if (!info || typeof info !== 'object') return { status: 'failed' };
  if (info.processing || (!info.hlsSource && !info.mp4Source)) return { status: 'processing' };
  return { status: 'ok', info };
}

/** Source URLs from the API are relative to the API, which may sit on another origin than the page. */
export function resolveUrl(url: string | null, apiBase: string, pageUrl: string): string | null {
  if (!url) return null;
  try {
    const base = apiBase ? new URL(`${apiBase.replace(/\/+$/, '')}/`, pageUrl) : new URL(pageUrl);
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Loads the viewer's language (`requested`, else the browser's) and names it on the player's element. */
function loadViewerLanguage(element: HTMLElement, requested: string | null | undefined): Promise<void> | null {
  const nav = element.ownerDocument.defaultView?.navigator;
  const lang = pickLanguage(requested, nav?.languages ?? (nav?.language ? [nav.language] : []));
  element.lang = lang;
  // A chunk that fails to load leaves the player in English.
  return (
    setLanguage(lang)?.catch(() => {
      element.lang = 'en';
      setLanguage('en');
    }) ?? null
  );
}

/** Shows a message in the player area without a player (not available, processing, failed). */
export function renderMessage(element: HTMLElement, text: string): void {
  const doc = element.ownerDocument;
  const root = doc.createElement('div');
  root.className = 'rb-player';
  const message = doc.createElement('div');
  message.className = 'rb-message';
  message.setAttribute('role', 'alert');
  message.textContent = text;
  root.append(message);
  element.replaceChildren(root);
}

/**
 * Fetches `GET {apiBase}/api/playback/{videoId}` and builds the player in `element`.
 * Resolves with the player, or null when a message was shown instead.
 */
export async function mount(element: HTMLElement, options: MountOptions): Promise<Player | null> {
  const apiBase = (options.apiBase ?? '').replace(/\/+$/, '');
  const loadHls = options.loadHls ?? importHls;
  // On the hls.js path, fetch the hls.js chunk while the playback answer is on its way.
  const probe = element.ownerDocument.createElement('video');
  if (chooseEngine(probe, { hls: 'probe.m3u8' }, options.forceEngine) === 'hlsjs') loadHls().catch(() => {});

  const fetchImpl = options.fetch ?? fetch.bind(globalThis);
  // The language's strings (a chunk, unless English) load beside the playback answer.
  const language = loadViewerLanguage(element, options.lang);
  let result: PlaybackResult = options.token
    ? await fetchPlayback(apiBase, options.videoId, fetchImpl, options.token)
    : options.locked
    ? { status: options.locked }
    : options.playback
      ? classify(options.playback)
      : await fetchPlayback(apiBase, options.videoId, fetchImpl);
  if (language) await language;
  if (result.status === 'password') {
    // The form is a chunk of its own: only a password video's page fetches it. A chunk that fails
    // to load says the video could not be loaded.
    const token = await import('./unlock.ts')
      .then((m) => m.askPassword({ element, apiBase, videoId: options.videoId, fetch: fetchImpl, t }))
      .catch(() => null);
    result = token ? await fetchPlayback(apiBase, options.videoId, fetchImpl, token) : { status: 'failed' };
  }
  // A thumbnail test runs (issue 33): this viewer's own answer, from a chunk fetched only then.
  if (result.status === 'ok' && result.info.thumbnailTest) {
    const first = result;
    result = await import('./viewer-cover.ts').then((m) => m.viewerCover(first, apiBase, fetchImpl), () => first);
  }
  if (result.status !== 'ok') {
    const text = {
      notAvailable: t('notAvailable'),
      processing: t('processing'),
      private: t('private'),
      failed: t('loadFailed'),
      password: t('loadFailed'),
    }[result.status];
    renderMessage(element, text);
    return null;
  }
  const { info } = result;
  const page = element.ownerDocument.defaultView?.location.href ?? 'http://localhost/';
  const aspect = info.width && info.height ? info.width / info.height : null;
  return createPlayer(element, {
    source: {
      hls: resolveUrl(info.hlsSource, apiBase, page),
      mp4: resolveUrl(info.mp4Source, apiBase, page),
      poster: resolveUrl(info.poster, apiBase, page),
    },
    config: info.playerConfig,
    videoId: info.id || options.videoId,
    apiBase,
    embedType: options.embedType,
    // The player falls back to playerConfig.nextVideo itself.
    nextVideo: info.nextVideo,
    forceEngine: options.forceEngine,
    redirect: options.redirect,
    newWindow: options.newWindow,
    durationSec: info.durationSec,
    captions: info.captions?.map((c) => ({ ...c, src: resolveUrl(c.src, apiBase, page) as string })),
    chapters: info.chapters,
    storyboard: info.storyboard && { ...info.storyboard, vtt: resolveUrl(info.storyboard.vtt, apiBase, page) as string },
    title: info.name,
    // Absolute, as the API answers every media URL.
    download: info.download,
    aspectRatio: aspect,
    navigate: options.navigate,
    // Issue 37: audio renditions need hls.js's full build.
    loadHls: () => loadHls(info),
    // Absent and null alike (bytes here weigh on the first frame).
    token: info.token,
    leadScope: info.leadScope,
    renew: (current) => fetchRenewal(apiBase, info.id || options.videoId, current, fetchImpl),
  });
}

export interface EmbedLocation {
  embedType?: string;
  videoId?: string;
  newWindow: boolean;
  forceEngine: ForcedEngine | null;
  /** `?lang=`: the viewer's language, when the embedding page names it. */
  lang: string | null;
}

/**
 * Reads `/embed/{embedType}/{videoId}?new-window=1&engine=hlsjs|native`. Not the `redirect`: anyone can
 * write one into a link; the server checks its signature and hands the player a good one as
 * `data-redirect` (see embedOptions).
 */
export function parseEmbedLocation(pathname: string, search: string): EmbedLocation {
  const match = /\/embed\/([^/]+)\/([^/?#]+)\/?$/.exec(pathname);
  const query = new URLSearchParams(search);
  return {
    embedType: match ? decodeURIComponent(match[1]) : undefined,
    videoId: match ? decodeURIComponent(match[2]) : undefined,
    newWindow: query.get('new-window') === '1',
    forceEngine: forcedEngine(query.get('engine')),
    lang: query.get('lang'),
  };
}

/**
 * Boots the embed page: ids from the element's data attributes or the page path, flags from the
 * query, and the playback answer from an inline `<script type="application/json" id="reelbase-playback">`
 * when the page carries one.
 */
export function boot(element: HTMLElement, overrides: Partial<MountOptions> = {}): Promise<Player | null> {
  const doc = element.ownerDocument;
  const loc = doc.defaultView?.location;
  let playback: PlaybackInfo | undefined;
  const inline = doc.getElementById('reelbase-playback');
  if (inline?.textContent) {
    try {
      playback = JSON.parse(inline.textContent) as PlaybackInfo;
    } catch {
      playback = undefined;
    }
  }
  const options = embedOptions(element, loc?.pathname ?? '', loc?.search ?? '', loc?.hash ?? '');
  const videoId = overrides.videoId ?? options.videoId;
  if (!videoId) {
    return Promise.resolve(loadViewerLanguage(element, options.lang)).then(() => {
      renderMessage(element, t('notAvailable'));
      return null;
    });
  }
  return mount(element, { ...options, playback: options.token ? undefined : playback, ...overrides, videoId });
}

/**
 * The embed page's options: ids from the element's data attributes (else the path), flags from the
 * query, and the redirect only from `data-redirect`, which the server writes after checking the
 * embed URL's signature.
 */
export function embedOptions(element: HTMLElement, pathname: string, search: string, hash = ''): Omit<MountOptions, 'videoId'> & { videoId?: string } {
  const parsed = parseEmbedLocation(pathname, search);
  const preview = new URLSearchParams(hash.replace(/^#/, '')).get('preview');
  const data = element.dataset;
  return {
    videoId: data.videoId ?? parsed.videoId,
    embedType: data.embedType ?? parsed.embedType,
    apiBase: data.apiBase ?? '',
    forceEngine: parsed.forceEngine,
    redirect: data.redirect ?? null,
    newWindow: parsed.newWindow,
    locked: data.locked === 'private' || data.locked === 'password' ? data.locked : null,
    lang: parsed.lang,
    token: preview && /^[\w.-]{1,200}$/.test(preview) ? preview : null,
  };
}
