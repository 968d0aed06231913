import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { DEFAULT_COLOR_SCHEME, errorMessage, type StatisticsCsvChart } from '@reelbase/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Result, Row, Skeleton, Statistic, Tabs, Typography, theme } from 'antd';
import type { ApexOptions } from 'apexcharts';
import type { ComponentType, ReactNode } from 'react';
// The core build with the two chart types used here (not every type and feature apexcharts has).
import 'apexcharts/area';
import 'apexcharts/bar';
import * as apexChartModule from 'react-apexcharts/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { dropOffShares } from '../../lib/drop-off.ts';
import { formatMark } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { CsvButton } from './csv-button.tsx';
import { RangePicker, rangeLabel, useStatisticsRange } from './range-picker.tsx';
import { TotalsRow } from './totals-row.tsx';
import { DataTable } from './data-table.tsx';
import { EngagementChart } from './engagement-chart.tsx';
import { factName } from './fact-names.ts';
import { ViewersTab } from './viewers-tab.tsx';
import { i18n } from '../../i18n/index.ts';
import { LeadsList } from '../leads/leads-list.tsx';
import { useCan } from '../teams/use-team.ts';

type Datum = { name: string; count: number };
const playsOf = (plays: number) => plural(plays, { one: '# play', other: '# plays' });
const ofStarts = (share: number) => t`${share} % of starts`;
const analyticsOf = (name: string) => t`Analytics: ${name}`;
const noPlays = (period: string) => t`No one has watched this video in the ${period} yet. Plays of its embed show up here within a minute.`;
// The package's typings declare the component inside a module block TypeScript reads as a namespace.
const Chart = (apexChartModule as unknown as { default: ComponentType<{ type: 'area' | 'bar'; height: number; options: ApexOptions; series: ApexOptions['series'] }> }).default;

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
    xaxis: { categories: points.map((p) => formatMark(p.second)), title: { text: t`Time in the video` } },
    yaxis: { min: 0, max: 100, tickAmount: 4, labels: { formatter: (v) => `${Math.round(v)} %` }, title: { text: t`Viewers still watching` } },
    tooltip: { y: { formatter: (v) => ofStarts(v ?? 0) } },
  };
  return (
    <>
      <Chart type="area" height={300} options={options} series={[{ name: t`Still watching`, data: points.map((p) => p.share) }]} />
      <DataTable caption={t`View drop-off rate`} head={[t`Time`, t`Still watching`]} rows={points.map((p) => [formatMark(p.second), `${p.share} %`])} />
    </>
  );
}


function BarChart({ title, data: sent, color }: { title: string; data: Datum[]; color: string }) {
  const data = sent.map((d) => ({ ...d, name: factName(d.name) }));
  const options: ApexOptions = {
    chart: { toolbar: { show: false }, animations: { enabled: false }, fontFamily: 'inherit' },
    colors: [color],
    plotOptions: { bar: { horizontal: true, borderRadius: 3, barHeight: '60%' } },
    dataLabels: { enabled: true },
    // Whole plays only: no more ticks than the largest count.
    xaxis: { categories: data.map((d) => d.name), tickAmount: Math.max(1, Math.min(5, ...data.map((d) => d.count))), labels: { formatter: (v) => String(Math.round(Number(v))) } },
    tooltip: { y: { formatter: (v) => playsOf(v ?? 0) } },
  };
  return (
    <>
      {data.length ? (
        <Chart type="bar" height={Math.max(160, 48 + data.length * 36)} options={options} series={[{ name: t`Plays`, data: data.map((d) => d.count) }]} />
      ) : (
        <Empty description={t`No data in this period.`} />
      )}
      <DataTable caption={title} head={[t`Name`, t`Plays`]} rows={data.map((d) => [d.name, String(d.count)])} />
    </>
  );
}

/** The three bar charts: the spec's titles over the statistics' kinds. */
const BARS: readonly { kind: 'country' | 'device' | 'browser'; title: MessageDescriptor; color: string }[] = [
  { kind: 'country', title: msg`Location breakdown of the viewers`, color: DEFAULT_COLOR_SCHEME.playerPlayButton },
  { kind: 'device', title: msg`Devices`, color: DEFAULT_COLOR_SCHEME.playerControlBar },
  { kind: 'browser', title: msg`Browser used to view video`, color: DEFAULT_COLOR_SCHEME.playerCanvas },
];

type Tab = 'overview' | 'viewers';

/**
 * /video-analytics/{videoId}: totals, 'View drop-off rate' (the engagement graph of the viewer
 * sessions; the 15 s beacon curve for a video without sessions) and the location, device and
 * browser bars over a date range; the Viewers tab (?tab=viewers) lists each session with its
 * heatmap. The charts (apexcharts) are in this screen's chunk only.
 */
