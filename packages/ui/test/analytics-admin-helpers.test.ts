import { describe, expect, it } from 'vitest';
import { dropOffShares } from '../src/lib/drop-off.ts';
import { formatMark, formatWatchTime } from '../src/lib/format.ts';
import { nextSort, sortableColumn } from '../src/lib/sort.ts';

describe('sorting (spec: clicking the same column toggles ASC/DESC)', () => {
  it('toggles the sorted column and starts another ascending', () => {
    expect(nextSort({ field: 'storage', direction: 'ASC' }, 'storage')).toEqual({ field: 'storage', direction: 'DESC' });
    expect(nextSort({ field: 'storage', direction: 'DESC' }, 'storage')).toEqual({ field: 'storage', direction: 'ASC' });
    expect(nextSort({ field: 'storage', direction: 'DESC' }, 'plan')).toEqual({ field: 'plan', direction: 'ASC' });
  });

  it('shows the arrow on the sorted column only', () => {
    const sort = { field: 'plan', direction: 'DESC' } as const;
    expect(sortableColumn(sort, 'plan').sortOrder).toBe('descend');
    expect(sortableColumn(sort, 'storage').sortOrder).toBeNull();
  });
});

describe('View drop-off rate', () => {
  it('is the share of starts still watching at each 15 s mark', () => {
    const points = dropOffShares([
      { name: '0', count: 4 },
      { name: '15', count: 3 },
      { name: '45', count: 1 },
    ]);
    expect(points).toEqual([
      { second: 0, share: 100 },
      { second: 15, share: 75 },
      { second: 30, share: 0 },
      { second: 45, share: 25 },
    ]);
  });

  it('is empty without starts and never above 100 %', () => {
    expect(dropOffShares([])).toEqual([]);
    expect(dropOffShares([{ name: '15', count: 2 }])).toEqual([]);
    expect(dropOffShares([
      { name: '0', count: 1 },
      { name: '15', count: 3 },
    ])[1]).toEqual({ second: 15, share: 100 });
  });
});

describe('analytics texts', () => {
  it('formats marks and watch time', () => {
    expect(formatMark(0)).toBe('0:00');
    expect(formatMark(75)).toBe('1:15');
    expect(formatWatchTime(42)).toBe('42 s');
    expect(formatWatchTime(187)).toBe('3 min 07 s');
    expect(formatWatchTime(7500)).toBe('2 h 05 min');
  });
});
