// The speed menu: the spec's playback speeds, the rate in force shown on its button, and the
// viewer's choice remembered across videos.
import { PLAYBACK_SPEEDS } from '@reelbase/api-client/viewer-constants';
import type { BarKit, ListenIn } from './menu.ts';
import type { t as translate } from './strings.ts';

/**
 * Adds the speed menu. `savedRate` is the remembered rate (set only when it is one of the menu's);
 * `remember` keeps a rate the viewer chose. Returns the menu's button.
 */
export function attachSpeed(video: HTMLVideoElement, kit: BarKit, t: typeof translate, on: ListenIn, savedRate: number | undefined, remember: (rate: number) => void): HTMLButtonElement {
  /** "1.5x", and "Normal" for 1. */
  const speedLabel = (rate: number) => (rate === 1 ? t('speedNormal') : t('speedRate', { rate }));
  const speed = kit.menu('rb-speed', t('speed'), (rate) => setRate(rate, true));
  /** The menu shows the rate in force, whoever set it. */
  function renderRate(): void {
    const rate = video.playbackRate;
    speed.check(rate);
    speed.button.replaceChildren(t('speedRate', { rate }));
    speed.button.setAttribute('aria-label', t('withValue', { label: t('speed'), value: t('speedRate', { rate }) }));
  }
  function setRate(rate: number, byViewer: boolean): void {
    video.defaultPlaybackRate = rate;
    video.playbackRate = rate;
    renderRate();
    if (byViewer) remember(rate);
  }
  speed.setItems(PLAYBACK_SPEEDS.map((rate) => ({ label: speedLabel(rate), value: rate })));
  // Only a remembered rate is set: a player without one keeps the rate it has.
  if (typeof savedRate === 'number' && (PLAYBACK_SPEEDS as readonly number[]).includes(savedRate)) setRate(savedRate, false);
  else renderRate();
  on(video, 'ratechange', renderRate);
  return speed.button;
}
