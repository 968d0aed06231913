import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { STATISTICS_RANGE_DEFAULT, STATISTICS_RANGES, type StatisticsRange } from '@reelbase/api-client';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { i18n } from '../../i18n/index.ts';

const LABELS: Record<StatisticsRange, MessageDescriptor> = { '7': msg`Last 7 days`, '30': msg`Last 30 days`, '90': msg`Last 90 days`, all: msg`All time` };
// The range inside a sentence ("… in the last 7 days …").
const IN_SENTENCE: Record<StatisticsRange, MessageDescriptor> = {
  '7': msg({ message: 'last 7 days', context: 'date range in a sentence' }),
  '30': msg({ message: 'last 30 days', context: 'date range in a sentence' }),
  '90': msg({ message: 'last 90 days', context: 'date range in a sentence' }),
  all: msg({ message: 'all time', context: 'date range in a sentence' }),
};

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
  return <Segmented<StatisticsRange> aria-label={t`Date range`} value={value} onChange={onChange} options={STATISTICS_RANGES.map((r) => ({ value: r, label: i18n._(LABELS[r]) }))} />;
}

export const rangeLabel = (r: StatisticsRange) => i18n._(IN_SENTENCE[r]);
