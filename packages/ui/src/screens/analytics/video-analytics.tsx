import { ArrowLeftOutlined } from '@ant-design/icons';
import { DEFAULT_COLOR_SCHEME, errorMessage, type StatisticsCsvChart } from '@reelbase/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Result, Row, Skeleton, Statistic, Typography, theme } from 'antd';
import type { ApexOptions } from 'apexcharts';
import type { ComponentType, ReactNode } from 'react';
// The core build with the two chart types used here (not every type and feature apexcharts has).
import 'apexcharts/area';
import 'apexcharts/bar';
import * as apexChartModule from 'react-apexcharts/core';
import { Link, useParams } from 'react-router-dom';
import { dropOffShares } from '../../lib/drop-off.ts';
import { formatMark } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { CsvButton } from './csv-button.tsx';
import { RangePicker, rangeLabel, useStatisticsRange } from './range-picker.tsx';
import { TotalsRow } from './totals-row.tsx';
import { LeadsList } from '../leads/leads-list.tsx';

type Datum = { name: string; count: number };
// The package's typings declare the component inside a module block TypeScript reads as a namespace.
const Chart = (apexChartModule as unknown as { default: ComponentType<{ type: 'area' | 'bar'; height: number; options: ApexOptions; series: ApexOptions['series'] }> }).default;

