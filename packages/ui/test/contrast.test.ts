import { DEFAULT_COLOR_SCHEME } from '@reelbase/api-client';
import { describe, expect, it } from 'vitest';
import { contrastProblems, contrastRatio, formatRatio, isSpecDefaultScheme, parseHex, relativeLuminance, schemeContrast } from '../src/lib/contrast.ts';

describe('WCAG 2 contrast', () => {
  it('relative luminance: black 0, white 1, the sRGB curve between', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(relativeLuminance('#fff')).toBe(1);
    // Mid grey is far below half: the curve is not linear.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    // Green weighs most, blue least.
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#0000ff')).toBeCloseTo(0.0722, 4);
    expect(() => relativeLuminance('blue')).toThrow(/Not a colour/);
    expect(parseHex('#12345')).toBeNull();
  });

  it('contrast ratio: 21 for black on white, 1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#43c3d7', '#43C3D7')).toBe(1);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBe(contrastRatio('#ffffff', '#767676'));
    // Just under AA: 4.48 must not read as 4.5.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.4:1');
  });

  it("the spec's default colours fall short for the white icons; a dark scheme passes", () => {
    const checks = schemeContrast(DEFAULT_COLOR_SCHEME);
    expect(checks.map((c) => [c.pair, formatRatio(c.ratio), c.minimum])).toEqual([
      ['White icons and time on the control bar', '2.0:1', 4.5],
      ['The white play icon on the play button', '2.6:1', 4.5],
      ['The seek and volume sliders (play button colour) on the control bar', '1.2:1', 3],
    ]);
    expect(contrastProblems(DEFAULT_COLOR_SCHEME)).toHaveLength(3);
    expect(contrastProblems({ playerPlayButton: '#c62828', playerControlBar: '#1a1a1a' })).toEqual([]);
    // Only the pair that fails is named.
    expect(contrastProblems({ playerPlayButton: '#c62828', playerControlBar: '#7a1010' }).map((p) => p.pair)).toEqual([
      'The seek and volume sliders (play button colour) on the control bar',
    ]);
  });
});

describe("the spec's default colours", () => {
  it('are recognised in any case, and only while both the play button and control bar are untouched', () => {
    expect(isSpecDefaultScheme(DEFAULT_COLOR_SCHEME)).toBe(true);
    expect(isSpecDefaultScheme({ playerPlayButton: '#22a9e0', playerControlBar: '#43c3d7' })).toBe(true);
    expect(isSpecDefaultScheme({ playerPlayButton: '#22A9E0', playerControlBar: '#1a1a1a' })).toBe(false);
    expect(isSpecDefaultScheme({ playerPlayButton: '#c62828', playerControlBar: '#43C3D7' })).toBe(false);
  });
});
