import { Trans } from '@lingui/react/macro';
import { Typography } from 'antd';
import { LeadsList } from './leads-list.tsx';

/** /leads: the emails every video's lead form collected, searchable by date and downloadable as CSV. */
export function LeadsPage() {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        <Trans>Leads</Trans>
      </Typography.Title>
      <LeadsList />
    </>
  );
}
