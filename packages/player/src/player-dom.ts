// The player's elements (picture, big play button, message, control bar), built once and styled
// from its PlayerConfig. Nothing here listens or keeps state: player.ts wires them to the video.
import type { ResolvedConfig } from './config.ts';
import { ICONS } from './icons.ts';
import { t } from './strings.ts';
import type { PlayerOptions } from './types.ts';

export type Listen = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) => void;

/** The elements the player wires (a tuple: it costs the embed fewer bytes than an object of them). */
export type PlayerElements = [
  root: HTMLDivElement,
  video: HTMLVideoElement,
  /** The big play button over the picture (the poster is the video's own). */
  bigPlay: HTMLButtonElement,
  /** The alert over the picture: an error, or where the redirect goes. */
  message: HTMLDivElement,
  bar: HTMLDivElement,
  playBtn: HTMLButtonElement,
  time: HTMLDivElement,
  seek: HTMLInputElement,
  muteBtn: HTMLButtonElement,
  volume: HTMLInputElement,
  popBtn: HTMLButtonElement,
  fsBtn: HTMLButtonElement,
];

export function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  return node;
}

function button(doc: Document, className: string, label: string, icon: string): HTMLButtonElement {
  const b = el(doc, 'button', className);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.innerHTML = icon;
  return b;
}

function range(doc: Document, className: string, label: string, max: number, step: string): HTMLInputElement {
  const r = el(doc, 'input', className);
  r.type = 'range';
  r.min = '0';
  r.max = String(max);
  r.step = step;
  r.value = '0';
  r.setAttribute('aria-label', label);
  return r;
}

/** Builds the player's elements inside `element`, with every PlayerConfig field that shapes them applied. */
export function buildPlayerDom(element: HTMLElement, options: PlayerOptions, config: ResolvedConfig, on: Listen): PlayerElements {
  const doc = element.ownerDocument;
  const root = el(doc, 'div', 'rb-player');
  root.tabIndex = 0;
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', options.title ? t('playerNamed', { title: options.title }) : t('player'));
  const video = el(doc, 'video', 'rb-video');
  video.playsInline = true;
  video.setAttribute('webkit-playsinline', '');
  video.controls = false;
  video.preload = config.startAction === 'none' ? 'none' : 'auto';
  if (options.source.poster) video.poster = options.source.poster;
  if (options.title) video.title = options.title;

  const logo = el(doc, 'img', 'rb-logo');
  logo.alt = '';
  logo.hidden = true;
  const spinner = el(doc, 'div', 'rb-spinner');
  const bigPlay = button(doc, 'rb-big-play', t('play'), ICONS.play);
  const message = el(doc, 'div', 'rb-message');
  message.setAttribute('role', 'alert');
  message.hidden = true;

  const bar = el(doc, 'div', 'rb-bar');
  const playBtn = button(doc, 'rb-play', t('play'), ICONS.play);
  const time = el(doc, 'div', 'rb-time');
  time.setAttribute('aria-hidden', 'true');
  const seek = range(doc, 'rb-seek', t('seek'), 0, 'any');
  const muteBtn = button(doc, 'rb-mute', t('mute'), ICONS.volume);
  const volume = range(doc, 'rb-volume', t('volume'), 1, '0.05');
  const popBtn = button(doc, 'rb-popout', t('popOut'), ICONS.popout);
  const fsBtn = button(doc, 'rb-fullscreen-button', t('fullscreen'), ICONS.fullscreen);
  bar.append(playBtn, time, seek, muteBtn, volume, popBtn, fsBtn);
  root.append(video, logo, spinner, bigPlay, bar, message);

  // ---- PlayerConfig ----
  const scheme = config.colorScheme;
  root.style.setProperty('--rb-canvas', scheme.playerCanvas);
  root.style.setProperty('--rb-play-button', scheme.playerPlayButton);
  root.style.setProperty('--rb-control-bar', scheme.playerControlBar);
  root.classList.toggle('rb-transparent', scheme.transparentCanvas);
  if (options.aspectRatio && Number.isFinite(options.aspectRatio) && options.aspectRatio > 0) {
    root.style.setProperty('--rb-aspect', String(options.aspectRatio));
  }
  playBtn.hidden = bigPlay.hidden = !config.playPauseButton;
  muteBtn.hidden = volume.hidden = !config.volumeControl;
  popBtn.hidden = !config.videoPopOut;
  const canFullscreen = Boolean(doc.fullscreenEnabled || (video as { webkitEnterFullscreen?: unknown }).webkitEnterFullscreen);
  fsBtn.hidden = !canFullscreen;
  if (config.showLogoInPlayer && config.logoPatn) {
    logo.src = config.logoPatn;
    logo.hidden = false;
    on(logo, 'error', () => (logo.hidden = true));
  }

  element.replaceChildren(root);
  return [root, video, bigPlay, message, bar, playBtn, time, seek, muteBtn, volume, popBtn, fsBtn];
}
