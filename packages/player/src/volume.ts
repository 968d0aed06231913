import { t } from './strings.ts';

export type VolumeLevel = 'off' | 'low' | 'medium' | 'high';

/** The volume icon's three levels (spec: up to 0.3, up to 0.7, above), plus off when muted or silent. */
export function volumeLevel(volume: number, muted: boolean): VolumeLevel {
  if (muted || volume <= 0) return 'off';
  if (volume <= 0.3) return 'low';
  if (volume <= 0.7) return 'medium';
  return 'high';
}

/**
 * Wires the mute button and the volume slider to the video, and shows the video's volume on them
 * whoever changes it. `on` adds a listener removed with the player.
 */
export function attachVolume(video: HTMLVideoElement, muteBtn: HTMLElement, slider: HTMLInputElement, on: (target: EventTarget, type: string, fn: () => void) => void): void {
  const render = () => {
    const level = volumeLevel(video.volume, video.muted);
    muteBtn.dataset.level = level;
    muteBtn.setAttribute('aria-label', t(level === 'off' ? 'unmute' : 'mute'));
    slider.value = String(video.muted ? 0 : video.volume);
  };
  on(video, 'volumechange', render);
  on(muteBtn, 'click', () => {
    if (video.muted || video.volume === 0) {
      video.muted = false;
      if (video.volume === 0) video.volume = 0.5;
    } else video.muted = true;
  });
  on(slider, 'input', () => {
    const v = Math.min(1, Math.max(0, Number(slider.value)));
    video.volume = v;
    video.muted = v === 0;
  });
  render();
}
