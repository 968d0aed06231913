import { STATISTICS_RANGE_DEFAULT, STATISTICS_RANGES, type StatisticsRange } from '@reelbase/api-client';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router-dom';

const LABELS: Record<StatisticsRange, string> = { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', all: 'All time' };

/** The analytics date range, kept in the URL (?range=) so a reload or a shared link shows the same period. */
export function useStatisticsRange(): [StatisticsRange, (r: StatisticsRange) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const range = (STATISTICS_RANGES as readonly string[]).includes(raw ?? '') ? (raw as StatisticsRange) : STATISTICS_RANGE_DEFAULT;
  const set = (r: StatisticsRange) =>
    setParams(
      (p) => {
        p.set('range', r);
        return p;
      },
      { replace: true },
    );
  return [range, set];
}

export function RangePicker({ value, onChange }: { value: StatisticsRange; onChange(r: StatisticsRange): void }) {
  return <Segmented<StatisticsRange> aria-label="Date range" value={value} onChange={onChange} options={STATISTICS_RANGES.map((r) => ({ value: r, label: LABELS[r] }))} />;
}

export const rangeLabel = (r: StatisticsRange) => LABELS[r].toLowerCase();
