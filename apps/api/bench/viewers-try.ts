// One viewer of `pnpm bench:viewers`: a fresh browser context on a link shaped by Chromium's own
// network emulation (CDP Network.emulateNetworkConditions), a click on the play button the moment
// it shows, and what the DevTools network log and the page saw: click to first frame, bytes
// (transfer sizes, headers included) before it and while watching, the rungs fetched, stalls.
import type { Browser, CDPSession } from 'playwright-core';

export interface Link {
  name: string;
  downMbps: number;
  upMbps: number;
  latencyMs: number;
}
export const LINKS: Record<'4g' | '3g', Link> = {
  '4g': { name: '4G', downMbps: 9, upMbps: 3, latencyMs: 60 },
  '3g': { name: '3G', downMbps: 1.6, upMbps: 0.75, latencyMs: 150 },
};

interface Req {
  url: string;
  type: string;
  /** Epoch ms when it was sent. */
  start: number;
  /** [time (epoch ms), bytes on the wire] as they arrived. */
  chunks: [number, number][];
  /** Epoch ms when it finished (or failed), with its whole transfer size (headers included). */
  done: number | null;
  total: number;
  /** Why it failed (DevTools' errorText), when it did. */
  error?: string;
}

export interface TryOptions {
  url: string;
  link: Link;
  viewport: { width: number; height: number };
  /** Give up on a first frame this long after the click (counted as a click that never got a frame). */
  frameTimeoutMs: number;
  /** Keep watching this long after the first frame (0: stop at the first frame). */
  watchMs: number;
  /** Switch the link to this one `at` ms after the first frame (the 9 -> 1.6 Mbit/s drop). */
  dropTo?: { link: Link; atMs: number };
}

export interface TryResult {
  engine: string;
  /** ms from the click to the first frame shown; null when none came in time. */
  firstFrameMs: number | null;
  scriptBytesBefore: number;
  allBytesBefore: number;
  /** Bytes received from the page's first request until 10 s after the first frame. */
  bytesTo10s: number | null;
  /** Rung of the last media request before the first frame ('mp4' for main.mp4). */
  startRung: string | null;
  /** Bytes of media per rung received until 10 s after the first frame. */
  rungBytes: Record<string, number>;
  /** Rungs of media requests after the drop (in order, repeats removed). */
  rungsAfterDrop: string[];
  stalls: number[];
}

/** The page's side: the click, the first frame (requestVideoFrameCallback) and waiting spells after it. */
const PAGE_PROBE = () => {
  const now = () => performance.timeOrigin + performance.now();
  const m = { click: 0, frame: 0, playing: 0, waits: [] as [number, number][], waitingAt: 0 };
  (globalThis as any).__bench = m;
  const doc = (globalThis as any).document;
  doc.addEventListener(
    'click',
    () => {
      if (m.click) return;
      m.click = now();
      const v = doc.querySelector('video');
      v?.requestVideoFrameCallback?.((t: number) => (m.frame ||= performance.timeOrigin + t));
    },
    true,
  );
  // Media events do not bubble, but the document sees them in the capture phase.
  doc.addEventListener('playing', (e: any) => {
    if (m.click && !m.playing && e.target.currentTime >= 0) m.playing = now();
    if (m.waitingAt) m.waits.push([m.waitingAt, now()]);
    m.waitingAt = 0;
  }, true);
  doc.addEventListener('waiting', () => {
    if ((m.frame || m.playing) && !m.waitingAt) m.waitingAt = now();
  }, true);
};

const conditions = (l: Link) => ({
  offline: false,
  latency: l.latencyMs,
  downloadThroughput: (l.downMbps * 1e6) / 8,
  uploadThroughput: (l.upMbps * 1e6) / 8,
});

/** The rung folder of a media URL (`hls/<rung>/…`), 'mp4' for main.mp4, null for anything else. */
export function rungOf(url: string): string | null {
  const path = url.split('?')[0];
  if (path.endsWith('.m3u8')) return null;
  if (path.endsWith('/main.mp4')) return 'mp4';
  return /\/hls\/([^/]+)\/[^/]+\.(mp4|m4s|ts)$/.exec(path)?.[1] ?? null;
}

