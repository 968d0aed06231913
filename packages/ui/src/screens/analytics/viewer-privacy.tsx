import { t } from '@lingui/core/macro';
import { errorMessage, VIEWER_RETENTION_MONTHS, type ViewerSettings, type ViewerSettingsUpdate } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { useCan } from '../teams/use-team.ts';

/**
 * The account's viewer privacy (issue 33): whether a lead from the player's form or `?email=` on the
 * embed or share page names a viewer, or every viewer stays anonymous, and how many months sessions
 * are kept. Each switch saves at once; the team's editors change them (the activity log says who).
 */
export function ViewerPrivacy() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit');
  const retentionId = useId();
  const settings = useQuery({ queryKey: keys.viewerSettings, queryFn: () => client.viewers.settings() });
  const [busy, setBusy] = useState<keyof ViewerSettings | null>(null);
  const [months, setMonths] = useState<number | null>(null);

  async function save(changes: ViewerSettingsUpdate) {
    setBusy(Object.keys(changes)[0] as keyof ViewerSettings);
    try {
      queryClient.setQueryData(keys.viewerSettings, await client.viewers.updateSettings(changes));
      alert('success', t`Viewer privacy saved.`);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const s = settings.data;
  if (settings.isError) return <Typography.Text type="danger" role="alert">{errorMessage(settings.error)}</Typography.Text>;
  if (!s) return <Skeleton active paragraph={{ rows: 3 }} />;
  const switches: { key: 'identifyByLead' | 'identifyByEmailParam' | 'anonymousOnly'; label: string; disabled?: boolean }[] = [
    { key: 'identifyByLead', label: t`Name viewers who give their email in the lead form`, disabled: s.anonymousOnly },
    { key: 'identifyByEmailParam', label: t`Name viewers who arrive with ?email= in the link`, disabled: s.anonymousOnly },
    { key: 'anonymousOnly', label: t`Anonymous viewers only (no viewer ids, no names)` },
  ];
  const retention = months ?? s.retentionMonths;
  return (
    <Flex vertical gap={12} data-testid="viewer-privacy">
      {switches.map((w) => (
        <Flex key={w.key} align="center" gap={8}>
          <Switch checked={s[w.key]} aria-label={w.label} disabled={!canEdit || w.disabled} loading={busy === w.key} onChange={(on) => void save({ [w.key]: on })} />
          <span>{w.label}</span>
        </Flex>
      ))}
      <Flex align="center" gap={8} wrap>
        <label htmlFor={retentionId}>{t`Keep viewer sessions for (months)`}</label>
        <InputNumber
          id={retentionId}
          min={VIEWER_RETENTION_MONTHS.min}
          max={VIEWER_RETENTION_MONTHS.max}
          precision={0}
          value={retention}
          disabled={!canEdit || busy === 'retentionMonths'}
          onChange={(v) => setMonths(typeof v === 'number' ? v : null)}
          onBlur={() => months !== null && months !== s.retentionMonths && void save({ retentionMonths: months }).then(() => setMonths(null))}
          onPressEnter={() => months !== null && months !== s.retentionMonths && void save({ retentionMonths: months }).then(() => setMonths(null))}
          style={{ width: 96 }}
        />
      </Flex>
      <Typography.Text type="secondary">{t`Viewers whose browser asks not to be tracked (Do Not Track, Global Privacy Control) are always anonymous. Older sessions are deleted every day.`}</Typography.Text>
    </Flex>
  );
}