/** The figures of a chart as a table for screen readers (the SVG alone says nothing to them). */
function DataTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <table className="rb-sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th>{head[0]}</th>
          <th>{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([a, b]) => (
          <tr key={a}>
            <td>{a}</td>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChartCard({ title, testId, csv, children }: { title: string; testId: string; csv: ReactNode; children: ReactNode }) {
  return (
    <Card title={<h2 style={{ fontSize: 17, margin: 0, whiteSpace: 'normal' }}>{title}</h2>} extra={csv} data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

function DropOffChart({ data, color }: { data: Datum[]; color: string }) {
  const points = dropOffShares(data);
  const options: ApexOptions = {
    chart: { id: 'drop-off', toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: [color],
    dataLabels: { enabled: false },
    stroke: { curve: 'straight', width: 2 },
    // A short video has one or two marks: the dots keep them visible.
    markers: { size: 4 },
    xaxis: { categories: points.map((p) => formatMark(p.second)), title: { text: 'Time in the video' } },
    yaxis: { min: 0, max: 100, tickAmount: 4, labels: { formatter: (v) => `${Math.round(v)} %` }, title: { text: 'Viewers still watching' } },
    tooltip: { y: { formatter: (v) => `${v} % of starts` } },
  };
  return (
    <>
      <Chart type="area" height={300} options={options} series={[{ name: 'Still watching', data: points.map((p) => p.share) }]} />
      <DataTable caption="View drop-off rate" head={['Time', 'Still watching']} rows={points.map((p) => [formatMark(p.second), `${p.share} %`])} />
    </>
  );
}

function BarChart({ title, data, color }: { title: string; data: Datum[]; color: string }) {
  const options: ApexOptions = {
    chart: { toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: [color],
    plotOptions: { bar: { horizontal: true, borderRadius: 3, barHeight: '60%' } },
    dataLabels: { enabled: true },
    // Whole plays only: no more ticks than the largest count.
    xaxis: { categories: data.map((d) => d.name), tickAmount: Math.max(1, Math.min(5, ...data.map((d) => d.count))), labels: { formatter: (v) => String(Math.round(Number(v))) } },
    tooltip: { y: { formatter: (v) => `${v} plays` } },
  };
  return (
    <>
      {data.length ? (
        <Chart type="bar" height={Math.max(160, 48 + data.length * 36)} options={options} series={[{ name: 'Plays', data: data.map((d) => d.count) }]} />
      ) : (
        <Empty description="No data in this period." />
      )}
      <DataTable caption={title} head={['Name', 'Plays']} rows={data.map((d) => [d.name, String(d.count)])} />
    </>
  );
}

/** The three bar charts: the spec's titles over the statistics' kinds. */
const BARS = [
  { kind: 'country', title: 'Location breakdown of the viewers', color: DEFAULT_COLOR_SCHEME.playerPlayButton },
  { kind: 'device', title: 'Devices', color: DEFAULT_COLOR_SCHEME.playerControlBar },
  { kind: 'browser', title: 'Browser used to view video', color: DEFAULT_COLOR_SCHEME.playerCanvas },
] as const;

/**
 * /video-analytics/{videoId}: totals, 'View drop-off rate' (share of starts still watching at each
 * 15 s mark) and the location, device and browser bars over a date range. The charts
 * (apexcharts) are in this screen's chunk only.
 */
export function VideoAnalyticsPage() {
  const { videoId = '' } = useParams();
  const client = useClient();
  const { token } = theme.useToken();
  const [range, setRange] = useStatisticsRange();
  const video = useQuery({ queryKey: keys.video(videoId), queryFn: () => client.videos.get(videoId) });
  const stats = useQuery({
    queryKey: keys.statistics(videoId, range),
    queryFn: () => client.statistics.forVideo(videoId, range),
    placeholderData: keepPreviousData,
  });
  const s = stats.data;
  const csv = (chart: StatisticsCsvChart, of: string, spelled = false) => (
    <CsvButton of={of} spelled={spelled} testId={`csv-${chart}`} download={() => client.statistics.videoCsv(videoId, range, chart)} />
  );
  const missing = (video.error as { status?: number } | null)?.status === 404 || (stats.error as { status?: number } | null)?.status === 404;

  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Link to={`/${videoId}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <ArrowLeftOutlined aria-hidden /> Back to the video
        </Link>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
          Analytics{video.data ? `: ${video.data.name}` : ''}
        </Typography.Title>
      </Flex>
      {missing ? (
        <Result status="404" title="This video is not available" extra={<Link to="/video-analytics">All videos' analytics</Link>} />
      ) : (
        <>
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
            <RangePicker value={range} onChange={setRange} />
            <Flex align="center" gap={16} wrap>
              {s && s.totals.plays > 0 && csv('daily', 'plays per day', true)}
              <Link to={`/video-analytics?range=${range}`}>All videos</Link>
            </Flex>
          </Flex>
          {stats.isPending ? (
            <div role="status" aria-label="Loading analytics">
              <Skeleton active paragraph={{ rows: 8 }} />
            </div>
          ) : stats.isError || !s ? (
            <Result status="warning" title="The analytics could not be loaded" subTitle={errorMessage(stats.error)} />
          ) : (
            <div aria-busy={stats.isFetching} style={{ opacity: stats.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
              <TotalsRow totals={s.totals} />
              {/* issue 27: the call to action's clicks over the range. */}
              <Card data-testid="total-cta-clicks" style={{ marginBottom: 16 }}>
                <Statistic title="Call to action clicks" value={String(s.ctaClicks)} />
              </Card>
              {s.totals.plays === 0 ? (
                <Card>
                  <Empty description={`No one has watched this video in the ${rangeLabel(range)} yet. Plays of its embed show up here within a minute.`} />
                </Card>
              ) : (
                <Row gutter={[16, 16]}>
                  <Col xs={24}>
                    <ChartCard title="View drop-off rate" testId="chart-drop-off" csv={csv('dropOff', 'View drop-off rate')}>
                      <DropOffChart data={s.dropOff} color={token.colorPrimary} />
                    </ChartCard>
                  </Col>
                  {BARS.map((b) => (
                    <Col key={b.kind} xs={24} lg={8}>
                      <ChartCard title={b.title} testId={`chart-${b.kind}`} csv={csv(b.kind, b.title)}>
                        <BarChart title={b.title} data={s[b.kind]} color={b.color} />
                      </ChartCard>
                    </Col>
                  ))}
                </Row>
              )}
            </div>
          )}
          <Card title={<h2 style={{ fontSize: 17, margin: 0 }}>Leads</h2>} data-testid="video-leads" style={{ marginTop: 16 }}>
            <LeadsList videoId={videoId} />
          </Card>
        </>
      )}
    </>
  );
}
