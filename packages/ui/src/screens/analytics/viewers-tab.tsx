import { t } from '@lingui/core/macro';
import { errorMessage, type ViewerSession } from '@reelbase/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { formatClock, formatDate, formatWatchTime } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { CsvButton } from './csv-button.tsx';
import { factName } from './fact-names.ts';
import { HeatmapBar, HeatmapLegend } from './heatmap-bar.tsx';

const PAGE_SIZE = 25;

/** Who watched: the email (a lead's, or the page's ?email=) and name when known. */
function Viewer({ viewer }: { viewer: ViewerSession['viewer'] }) {
  if (!viewer?.email && !viewer?.name) return <Typography.Text type="secondary">{t`Anonymous viewer`}</Typography.Text>;
  return (
    <Flex vertical>
      <span>{viewer.name ?? viewer.email}</span>
      {viewer.name && viewer.email && <Typography.Text type="secondary">{viewer.email}</Typography.Text>}
    </Flex>
  );
}

/**
 * The video analytics' Viewers tab (issue 33): one row per viewer session, newest first, with who
 * (or "Anonymous viewer"), when, how much, where and on what, and its heatmap; the sessions as CSV.
 */
export function ViewersTab({ videoId }: { videoId: string }) {
  const client = useClient();
  const [page, setPage] = useState(1);
  const sessions = useQuery({
    queryKey: keys.viewers(videoId, page),
    queryFn: () => client.viewers.sessions(videoId, { page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<ViewerSession> = [
    { title: t`Viewer`, key: 'viewer', render: (_, s) => <Viewer viewer={s.viewer} /> },
    { title: t`Watched on`, dataIndex: 'startedAt', key: 'startedAt', render: (v: string) => `${formatDate(v)} ${formatClock(new Date(v))}` },
    { title: t`Watched`, key: 'watched', render: (_, s) => `${formatWatchTime(s.watchedSeconds)} (${Math.round(s.percentWatched)} %)` },
    { title: t`Country`, dataIndex: 'country', key: 'country', render: (v: string) => factName(v) },
    { title: t`Device`, dataIndex: 'device', key: 'device', render: (v: string) => factName(v) },
    { title: t`Heatmap`, key: 'heatmap', render: (_, s) => <HeatmapBar bars={s.heatmap} /> },
  ];
  const total = sessions.data?.meta.totalItems ?? 0;
  return (
    <Flex vertical gap={12} data-testid="viewers">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <HeatmapLegend />
        {total > 0 && <CsvButton of={t`viewer sessions`} spelled testId="csv-viewers" download={() => client.viewers.sessionsCsv(videoId)} />}
      </Flex>
      {sessions.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(sessions.error)}
        </Typography.Text>
      ) : (
        <Table<ViewerSession>
          rowKey="sessionId"
          size="middle"
          aria-label={t`Viewer sessions`}
          loading={sessions.isPending}
          dataSource={sessions.data?.items ?? []}
          columns={columns}
          locale={{ emptyText: <Typography.Text type="secondary">{t`No viewer sessions yet. Each play of the embed or the share page shows up here.`}</Typography.Text> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: true }}
        />
      )}
    </Flex>
  );
}
