import { t } from '@lingui/core/macro';
import { Flex } from 'antd';
import { heatmapSummary } from '../../lib/viewers.ts';

/** Skipped, watched once, rewatched: light to dark, so the bar reads without colour vision too. */
export const HEATMAP_COLOURS = { skipped: '#e4e7ec', watched: '#69b1ff', rewatched: '#0b3d91' } as const;
const colourOf = (count: number) => (count >= 2 ? HEATMAP_COLOURS.rewatched : count === 1 ? HEATMAP_COLOURS.watched : HEATMAP_COLOURS.skipped);
const summaryOf = (bars: readonly number[]) => {
  const { watched, rewatched, skipped } = heatmapSummary(bars);
  return t`Watched ${watched} %, rewatched ${rewatched} %, skipped ${skipped} %`;
};

/**
 * A session's (or a lead's) heatmap: one bar per share of the video, from its start to its end.
 * Screen readers hear the shares watched, rewatched and skipped.
 */
export function HeatmapBar({ bars, width = 220 }: { bars: readonly number[]; width?: number | string }) {
  return (
    <div role="img" aria-label={summaryOf(bars)} data-testid="heatmap" data-bars={bars.join(',')} style={{ display: 'flex', width, height: 14, borderRadius: 3, overflow: 'hidden', border: '1px solid #98a2b3' }}>
      {bars.map((count, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions in the video, never reordered.
        <span key={i} style={{ flex: 1, background: colourOf(count) }} />
      ))}
    </div>
  );
}

/** What the heatmap's shades mean. */
export function HeatmapLegend() {
  const items = [
    { colour: HEATMAP_COLOURS.watched, label: t`Watched` },
    { colour: HEATMAP_COLOURS.rewatched, label: t`Rewatched` },
    { colour: HEATMAP_COLOURS.skipped, label: t`Skipped` },
  ];
  return (
    <Flex gap={16} wrap data-testid="heatmap-legend">
      {items.map((i) => (
        <Flex key={i.label} align="center" gap={6}>
          <span aria-hidden style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 2, background: i.colour, border: '1px solid #98a2b3' }} />
          <span>{i.label}</span>
        </Flex>
      ))}
    </Flex>
  );
}
