import { t } from '@lingui/core/macro';
import type { Engagement } from '@reelbase/api-client';
import { Col, Row, Statistic, Typography } from 'antd';
import type { ApexOptions } from 'apexcharts';
import type { ComponentType } from 'react';
// (The area chart's module is imported by the screen that shows it, video-analytics.tsx.)
import * as apexChartModule from 'react-apexcharts/core';
import { formatMark, formatNumber } from '../../lib/format.ts';
import { engagementMarks, engagementPoints } from '../../lib/viewers.ts';
import { DataTable } from './data-table.tsx';

const Chart = (apexChartModule as unknown as { default: ComponentType<{ type: 'area'; height: number; options: ApexOptions; series: ApexOptions['series'] }> }).default;
const ofPlays = (share: number) => t`${share} % of plays`;

/**
 * The engagement graph (issue 33): for each second of the video, the share of plays that watched
 * it, from the viewer sessions' watched ranges. Unlike the 15 s beacon curve it never rises above
 * what was watched: a viewer who skips a part does not count there. `caption` names its table for
 * screen readers (the card's title).
 */
export function EngagementChart({ engagement: e, color, caption }: { engagement: Engagement; color: string; caption: string }) {
  const points = engagementPoints(e);
  const options: ApexOptions = {
    chart: { id: 'engagement', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: [color],
    dataLabels: { enabled: false },
    stroke: { curve: 'straight', width: 2 },
    xaxis: { type: 'numeric', min: 0, max: Math.max(1, e.durationSec), tickAmount: Math.min(10, Math.max(1, Math.round(e.durationSec))), labels: { formatter: (v) => formatMark(Number(v)) }, title: { text: t`Time in the video` } },
    yaxis: { min: 0, max: 100, tickAmount: 4, labels: { formatter: (v) => `${Math.round(v)} %` }, title: { text: t`Plays that watched it` } },
    tooltip: { x: { formatter: (v) => formatMark(Number(v)) }, y: { formatter: (v) => ofPlays(v ?? 0) } },
  };
  const figures = [
    { id: 'plays', title: t`Plays`, value: formatNumber(e.plays) },
    { id: 'unique-viewers', title: t`Unique viewers`, value: formatNumber(e.uniqueViewers) },
    { id: 'average', title: t`Average watched`, value: `${formatNumber(Math.round(e.averagePercent))} %` },
  ];
  return (
    <div data-testid="engagement">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t`Since viewer sessions were recorded, all time: the share of plays that watched each moment.`}</Typography.Paragraph>
      <Row gutter={16}>
        {figures.map((f) => (
          <Col key={f.id} xs={8}>
            <div data-testid={`engagement-${f.id}`}>
              <Statistic title={f.title} value={f.value} />
            </div>
          </Col>
        ))}
      </Row>
      <Chart type="area" height={300} options={options} series={[{ name: t`Watched`, data: points.map((p) => ({ x: p.second, y: p.percent })) }]} />
      <DataTable caption={caption} head={[t`Time`, t`Plays that watched it`]} rows={engagementMarks(points, e.durationSec).map((p) => [formatMark(p.second), `${p.percent} %`])} />
    </div>
  );
}
