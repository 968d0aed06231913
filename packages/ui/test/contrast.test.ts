import { describe, expect, it } from 'vitest';
import { contrastRatio, playerContrastWarnings } from '../src/components/contrast.ts';

describe('player colour contrast (WCAG AA)', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('warns about a control bar too light for its white icons and time, and a light play button', () => {
    const warnings = playerContrastWarnings({ playerControlBar: '#43C3D7', playerPlayButton: '#FFE066' });
    expect(warnings).toEqual([
      'Control bar: the white icons and time on it have a contrast of 2.1:1, below the 4.5:1 that WCAG AA asks for. A darker colour is easier to read.',
      'Play button: its white icon has a contrast of 1.3:1, below the 3:1 that WCAG AA asks for. A darker colour is easier to see.',
    ]);
  });

  it('says nothing for colours that pass', () => {
    expect(playerContrastWarnings({ playerControlBar: '#1f2937', playerPlayButton: '#1974BB' })).toEqual([]);
  });
});