export function VideoAnalyticsPage() {
  const { videoId = '' } = useParams();
  const client = useClient();
  const { token } = theme.useToken();
  const [range, setRange] = useStatisticsRange();
  const [params, setParams] = useSearchParams();
  // Sessions name people: the team's lead readers see them (the API checks it too).
  const readViewers = useCan('readLeads');
  const tab: Tab = readViewers && params.get('tab') === 'viewers' ? 'viewers' : 'overview';
  const video = useQuery({ queryKey: keys.video(videoId), queryFn: () => client.videos.get(videoId) });
  const stats = useQuery({
    queryKey: keys.statistics(videoId, range),
    queryFn: () => client.statistics.forVideo(videoId, range),
    placeholderData: keepPreviousData,
  });
  const engagement = useQuery({ queryKey: keys.engagement(videoId), queryFn: () => client.viewers.engagement(videoId), enabled: readViewers });
  const s = stats.data;
  const csv = (chart: StatisticsCsvChart, of: string, spelled = false) => (
    <CsvButton of={of} spelled={spelled} testId={`csv-${chart}`} download={() => client.statistics.videoCsv(videoId, range, chart)} />
  );
  const missing = (video.error as { status?: number } | null)?.status === 404 || (stats.error as { status?: number } | null)?.status === 404;

  return (
    <>
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Link to={`/${videoId}`} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <ArrowLeftOutlined aria-hidden /> <Trans>Back to the video</Trans>
        </Link>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
          {video.data ? analyticsOf(video.data.name) : t`Analytics`}
        </Typography.Title>
      </Flex>
      {missing ? (
        <Result status="404" title={t`This video is not available`} extra={<Link to="/video-analytics">{t`All videos' analytics`}</Link>} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams(
              (p) => {
                if (key === 'viewers') p.set('tab', key);
                else p.delete('tab');
                return p;
              },
              { replace: true },
            )
          }
          items={[
            { key: 'overview', label: t({ message: 'Overview', context: 'video analytics tab' }), children: overview() },
            ...(readViewers ? [{ key: 'viewers', label: t({ message: 'Viewers', context: 'video analytics tab' }), children: <ViewersTab videoId={videoId} /> }] : []),
          ]}
        />
      )}
    </>
  );

  function overview() {
    return (
        <>
          <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
            <RangePicker value={range} onChange={setRange} />
            <Flex align="center" gap={16} wrap>
              {s && s.totals.plays > 0 && csv('daily', t`plays per day`, true)}
              <Link to={`/video-analytics?range=${range}`}>{t`All videos`}</Link>
            </Flex>
          </Flex>
          {stats.isPending ? (
            <div role="status" aria-label={t`Loading analytics`}>
              <Skeleton active paragraph={{ rows: 8 }} />
            </div>
          ) : stats.isError || !s ? (
            <Result status="warning" title={t`The analytics could not be loaded`} subTitle={errorMessage(stats.error)} />
          ) : (
            <div aria-busy={stats.isFetching} style={{ opacity: stats.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
              <TotalsRow totals={s.totals} />
              {/* issue 27: the call to action's clicks over the range. */}
              <Card data-testid="total-cta-clicks" style={{ marginBottom: 16 }}>
                <Statistic title={t`Call to action clicks`} value={String(s.ctaClicks)} />
              </Card>
              {s.totals.plays === 0 ? (
                <Card>
                  <Empty description={noPlays(rangeLabel(range))} />
                </Card>
              ) : (
                <Row gutter={[16, 16]}>
                  <Col xs={24}>
                    <ChartCard title={t`View drop-off rate`} testId="chart-drop-off" csv={csv('dropOff', t`View drop-off rate`)}>
                      {engagement.data && engagement.data.plays > 0 ? (
                        <EngagementChart engagement={engagement.data} color={token.colorPrimary} caption={t`View drop-off rate`} />
                      ) : (
                        <DropOffChart data={s.dropOff} color={token.colorPrimary} />
                      )}
                    </ChartCard>
                  </Col>
                  {BARS.map((b) => (
                    <Col key={b.kind} xs={24} lg={8}>
                      <ChartCard title={i18n._(b.title)} testId={`chart-${b.kind}`} csv={csv(b.kind, i18n._(b.title))}>
                        <BarChart title={i18n._(b.title)} data={s[b.kind]} color={b.color} />
                      </ChartCard>
                    </Col>
                  ))}
                </Row>
              )}
            </div>
          )}
          <Card title={<h2 style={{ fontSize: 17, margin: 0 }}>{t({ message: 'Leads', context: 'video analytics card' })}</h2>} data-testid="video-leads" style={{ marginTop: 16 }}>
            <LeadsList videoId={videoId} />
          </Card>
        </>
    );
  }
}
