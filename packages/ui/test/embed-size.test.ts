import { describe, expect, it } from 'vitest';
import { heightForWidth, resizeEmbed, widthForHeight } from '../src/lib/embed-size.ts';

const hd = { width: 1920, height: 1080 };

describe('embed size with Maintain aspect ratio', () => {
  it('sets height to round(width × video height ÷ video width)', () => {
    expect(heightForWidth(600, 1920, 1080)).toBe(338); // 337.5 rounds up
    expect(heightForWidth(640, 320, 240)).toBe(480);
    expect(heightForWidth(333, 1280, 720)).toBe(187); // 187.31
  });

  it('sets width analogously from the height', () => {
    expect(widthForHeight(600, 1920, 1080)).toBe(1067); // 1066.67
    expect(widthForHeight(480, 320, 240)).toBe(640);
  });

  it('treats a zero dimension as 1', () => {
    expect(heightForWidth(0, 1920, 1080)).toBe(1); // 1 × 1080 ÷ 1920 = 0.56 → 1
    expect(heightForWidth(600, 0, 1080)).toBe(648000);
    expect(heightForWidth(600, 1920, 0)).toBe(0); // 600 × 1 ÷ 1920 = 0.31 → 0
    expect(heightForWidth(600, null, null)).toBe(600);
    expect(widthForHeight(0, 320, 240)).toBe(1);
  });

  it('changes only the edited side when the ratio is off', () => {
    expect(resizeEmbed({ width: 600, height: 600 }, { side: 'width', value: 800 }, false, hd)).toEqual({ width: 800, height: 600 });
    expect(resizeEmbed({ width: 600, height: 600 }, { side: 'height', value: 100 }, false, hd)).toEqual({ width: 600, height: 100 });
  });

  it('follows the video proportions when the ratio is on, and reads an empty input as 0', () => {
    expect(resizeEmbed({ width: 600, height: 600 }, { side: 'width', value: 800 }, true, hd)).toEqual({ width: 800, height: 450 });
    expect(resizeEmbed({ width: 600, height: 600 }, { side: 'height', value: 450 }, true, hd)).toEqual({ width: 800, height: 450 });
    expect(resizeEmbed({ width: 600, height: 600 }, { side: 'width', value: null }, true, hd)).toEqual({ width: 0, height: 1 });
    expect(resizeEmbed({ width: 600, height: 600 }, { side: 'width', value: 640.6 }, true, { width: 320, height: 240 })).toEqual({ width: 641, height: 481 });
  });
});
