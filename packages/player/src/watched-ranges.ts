/** A stretch of the video watched, in seconds: [start, end), start < end. */
export type WatchedRange = [number, number];

export interface WatchedRanges {
  /** The playhead while playing (`timeupdate`): extends the current stretch, or starts one. */
  update(time: number): void;
  /** A seek (or a loop) ends the current stretch; the next update starts another. */
  cut(): void;
  /**
   * The ranges not reported yet, and forgets them. The stretch still being watched is reported up
   * to its last whole second (its next piece starts there, so the server's per-second counters
   * never count a boundary second twice); `all` (the page goes away) reports it to the end.
   */
  take(all?: boolean): WatchedRange[];
}

/** Hundredths of a second: enough for a per-second heatmap, short in the JSON. */
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The watched ranges of one session (issue 33): one range per continuous stretch of playing. A
 * playhead that moved back, or forward by more than `maxGap` seconds without a seek event (a
 * buffering jump, a throttled tab), starts a new stretch too.
 */
export function createWatchedRanges(maxGap = 3): WatchedRanges {
  // The current stretch: [start, end], of which [start, sent) is reported. NaN: none.
  let end = Number.NaN;
  let sent = Number.NaN;
  let closed: WatchedRange[] = [];
  const push = (list: WatchedRange[], from: number, to: number) => {
    const range: WatchedRange = [round(from), round(to)];
    if (range[0] < range[1]) list.push(range);
  };
  const cut = () => {
    if (end > sent) push(closed, sent, end);
    end = sent = Number.NaN;
  };
  return {
    update(time) {
      if (!Number.isFinite(time) || time < 0) return;
      // (NaN compares false: the first update starts a stretch.)
      if (time >= end && time - end <= maxGap) end = time;
      else {
        cut();
        end = sent = time;
      }
    },
    cut,
    take(all = false) {
      const out = closed;
      closed = [];
      const upTo = all ? end : Math.floor(end);
      if (upTo > sent) {
        push(out, sent, upTo);
        sent = upTo;
      }
      return out;
    },
  };
}
