export type VolumeLevel = 'off' | 'low' | 'medium' | 'high';

/** The volume icon's three levels (spec: up to 0.3, up to 0.7, above), plus off when muted or silent. */
export function volumeLevel(volume: number, muted: boolean): VolumeLevel {
  if (muted || volume <= 0) return 'off';
  if (volume <= 0.3) return 'low';
  if (volume <= 0.7) return 'medium';
  return 'high';
}
