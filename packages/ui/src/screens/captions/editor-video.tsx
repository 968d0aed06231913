import { useEffect, useRef, useState } from 'react';
import type { Cue } from './cue-edits.ts';

/** How long the player waits after the last edit before it redraws its captions (a 2-hour track has thousands). */
const REDRAW_MS = 250;

/**
 * The captions being edited, drawn by the video element itself: one text track made in the page
 * (not a file), so each edit shows under the picture before it is saved.
 */
export function useEditedTrack(video: HTMLVideoElement | null, cues: readonly Cue[], language: string, label: string) {
  const [track, setTrack] = useState<TextTrack | null>(null);
  const drawn = useRef(new Map<Cue, VTTCue>());
  useEffect(() => {
    if (!video || typeof VTTCue === 'undefined') return;
    const t = video.addTextTrack('captions', label, language);
    t.mode = 'showing';
    setTrack(t);
    drawn.current = new Map();
    return () => {
      t.mode = 'disabled';
      setTrack(null);
    };
  }, [video, label, language]);

  // Each drawn cue is kept by the cue object it shows: an edit makes new objects only for the cues
  // it changed, so only those are taken off and drawn again (removing all of 3,600 costs n² time).
  useEffect(() => {
    const t = track;
    if (!t) return;
    const timer = setTimeout(() => {
      const shown = drawn.current;
      const now = new Set(cues);
      for (const [cue, vtt] of shown)
        if (!now.has(cue)) {
          t.removeCue(vtt);
          shown.delete(cue);
        }
      for (const c of cues)
        if (!shown.has(c) && c.endSec > c.startSec && c.text.trim()) {
          const vtt = new VTTCue(c.startSec, c.endSec, c.text);
          t.addCue(vtt);
          shown.set(c, vtt);
        }
    }, REDRAW_MS);
    return () => clearTimeout(timer);
  }, [cues, track]);
}
