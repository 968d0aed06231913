import { describe, expect, it } from 'vitest';
import { clipGifEnd } from '@reelbase/api-client';
import { formatTimeInput, parseTimeInput } from '../src/lib/time-input.ts';

describe('hh:mm:ss time inputs', () => {
  it('parses hh:mm:ss into seconds', () => {
    expect(parseTimeInput('00:00:00')).toBe(0);
    expect(parseTimeInput('00:01:05')).toBe(65);
    expect(parseTimeInput('01:00:00')).toBe(3600);
    expect(parseTimeInput(' 1:02:03 ')).toBe(3723);
    expect(parseTimeInput('99:59:59')).toBe(99 * 3600 + 59 * 60 + 59);
  });

  it('resets anything invalid to 0', () => {
    for (const bad of ['', '   ', 'abc', '1:2:3', '00:60:00', '00:00:60', '00-01-05', '01:05', '65', '-00:00:05', '00:00:05.5', '100:00:00', null, undefined]) {
      expect(parseTimeInput(bad)).toBe(0);
    }
  });

  it('formats seconds back to hh:mm:ss', () => {
    expect(formatTimeInput(0)).toBe('00:00:00');
    expect(formatTimeInput(65)).toBe('00:01:05');
    expect(formatTimeInput(3723.9)).toBe('01:02:03');
    expect(formatTimeInput(-4)).toBe('00:00:00');
    expect(formatTimeInput(Number.NaN)).toBe('00:00:00');
    expect(parseTimeInput(formatTimeInput(5000))).toBe(5000);
  });

  it('clips the GIF end so that its length stays within the frame rate maximum', () => {
    expect(clipGifEnd(10, 100, 5)).toBe(70);
    expect(clipGifEnd(10, 30, 5)).toBe(30);
    expect(clipGifEnd(0, 20, 25)).toBe(10);
    expect(clipGifEnd(5, 50, 10)).toBe(35);
    expect(clipGifEnd(0, 50, 12)).toBe(25);
    expect(clipGifEnd(0, 50, 20)).toBe(15);
    expect(clipGifEnd(0, 50, 7)).toBe(40);
  });
});
