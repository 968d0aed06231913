import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AnalyticsSortField, VideoAnalyticsRow } from '@reelbase/api-client';
import { errorMessage } from '@reelbase/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatWatchTime } from '../../lib/format.ts';
import { nextSort, type SortState, sortableColumn, sortedKey } from '../../lib/sort.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { CsvButton } from './csv-button.tsx';
import { RangePicker, rangeLabel, useStatisticsRange } from './range-picker.tsx';
import { TotalsRow } from './totals-row.tsx';

const PAGE_SIZE = 10;
const noVideos = (period: string) => t`No videos yet: upload one, embed it, and its plays in the ${period} show up here.`;

/**
 * /video-analytics (the sidebar's 'Analytics'): plays, viewers and watch time of every video of the
 * user over the chosen range, sorted on the server by any column (most plays first to begin with).
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
    </>
  );
}
