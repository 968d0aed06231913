import { describe, expect, it } from 'vitest';
import { gifFrameSize } from '../src/lib/gif-frame.ts';
import { sizeOnVideo } from '../src/lib/placement.ts';

describe('watermark size on the video', () => {
  it('is a share of the video width; the height keeps the image aspect ratio', () => {
    // A square mark 20% of a 16:9 video's width is 20% * 16/9 of its height.
    const s = sizeOnVideo(20, 1, 16 / 9);
    expect(s.width).toBeCloseTo(0.2);
    expect(s.height).toBeCloseTo(0.3556, 3);
  });

  it('shrinks a mark that would be taller than the video', () => {
    const s = sizeOnVideo(100, 1, 16 / 9);
    expect(s.height).toBe(1);
    expect(s.width).toBeCloseTo(9 / 16);
  });
});

describe('GIF frame size', () => {
  const video = { width: 1920, height: 1080 };
  it('keeps the video aspect ratio on the auto side', () => {
    expect(gifFrameSize('480:-1', video)).toEqual({ width: 480, height: 270 });
    expect(gifFrameSize('-1:320', video)).toEqual({ width: 569, height: 320 });
  });
  it('takes both sides when both are given', () => {
    expect(gifFrameSize('1200:300', video)).toEqual({ width: 1200, height: 300 });
  });
  it('assumes 16:9 for a video of unknown size', () => {
    expect(gifFrameSize('800:-1', { width: null, height: null })).toEqual({ width: 800, height: 450 });
  });
});
