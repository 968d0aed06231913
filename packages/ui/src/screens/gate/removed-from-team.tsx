import { t } from '@lingui/core/macro';
import type { TeamRemoval } from '@reelbase/api-client';
import { Button, Flex } from 'antd';
import { formatDate } from '../../lib/format.ts';
import { useClient } from '../../services.tsx';
import { AuthShell } from '../auth/auth-shell.tsx';

/**
 * After sign-in, a former member removed from a team (and in no other) is told so, rather than
 * being asked for a payment method as if they had signed up: their own account is still there, to
 * set up if they want to go on alone.
 */
export function RemovedFromTeam({ removal, onContinue }: { removal: TeamRemoval; onContinue(): void }) {
  const client = useClient();
  const team = removal.teamName;
  const date = formatDate(removal.removedAt);
  return (
    <AuthShell title={t`You were removed from the team ${team}`} width={520}>
      <p data-testid="removed-from-team">{t`An owner or admin of ${team} removed you from the team on ${date}, so its videos are no longer shown to you. The videos you uploaded there stay with the team.`}</p>
      <p>{t`If this was a mistake, ask the team's owner to invite you again. You can also go on with your own Reelbase account: it needs a payment method before you can upload.`}</p>
      <Flex gap={8} wrap>
        <Button type="primary" onClick={onContinue}>{t`Set up my own account`}</Button>
        <Button onClick={() => client.auth.logout()}>{t`Log out`}</Button>
      </Flex>
    </AuthShell>
  );
}
