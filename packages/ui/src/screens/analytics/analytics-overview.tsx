import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AnalyticsSortField, VideoAnalyticsRow } from '@reelbase/api-client';
import { errorMessage } from '@reelbase/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton, Table, type TableColumnsType, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatWatchTime } from '../../lib/format.ts';
import { nextSort, type SortState, sortableColumn, sortedKey } from '../../lib/sort.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { CsvButton } from './csv-button.tsx';
import { RangePicker, rangeLabel, useStatisticsRange } from './range-picker.tsx';
import { TotalsRow } from './totals-row.tsx';
import { trendDays } from '../../lib/viewers.ts';
import { useCan } from '../teams/use-team.ts';
import { ViewerPrivacy } from './viewer-privacy.tsx';

// The chart library comes with the trend's own chunk, after the table.
const TrendChart = lazy(() => import('./trend-chart.tsx'));

const PAGE_SIZE = 10;
const noVideos = (period: string) => t`No videos yet: upload one, embed it, and its plays in the ${period} show up here.`;

const cardTitle = (text: string) => <h2 style={{ fontSize: 17, margin: 0 }}>{text}</h2>;

/** Issue 33: the whole account's plays, minutes watched and unique viewers per day over the range. */
function AccountTrend({ range }: { range: ReturnType<typeof useStatisticsRange>[0] }) {
  const client = useClient();
  const { token } = theme.useToken();
  const { from, to } = trendDays(range);
  const trend = useQuery({ queryKey: keys.trend(from, to), queryFn: () => client.viewers.trend({ from, to }), placeholderData: keepPreviousData });
  const days = trend.data?.days ?? [];
  if (trend.isError) return <Typography.Text type="danger" role="alert">{errorMessage(trend.error)}</Typography.Text>;
  if (trend.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (!days.some((d) => d.plays > 0)) return <Empty description={t`No plays in this period yet.`} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
      <TrendChart days={days} colors={[token.colorPrimary, '#d46b08', '#389e0d']} />
    </Suspense>
  );
}

/**
 * /video-analytics (the sidebar's 'Analytics'): plays, viewers and watch time of every video of the
 * user over the chosen range, sorted on the server by any column (most plays first to begin with);
 * the account's trend per day and its viewer privacy (issue 33).
 */
export function AnalyticsOverviewPage() {
  const client = useClient();
  const [range, setRange] = useStatisticsRange();
  // The most played videos first: what someone opening Analytics looks for.
  const [sort, setSort] = useState<SortState<AnalyticsSortField>>({ field: 'plays', direction: 'DESC' });
  const [page, setPage] = useState(1);
  const params = { range, page, limit: PAGE_SIZE, field: sort.field, direction: sort.direction };
  const overview = useQuery({
    queryKey: [...keys.analyticsOverview, params],
    queryFn: () => client.statistics.overview(params),
    placeholderData: keepPreviousData,
  });
  const data = overview.data;
  // The trend and the viewer privacy come from the viewer sessions, which name people: lead readers only.
  const readViewers = useCan('readLeads');

  const columns: TableColumnsType<VideoAnalyticsRow> = [
    { title: t`Video`, dataIndex: 'name', ...sortableColumn(sort, 'name'), render: (name: string, row) => <Link to={`/video-analytics/${row.id}?range=${range}`}>{name}</Link> },
    { title: t`Uploaded`, dataIndex: 'createdAt', ...sortableColumn(sort, 'createdAt'), render: (d: string) => formatDate(d) },
    { title: t`Plays`, dataIndex: 'plays', align: 'right', ...sortableColumn(sort, 'plays') },
    { title: t`Unique viewers`, dataIndex: 'uniqueViewers', align: 'right', ...sortableColumn(sort, 'uniqueViewers') },
    { title: t`Watch time`, dataIndex: 'watchTimeSec', align: 'right', ...sortableColumn(sort, 'watchTimeSec'), render: (s: number) => formatWatchTime(s) },
    { title: t`Average watched`, dataIndex: 'averagePercentWatched', align: 'right', ...sortableColumn(sort, 'averagePercentWatched'), render: (p: number) => `${Math.round(p)} %` },
  ];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        <Trans>Analytics</Trans>
      </Typography.Title>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <RangePicker
          value={range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        {!!data?.meta.totalItems && <CsvButton of={t`every video's analytics`} testId="csv-overview" download={() => client.statistics.overviewCsv({ range, field: sort.field, direction: sort.direction })} />}
      </Flex>
      {data && <TotalsRow totals={data.totals} />}
      <Card styles={{ body: { padding: 0 } }}>
        <Table<VideoAnalyticsRow>
          rowKey="id"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={overview.isFetching}
          scroll={{ x: 760 }}
          aria-label={t`Videos' analytics`}
          locale={{ emptyText: overview.isError ? errorMessage(overview.error) : <Empty description={noVideos(rangeLabel(range))} /> }}
          pagination={data && data.meta.totalItems > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total: data.meta.totalItems, showSizeChanger: false } : false}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const key = sortedKey(sorter) as AnalyticsSortField | undefined;
              if (key) setSort((s) => nextSort(s, key));
              setPage(1);
            } else if (extra.action === 'paginate') setPage(pagination.current ?? 1);
          }}
        />
      </Card>
      {readViewers && (
        <Card title={cardTitle(t`Plays, minutes watched and unique viewers per day`)} data-testid="account-trend" style={{ marginTop: 16 }}>
          <AccountTrend range={range} />
        </Card>
      )}
      {readViewers && (
        <Row style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Card title={cardTitle(t`Viewer privacy`)} id="viewer-privacy">
              <ViewerPrivacy />
            </Card>
          </Col>
        </Row>
      )}
    </>
  );
}