function networkLog(cdp: CDPSession) {
  const reqs = new Map<string, Req>();
  // CDP times are monotonic seconds; requestWillBeSent also gives the wall clock, the page's clock.
  let offset = 0;
  const wall = (ts: number) => ts * 1000 + offset;
  cdp.on('Network.requestWillBeSent', (e) => {
    offset = e.wallTime * 1000 - e.timestamp * 1000;
    if (!reqs.has(e.requestId)) reqs.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', start: wall(e.timestamp), chunks: [], done: null, total: 0 });
  });
  cdp.on('Network.dataReceived', (e) => reqs.get(e.requestId)?.chunks.push([wall(e.timestamp), e.encodedDataLength || e.dataLength]));
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) [r.done, r.total] = [wall(e.timestamp), e.encodedDataLength];
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = reqs.get(e.requestId);
    if (r) [r.done, r.total, r.error] = [wall(e.timestamp), r.chunks.reduce((s, c) => s + c[1], 0), e.errorText];
  });
  /** Bytes of the requests `which` selects received until `until` (epoch ms). */
  const bytesUntil = (until: number, which: (r: Req) => boolean = () => true) => {
    let sum = 0;
    for (const r of reqs.values()) {
      if (!which(r)) continue;
      if (r.done !== null && r.done <= until) sum += r.total;
      else for (const [t, n] of r.chunks) if (t <= until) sum += n;
    }
    return sum;
  };
  return { reqs, bytesUntil };
}

export async function viewerTry(browser: Browser, o: TryOptions): Promise<TryResult> {
  const context = await browser.newContext({ viewport: o.viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', conditions(o.link));
    const log = networkLog(cdp);
    await page.goto(o.url, { waitUntil: 'commit' });
    // The click the moment the play button shows (visible, stable, receiving events).
    await page.locator('.rb-big-play').click({ timeout: 60_000 });
    const probe = () => page.evaluate(() => (globalThis as any).__bench as { click: number; frame: number; playing: number; waits: [number, number][]; waitingAt: number });
    const deadline = Date.now() + o.frameTimeoutMs;
    let m = await probe();
    while (!m.frame && Date.now() < deadline) {
      await page.waitForTimeout(50);
      m = await probe();
    }
    // Where requestVideoFrameCallback never answers, 'playing' stands for the first frame.
    const frameAt = m.frame || m.playing || 0;
    const engine = await page.evaluate(() => (globalThis as any).document.querySelector('.rb-player')?.dataset.engine ?? '?');
    const result: TryResult = { engine, firstFrameMs: frameAt ? frameAt - m.click : null, scriptBytesBefore: 0, allBytesBefore: 0, bytesTo10s: null, startRung: null, rungBytes: {}, rungsAfterDrop: [], stalls: [] };
    if (process.env.BENCH_LOG) printTimeline(log.reqs, m.click, frameAt);
    if (!frameAt) return result;
    result.scriptBytesBefore = log.bytesUntil(frameAt, (r) => r.type === 'Script');
    result.allBytesBefore = log.bytesUntil(frameAt);
    const mediaRequests = () => [...log.reqs.values()].filter((r) => rungOf(r.url));
    result.startRung = rungOf(mediaRequests().filter((r) => r.start <= frameAt).at(-1)?.url ?? '') ?? null;
    if (o.watchMs <= 0) return result;

    let dropAt = Number.POSITIVE_INFINITY;
    if (o.dropTo) {
      await page.waitForTimeout(Math.max(0, frameAt + o.dropTo.atMs - Date.now()));
      dropAt = Date.now();
      await cdp.send('Network.emulateNetworkConditions', conditions(o.dropTo.link));
    }
    await page.waitForTimeout(Math.max(0, frameAt + o.watchMs - Date.now()));
    m = await probe();
    const end = Date.now();
    const tenSeconds = frameAt + 10_000;
    result.bytesTo10s = log.bytesUntil(tenSeconds);
    // Every media request until now, those sent after the first frame included.
    const media = mediaRequests();
    for (const r of media) {
      const rung = rungOf(r.url) as string;
      const n = log.bytesUntil(tenSeconds, (x) => x === r);
      if (n) result.rungBytes[rung] = (result.rungBytes[rung] ?? 0) + n;
    }
    for (const r of media) {
      const rung = rungOf(r.url) as string;
      if (r.start >= dropAt && result.rungsAfterDrop.at(-1) !== rung) result.rungsAfterDrop.push(rung);
    }
    result.stalls = [...m.waits.map(([a, b]) => b - a), ...(m.waitingAt ? [end - m.waitingAt] : [])];
    return result;
  } finally {
    await context.close();
  }
}

/** BENCH_LOG=1: every request until the first frame, times from the click (where the time goes). */
function printTimeline(reqs: Map<string, Req>, click: number, frameAt: number) {
  const t = (ms: number) => `${((ms - click) / 1000).toFixed(2).padStart(6)} s`;
  console.log(`  click -> first frame ${frameAt ? t(frameAt) : 'none'}`);
  for (const r of [...reqs.values()].sort((a, b) => a.start - b.start)) {
    if (frameAt && r.start > frameAt) continue;
    const name = r.url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, (q) => (q.length > 40 ? `${q.slice(0, 40)}…` : q));
    console.log(`  ${t(r.start)} -> ${r.done === null ? '   ...  ' : t(r.done)} ${String(Math.round(r.total / 1000)).padStart(5)} KB ${r.type.padEnd(10)} ${name}${r.error ? ` (${r.error})` : ''}`);
  }
}
