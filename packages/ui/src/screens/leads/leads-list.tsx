import { DownloadOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type Lead, type LeadsParams } from '@reelbase/api-client';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatClock, formatDate } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { useCan } from '../teams/use-team.ts';
import { LeadVideos } from './lead-videos.tsx';

const PAGE_SIZE = 25;

/** Saves text as a file through the browser's download (an object URL on a temporary link). */
function saveText(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The leads of the team, or of one video: search (email or name), a date range, a paged table
 * (newest first) and "Download CSV" of everything the filters match. A row opens the lead's
 * detail: the videos they watched, with heatmaps (issue 33); editors may delete (erase) a lead.
 */
export function LeadsList({ videoId }: { videoId?: string }) {
  const client = useClient();
  const alert = useAlert();
  const [search, setSearch] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const fromId = useId();
  const toId = useId();
  const readViewers = useCan('readLeads');
  const canErase = useCan('edit');
  const queryClient = useQueryClient();
  const filters: LeadsParams = { search: search.trim(), from, to };
  const leads = useQuery({
    queryKey: keys.leads(videoId ?? null, { ...filters, page }),
    queryFn: () => client.leads.list({ ...filters, page, limit: PAGE_SIZE }, videoId),
    placeholderData: keepPreviousData,
  });

  async function download() {
    setDownloading(true);
    try {
      const text = await client.leads.csv(filters, videoId);
      saveText(text, `leads-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv;charset=utf-8');
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  }
  async function erase(lead: Lead) {
    try {
      alert('success', (await client.leads.remove(lead.id)).message);
      await queryClient.invalidateQueries({ queryKey: ['leads'] });
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  const columns = [
    { title: t`Email`, dataIndex: 'email', key: 'email' },
    { title: t`Name`, dataIndex: 'name', key: 'name', render: (v: string | null) => v ?? '' },
    ...(videoId ? [] : [{ title: t`Video`, key: 'video', render: (_: unknown, l: Lead) => (l.videoId ? <Link to={`/${l.videoId}`}>{l.videoName}</Link> : l.videoName) }]),
    { title: t`Consent`, dataIndex: 'consentText', key: 'consent', render: (v: string | null) => (v ? t`Yes` : '') },
    { title: t({ message: 'Page', context: 'web page a lead came from' }), dataIndex: 'pageOrigin', key: 'page', render: (v: string | null) => v ?? '' },
    { title: t`Date`, dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => `${formatDate(v)} ${formatClock(new Date(v))}` },
    ...(canErase
      ? [
          {
            title: <span className="rb-sr-only">{t`Actions`}</span>,
            key: 'erase',
            render: (_: unknown, l: Lead) => (
              <Popconfirm
                title={t`Delete this lead? Their email and name leave Reelbase, and no viewer session names them any more.`}
                okText={t`Delete`}
                okButtonProps={{ danger: true }}
                onConfirm={() => erase(l)}
              >
                <Button size="small" danger aria-label={t`Delete the lead ${l.email}`}>
                  <Trans>Delete</Trans>
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="end">
        <Input.Search allowClear placeholder={t`Search email or name`} aria-label={t`Search leads`} style={{ maxWidth: 280 }} onSearch={filter(setSearch)} />
        <Flex vertical gap={2}>
          <label htmlFor={fromId}>
            <Trans>From</Trans>
          </label>
          <Input id={fromId} type="date" value={from} onChange={(e) => filter(setFrom)(e.target.value)} style={{ width: 160 }} />
        </Flex>
        <Flex vertical gap={2}>
          <label htmlFor={toId}>
            <Trans>To</Trans>
          </label>
          <Input id={toId} type="date" value={to} onChange={(e) => filter(setTo)(e.target.value)} style={{ width: 160 }} />
        </Flex>
        <Button icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
          <Trans>Download CSV</Trans>
        </Button>
      </Flex>
      {leads.isError ? (
        <Typography.Text type="danger" role="alert">
          {errorMessage(leads.error)}
        </Typography.Text>
      ) : (
        <Table<Lead>
          rowKey="id"
          size="middle"
          loading={leads.isPending}
          dataSource={leads.data?.items ?? []}
          columns={columns}
          // Secondary text, not the placeholder's pale grey: AA contrast.
          locale={{ emptyText: <Typography.Text type="secondary">{t`No leads yet. Turn on the lead form in a video’s player settings to collect emails.`}</Typography.Text> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: leads.data?.meta.totalItems ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: true }}
          expandable={readViewers ? { expandedRowRender: (l) => <LeadVideos leadId={l.id} email={l.email} />, columnTitle: <span className="rb-sr-only">{t`Watched videos`}</span> } : undefined}
        />
      )}
    </Flex>
  );
}
