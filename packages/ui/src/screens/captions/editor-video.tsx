import { useEffect, useState } from 'react';
import type { Cue } from './cue-edits.ts';

/** How long the player waits after the last edit before it redraws its captions (a 2-hour track has thousands). */
const REDRAW_MS = 250;

/**
 * The captions being edited, drawn by the video element itself: one text track made in the page
 * (not a file), so each edit shows under the picture before it is saved.
 */
export function useEditedTrack(video: HTMLVideoElement | null, cues: readonly Cue[], language: string, label: string) {
  const [track, setTrack] = useState<TextTrack | null>(null);
  useEffect(() => {
    if (!video || typeof VTTCue === 'undefined') return;
    const t = video.addTextTrack('captions', label, language);
    t.mode = 'showing';
    setTrack(t);
    return () => {
      t.mode = 'disabled';
      setTrack(null);
    };
  }, [video, label, language]);

  useEffect(() => {
    const t = track;
    if (!t) return;
    const timer = setTimeout(() => {
      for (const old of Array.from(t.cues ?? [])) t.removeCue(old);
      for (const c of cues) if (c.endSec > c.startSec && c.text.trim()) t.addCue(new VTTCue(c.startSec, c.endSec, c.text));
    }, REDRAW_MS);
    return () => clearTimeout(timer);
  }, [cues, track]);
}
