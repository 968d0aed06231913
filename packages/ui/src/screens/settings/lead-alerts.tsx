import { t } from '@lingui/core/macro';
import { errorMessage, type LeadWatchedMode } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Radio, Skeleton, Typography } from 'antd';
import { useAlert, useClient } from '../../services.tsx';

const KEY = ['notifications'] as const;

/** Settings, Lead alerts: the signed-in person's mails when known leads watch (instant, daily digest, off), per team. */
export function LeadAlerts() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => client.notifications.get() });
  async function change(leadWatched: LeadWatchedMode) {
    try {
      queryClient.setQueryData(KEY, await client.notifications.update({ leadWatched }));
      alert('success', t`Lead alerts saved.`);
    } catch (err) {
      alert('error', errorMessage(err));
    }
  }
  if (!settings.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t`A mail when a lead who left their email in a player watches one of the team's videos.`}</Typography.Paragraph>
      <Radio.Group
        aria-label={t`Lead alerts`}
        value={settings.data.leadWatched}
        onChange={(e) => change(e.target.value)}
        options={[
          { value: 'instant', label: t`Each time (at most once an hour per lead and video)` },
          { value: 'daily', label: t`A daily digest` },
          { value: 'off', label: t`Off` },
        ]}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      />
    </>
  );
}
