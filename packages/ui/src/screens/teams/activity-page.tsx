import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, TEAM_ACTIVITY_ACTIONS, TEAM_ACTIVITY_PAGE_SIZE, TEAM_ROLES, type TeamActivity, type TeamActivityAction, type TeamRole } from '@reelbase/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Result, Select, Skeleton, Table, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatClock, formatDate } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useClient } from '../../services.tsx';
import { roleInline } from './role-tag.tsx';
import { useCurrentTeam } from './use-team.ts';
import { i18n } from '../../i18n/index.ts';

interface Filters {
  action?: TeamActivityAction;
  actorId?: string;
  from?: string;
  to?: string;
  page: number;
}

// The details' keys the app knows, in words; others (ids, flags) show as they come.
const DETAIL_KEYS: Record<string, MessageDescriptor> = { role: msg`role`, previousRole: msg`previous role`, visibility: msg`visibility` };
const isRole = (v: unknown): v is TeamRole => typeof v === 'string' && (TEAM_ROLES as readonly string[]).includes(v);
function detailText(key: string, value: string | number | boolean | null): string {
  const label = DETAIL_KEYS[key] ? i18n._(DETAIL_KEYS[key]) : key;
  return `${label}: ${(key === 'role' || key === 'previousRole') && isRole(value) ? roleInline(value) : value}`;
}

/** What an entry was done to, in words (a video links to its page while it exists). */
function Subject({ entry }: { entry: TeamActivity }) {
  const s = entry.subject;
  const name = s.name ?? '—';
  const detail = Object.entries(entry.details)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => detailText(k, v))
    .join(', ');
  return (
    <div>
      {s.type === 'video' && s.id && entry.action !== 'video.deleted' ? <Link to={`/${s.id}`}>{name}</Link> : <span>{name}</span>}
      {detail && (
        <div>
          <Typography.Text type="secondary">{detail}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/** A labelled, clearable filter; cleared, it filters nothing. */
function FilterSelect<T extends string>(p: { label: string; placeholder: string; width: number; value: T | undefined; onChange(v: T | undefined): void; options: { value: T; label: string }[] }) {
  const id = useId();
  return (
    <Flex align="center" gap={8}>
      <label htmlFor={id}>{p.label}</label>
      <Select<T> id={id} allowClear placeholder={p.placeholder} style={{ width: p.width }} value={p.value} onChange={(v) => p.onChange(v ?? undefined)} options={p.options} />
    </Flex>
  );
}

const time = (iso: string) => `${formatDate(iso)} ${formatClock(new Date(iso))}`;

// The contract's TEAM_ACTIVITY_LABELS in the active language.
const ACTION_LABELS: Record<TeamActivityAction, MessageDescriptor> = {
  'video.uploaded': msg`Uploaded a video`,
  'video.imported': msg`Imported a video`,
  'video.deleted': msg`Deleted a video`,
  'video.privacy_changed': msg`Changed the privacy of a video`,
  'member.invited': msg`Invited a member`,
  'member.joined': msg`Joined the team`,
  'member.role_changed': msg`Changed a role`,
  'member.removed': msg`Removed a member`,
  'member.left': msg`Left the team`,
  'invitation.revoked': msg`Revoked an invitation`,
  'ownership.requested': msg`Asked to transfer ownership`,
  'ownership.transferred': msg`Transferred ownership`,
  'api_key.created': msg`Created an API key`,
  'api_key.revoked': msg`Revoked an API key`,
  'webhook.created': msg`Added a webhook`,
  'webhook.updated': msg`Changed a webhook`,
  'webhook.deleted': msg`Deleted a webhook`,
  'webhook.secret_rotated': msg`Rotated a webhook's secret`,
  'caption.added': msg`Added captions`,
  'caption.updated': msg`Changed captions`,
  'caption.deleted': msg`Deleted captions`,
  'viewer_settings.changed': msg`Changed the viewer privacy settings`,
  'lead.deleted': msg`Deleted a lead`,
};
const actionLabel = (a: TeamActivityAction) => i18n._(ACTION_LABELS[a]);

/** The team's activity log (the last 90 days, newest first): who uploaded, deleted, changed privacy or roles; filter by action, member and dates. */
export function ActivityPage() {
  const client = useClient();
  const team = useCurrentTeam();
  const [filters, setFilters] = useState<Filters>({ page: 1 });
  const membersQuery = useQuery({ queryKey: keys.teamMembers(team?.id ?? ''), queryFn: () => client.teams.members(team?.id as string), enabled: !!team });
  const query = { page: filters.page, limit: TEAM_ACTIVITY_PAGE_SIZE, action: filters.action, actorId: filters.actorId, from: filters.from, to: filters.to };
  const activity = useQuery({
    queryKey: [...keys.teamActivity(team?.id ?? ''), query],
    queryFn: () => client.teams.activity(team?.id as string, query),
    enabled: !!team,
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));

  if (!team) return <Skeleton active />;
  const teamName = team.name;
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        <Trans>Activity log</Trans>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <Trans>What the members of {teamName} did in the last 90 days.</Trans>
      </Typography.Paragraph>
      <Card>
        <Flex wrap gap={16} align="center" style={{ marginBottom: 16 }} role="group" aria-label={t`Filters`}>
          <FilterSelect<TeamActivityAction>
            label={t`Action`}
            placeholder={t`All actions`}
            width={240}
            value={filters.action}
            onChange={(action) => set({ action })}
            options={TEAM_ACTIVITY_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
          />
          <FilterSelect<string>
            label={t`Member`}
            placeholder={t`Everyone`}
            width={220}
            value={filters.actorId}
            onChange={(id) => set({ actorId: id })}
            options={(membersQuery.data?.items ?? []).map((m) => ({ value: m.userId, label: m.name || m.email }))}
          />
          <DatePicker.RangePicker
            aria-label={t`Dates`}
            allowEmpty={[true, true]}
            onChange={(range) => set({ from: range?.[0]?.startOf('day').toISOString(), to: range?.[1]?.endOf('day').toISOString() })}
          />
        </Flex>
        {activity.isError ? (
          <Result status="error" title={t`The activity log could not be loaded`} subTitle={errorMessage(activity.error)} />
        ) : (
          <div data-testid="activity-log">
          <Table<TeamActivity>
            rowKey="id"
            loading={activity.isPending}
            dataSource={activity.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Typography.Text type="secondary">{t`Nothing happened in this period.`}</Typography.Text> }}
            pagination={{
              current: filters.page,
              pageSize: TEAM_ACTIVITY_PAGE_SIZE,
              total: activity.data?.meta.totalItems ?? 0,
              showSizeChanger: false,
              onChange: (page) => setFilters((f) => ({ ...f, page })),
              showTotal: (total) => plural(total, { one: '# entry', other: '# entries' }),
            }}
            columns={[
              { title: t`When`, key: 'when', render: (_, e) => time(e.createdAt) },
              { title: t`Who`, key: 'who', render: (_, e) => (e.actor ? e.actor.name || e.actor.email : t`Reelbase support`) },
              { title: t`What`, key: 'what', render: (_, e) => actionLabel(e.action) },
              { title: t`On`, key: 'on', render: (_, e) => <Subject entry={e} /> },
            ]}
          />
          </div>
        )}
      </Card>
    </>
  );
}
