import { t } from '@lingui/core/macro';
import { errorMessage, type LeadVideo } from '@reelbase/api-client';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatClock, formatDate, formatWatchTime } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { HeatmapBar, HeatmapLegend } from '../analytics/heatmap-bar.tsx';

const watchedBy = (email: string) => t`Videos ${email} watched`;

/** Issue 33: a lead's detail — every video they watched, over all their sessions, with its heatmap. */
export function LeadVideos({ leadId, email }: { leadId: string; email: string }) {
  const client = useClient();
  const videos = useQuery({ queryKey: keys.leadVideos(leadId), queryFn: () => client.viewers.ofLead(leadId) });
  if (videos.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (videos.isError) return <Typography.Text type="danger" role="alert">{errorMessage(videos.error)}</Typography.Text>;
  const columns: TableColumnsType<LeadVideo> = [
    { title: t`Video`, key: 'video', render: (_, v) => <Link to={`/video-analytics/${v.videoId}?tab=viewers`}>{v.videoName}</Link> },
    { title: t`Sessions`, dataIndex: 'sessions', key: 'sessions', align: 'right' },
    { title: t`Last watched`, dataIndex: 'lastWatchedAt', key: 'last', render: (v: string) => `${formatDate(v)} ${formatClock(new Date(v))}` },
    { title: t`Watched`, key: 'watched', render: (_, v) => `${formatWatchTime(v.watchedSeconds)} (${Math.round(v.percentWatched)} %)` },
    { title: t`Heatmap`, key: 'heatmap', render: (_, v) => <HeatmapBar bars={v.heatmap} /> },
  ];
  return (
    <div data-testid="lead-videos">
      <Table<LeadVideo>
        rowKey="videoId"
        size="small"
        aria-label={watchedBy(email)}
        dataSource={videos.data.items}
        columns={columns}
        pagination={false}
        locale={{ emptyText: <Typography.Text type="secondary">{t`No watched videos recorded for this lead yet.`}</Typography.Text> }}
        footer={videos.data.items.length ? () => <HeatmapLegend /> : undefined}
      />
    </div>
  );
}
