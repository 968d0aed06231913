import type { CallToActionConfig, LeadFormConfig } from '@reelbase/api-client/contract';
import type { t as translate } from './strings.ts';
import type { PlayerNavigation } from './types.ts';

/**
 * What the lead form and the call to action (issue 27, each a chunk of its own) get from the
 * player, like attachCaptions: its elements and how to reach the API.
 */
export interface EngageHost {
  video: HTMLVideoElement;
  root: HTMLElement;
  apiBase: string;
  videoId?: string;
  /** The owner's preview in the app: everything shows, nothing is sent or remembered. */
  preview: boolean;
  /** The current playback token of a video that is not public. */
  token: () => string | null;
  /** Names the owner's team (opaque) for "already gave their email here". */
  leadScope?: string | null;
  play: () => Promise<void>;
  navigate: PlayerNavigation;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The player's texts in the viewer's language (its later ones loaded before these chunks attach); the owner's own texts are shown as written. */
  t: typeof translate;
}
/** `heldPlay`: the viewer pressed play before the form's code arrived (the player held it). */
export type LeadFormHost = EngageHost & { form: LeadFormConfig; heldPlay?: boolean };
export type CallToActionHost = EngageHost & { cta: CallToActionConfig };

/** The API's address for a path of this video. */
export const videoApi = (h: EngageHost, path: string) => `${h.apiBase.replace(/\/+$/, '')}/api/${path}/${encodeURIComponent(h.videoId ?? '')}`;

/** The same with the playback token of a video that is not public (its beacons count only with it). */
export const videoApiWithToken = (h: EngageHost, path: string) => {
  const token = h.token();
  return `${videoApi(h, path)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
};

/** An element with a class and text. */
export function make<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}
