// The quality menu: the rungs of the HLS ladder (from hls.js's levels, or from the master playlist
// on the browser's own HLS), Auto first, and switching between them.
import type { ResolvedConfig } from './config.ts';
import type { BarKit, Menu } from './menu.ts';
import type { t as translate } from './strings.ts';
import type { Engine, HlsInstance } from './types.ts';

export interface Rung {
  label: string;
  height: number;
  /** hls.js level index, or the variant playlist URL on the native path. */
  level: number;
  url: string | null;
}

/** A rung's name as the ladder names it: its short side, "720p". */
export const rungLabel = (width: number, height: number) => `${Math.min(width || height, height || width)}p`;

/** The rungs of an HLS master playlist (variant URLs resolved against it), largest first. */
export function parseMaster(text: string, masterUrl: string): Rung[] {
  const lines = text.split(/\r?\n/);
  const rungs: Rung[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXT-X-STREAM-INF:.*\bRESOLUTION=(\d+)x(\d+)/.exec(lines[i]);
    if (!m) continue;
    const uri = lines.slice(i + 1).find((l) => l.trim() && !l.startsWith('#'));
    if (!uri) continue;
    const [w, h] = [Number(m[1]), Number(m[2])];
    rungs.push({ label: rungLabel(w, h), height: Math.min(w, h), level: -1, url: new URL(uri.trim(), masterUrl).href });
  }
  return sortRungs(rungs);
}

/** Largest first, one rung per label. */
export function sortRungs(rungs: Rung[]): Rung[] {
  const seen = new Set<string>();
  return rungs.sort((a, b) => b.height - a.height).filter((r) => !seen.has(r.label) && seen.add(r.label));
}

/** What the quality menu takes of the controls chunk's host (controls.ts's ControlsHost). */
export interface QualityHost {
  root: HTMLElement;
  config: Pick<ResolvedConfig, 'qualityMenu'>;
  engine: Engine;
  hls: HlsInstance | null;
  t: typeof translate;
  /** The master playlist URL with the newest token (the native path's Auto). */
  master(): string | null;
  /** Loads another source at the same moment, playing on if it was. */
  resumeAt(src: string): void;
  /** Test seam: fetches the master playlist on the native path. */
  fetch?: typeof fetch;
}

export interface Quality {
  /** The menu's button, when the menu is on for this engine. */
  readonly button: HTMLButtonElement | null;
  /** Rungs offered (Auto first), once known. */
  labels(): string[];
  /** -1: Auto; else an index in the rungs offered after Auto. */
  select(index: number): void;
}

/** `announce` tells a screen reader the rung chosen; `signal` is the chunk's teardown. */
export function attachQuality(host: QualityHost, kit: BarKit, announce: (text: string) => void, signal: AbortSignal): Quality {
  const { root, t, hls } = host;
  let quality: Menu | null = null;
  let rungs: Rung[] = [];
  /** -1: Auto; else an index in `rungs`. */
  let chosen = -1;
  function renderQuality(): void {
    if (!quality) return;
    quality.button.hidden = rungs.length < 2;
    quality.check(chosen);
    const level = hls?.currentLevel ?? -1;
    const playing = level >= 0 ? hls?.levels?.[level] : null;
    const value = chosen >= 0 ? rungs[chosen].label : t('qualityAuto');
    quality.button.replaceChildren(value);
    quality.button.setAttribute('aria-label', t('withValue', { label: t('quality'), value }));
    const auto = quality.panel.querySelector('[data-value="-1"]');
    if (auto) auto.textContent = chosen < 0 && playing ? t('qualityAutoNow', { rung: rungLabel(playing.width, playing.height) }) : t('qualityAuto');
  }
  function selectRung(index: number): void {
    chosen = index >= 0 && index < rungs.length ? index : -1;
    const rung = chosen >= 0 ? rungs[chosen] : null;
    root.dataset.quality = rung ? rung.label : 'auto';
    if (hls) {
      // hls.js: a level set by hand holds (automatic switching is off until Auto).
      hls.currentLevel = rung ? rung.level : -1;
    } else {
      // The browser's own HLS: that rung's variant playlist, or the master for Auto, at the same moment.
      const src = rung?.url ?? host.master();
      if (src) host.resumeAt(src);
    }
    renderQuality();
    announce(t('announceQuality', { rung: rung ? rung.label : t('qualityAuto') }));
  }
  function setRungs(list: Rung[]): void {
    rungs = sortRungs(list);
    quality?.setItems([{ label: t('qualityAuto'), value: -1 }, ...rungs.map((r, i) => ({ label: r.label, value: i }))]);
    renderQuality();
  }
  if (host.config.qualityMenu && (host.engine === 'hlsjs' || host.engine === 'native')) {
    quality = kit.menu('rb-quality', t('quality'), selectRung);
    quality.button.hidden = true;
    if (hls) {
      const fromLevels = () => setRungs((hls.levels ?? []).map((l, level) => ({ label: rungLabel(l.width, l.height), height: Math.min(l.width || l.height, l.height || l.width), level, url: null })));
      if (hls.levels?.length) fromLevels();
      hls.on('hlsManifestParsed', fromLevels);
      hls.on('hlsLevelSwitched', renderQuality);
    } else {
      const master = host.master();
      if (master) {
        void (host.fetch ?? fetch)(master)
          .then((r) => (r.ok ? r.text() : ''))
          .then((text) => {
            // Issue 37: a master with audio tracks has variants without audio; a rung played alone would be silent.
            if (!signal.aborted && !/^#EXT-X-MEDIA:TYPE=AUDIO/m.test(text)) setRungs(parseMaster(text, master));
          })
          .catch(() => {});
      }
    }
  }
  return {
    button: quality?.button ?? null,
    labels: () => [t('qualityAuto'), ...rungs.map((r) => r.label)],
    select: selectRung,
  };
}
