import { DEFAULT_COLOR_SCHEME, DEFAULT_END_ACTION, DEFAULT_START_ACTION, PLAYER_CONTROL_DEFAULTS } from './constants.ts';
import { safeRedirectUrl } from './navigation.ts';
import type { ColorScheme, PlayerConfig } from './types.ts';

/** The lead form and the call to action are null when off (their code is then never fetched); downloads follow the answer's `download`, not the setting. */
export type ResolvedConfig = Omit<PlayerConfig, 'id' | 'leadForm' | 'callToAction' | 'allowDownload'> & {
  id: string | null;
  leadForm: PlayerConfig['leadForm'] | null;
  callToAction: PlayerConfig['callToAction'] | null;
};

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const START_ACTIONS = ['none', 'autoPlay', 'loadVideo'];
const END_ACTIONS = ['pause', 'stop', 'playNext', 'loop'];

function colour(value: unknown, fallback: string): string {
  return typeof value === 'string' && HEX.test(value) ? value : fallback;
}

/** Fills missing or invalid fields with the product defaults; controls are on unless turned off. */
export function resolveConfig(config: Partial<PlayerConfig> | null | undefined): ResolvedConfig {
  const c = config ?? {};
  const scheme: Partial<ColorScheme> = c.colorScheme ?? {};
  return {
    id: c.id ?? null,
    startAction: START_ACTIONS.includes(c.startAction as string) ? c.startAction! : DEFAULT_START_ACTION,
    endAction: END_ACTIONS.includes(c.endAction as string) ? c.endAction! : DEFAULT_END_ACTION,
    nextVideo: c.nextVideo ?? null,
    autoHideControls: c.autoHideControls ?? true,
    playPauseButton: c.playPauseButton ?? true,
    volumeControl: c.volumeControl ?? true,
    videoPopOut: c.videoPopOut ?? true,
    showLogoInPlayer: c.showLogoInPlayer ?? false,
    logoPatn: c.logoPatn ?? null,
    colorScheme: {
      playerCanvas: colour(scheme.playerCanvas, DEFAULT_COLOR_SCHEME.playerCanvas),
      transparentCanvas: scheme.transparentCanvas ?? DEFAULT_COLOR_SCHEME.transparentCanvas,
      playerPlayButton: colour(scheme.playerPlayButton, DEFAULT_COLOR_SCHEME.playerPlayButton),
      playerControlBar: colour(scheme.playerControlBar, DEFAULT_COLOR_SCHEME.playerControlBar),
    },
    leadForm: c.leadForm?.enabled ? c.leadForm : null,
    callToAction: c.callToAction?.enabled && safeRedirectUrl(c.callToAction.url) ? c.callToAction : null,
    // Issue 26 (controls): each on unless turned off.
    speedMenu: c.speedMenu ?? PLAYER_CONTROL_DEFAULTS.speedMenu,
    qualityMenu: c.qualityMenu ?? PLAYER_CONTROL_DEFAULTS.qualityMenu,
    pictureInPicture: c.pictureInPicture ?? PLAYER_CONTROL_DEFAULTS.pictureInPicture,
    captionsButton: c.captionsButton ?? PLAYER_CONTROL_DEFAULTS.captionsButton,
    keyboardShortcuts: c.keyboardShortcuts ?? PLAYER_CONTROL_DEFAULTS.keyboardShortcuts,
    resumePlayback: c.resumePlayback ?? PLAYER_CONTROL_DEFAULTS.resumePlayback,
  };
}
