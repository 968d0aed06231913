import { describe, expect, it } from 'vitest';
import { keepSeekTargets } from '../src/seek-landing.ts';

/** A video whose seeks land where `landing` says (Chromium's own HLS early on: elsewhere). */
function seekableVideo(landing: (asked: number) => number) {
  const video = document.createElement('video');
  let time = 0;
  const asked: number[] = [];
  Object.defineProperty(video, 'currentTime', {
    get: () => time,
    set: (t: number) => {
      asked.push(t);
      time = t;
      video.dispatchEvent(new Event('seeking'));
      time = landing(t);
      video.dispatchEvent(new Event('seeked'));
    },
  });
  return { video, asked, time: () => time };
}

describe('a seek lands where the viewer asked', () => {
  it('asks once more when a seek ends away from its target', () => {
    let seeks = 0;
    const v = seekableVideo((t) => (++seeks === 1 ? 2.2 : t));
    keepSeekTargets(v.video, new AbortController().signal);
    v.video.currentTime = 7;
    expect(v.asked).toEqual([7, 7]);
    expect(v.time()).toBe(7);
  });

  it('leaves a seek that lands alone, and asks only once when the engine keeps missing', () => {
    const exact = seekableVideo((t) => t + 0.1);
    keepSeekTargets(exact.video, new AbortController().signal);
    exact.video.currentTime = 12;
    expect(exact.asked).toEqual([12]);

    const stubborn = seekableVideo(() => 2.2);
    keepSeekTargets(stubborn.video, new AbortController().signal);
    stubborn.video.currentTime = 9;
    expect(stubborn.asked).toEqual([9, 9]);
    stubborn.video.currentTime = 15; // the next seek is the viewer's again, and gets its one retry
    expect(stubborn.asked).toEqual([9, 9, 15, 15]);
  });
});
