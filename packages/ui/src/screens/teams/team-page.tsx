import { t } from '@lingui/core/macro';
import { errorMessage, roleCan, type TeamMember, type TeamSummary } from '@reelbase/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keys, useProfile } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { roleInline } from './role-tag.tsx';
import { InviteForm, PendingInvitations } from './team-invitations.tsx';
import { TeamMembers } from './team-members.tsx';
import { OwnershipOffers, PendingTransfer, TransferModal } from './team-ownership.tsx';
import { cardTitle, memberName, type TeamAction } from './team-parts.tsx';
import { LeaveTeam, RenameTeam } from './team-settings.tsx';
import { useCurrentTeam } from './use-team.ts';

const losesAccess = (name: string, team: string) => t`${name} loses access to ${team} at once. Their uploads stay in the team.`;

function ownedBy(team: TeamSummary) {
  const name = team.name;
  const role = roleInline(team.role);
  if (team.role === 'owner') return t`${name}, owned by you: you are ${role}.`;
  const owner = team.owner.name || team.owner.email;
  return t`${name}, owned by ${owner}: you are ${role}.`;
}

/**
 * Settings > Team: the current team's members (role, last activity, who invited them) and pending
 * invitations; owners and admins invite, resend, revoke, change roles and remove; the owner
 * transfers the ownership (with their password; the new owner accepts).
 */
export function TeamPage() {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const team = useCurrentTeam();
  const me = useProfile().data;
  const [transfer, setTransfer] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const manage = !!team && roleCan(team.role, 'manageTeam');
  // Members and invitations are for those who manage the team; the others see their own place in it.
  const members = useQuery({ queryKey: keys.teamMembers(team?.id ?? ''), queryFn: () => client.teams.members(team?.id as string), enabled: manage });
  const invitations = useQuery({ queryKey: keys.teamInvitations(team?.id ?? ''), queryFn: () => client.teams.invitations(team?.id as string), enabled: manage });

  /** One member or invitation action, its outcome in the alert bar; the lists reload either way. */
  const act: TeamAction = async (run, done) => {
    try {
      await run();
      alert('success', done);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      if (team) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: keys.teamMembers(team.id) }),
          queryClient.invalidateQueries({ queryKey: keys.teamInvitations(team.id) }),
        ]);
      }
    }
  };

  if (!team) return <Skeleton active />;
  const items = members.data?.items ?? [];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        {t({ message: 'Team', context: 'page title' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {ownedBy(team)} {manage && <Link to="/activity">{t`Activity log`}</Link>}
      </Typography.Paragraph>
      {!team.isOwn && team.role !== 'owner' && (
        <div style={{ marginBottom: 24 }}>
          <LeaveTeam team={team} />
        </div>
      )}
      <OwnershipOffers meId={me?.id} />
      <PendingTransfer team={team} meId={me?.id} />
      <Flex vertical gap={24}>
        {manage && (
          <Card title={cardTitle(t`Name`)}>
            <RenameTeam team={team} />
          </Card>
        )}
        {manage && (
          <Card title={cardTitle(t`Invite a member`)}>
            <InviteForm
              team={team}
              onSent={() => void Promise.all([queryClient.invalidateQueries({ queryKey: keys.teamInvitations(team.id) }), queryClient.invalidateQueries({ queryKey: keys.teamMembers(team.id) })])}
            />
          </Card>
        )}
        {manage && (
          <TeamMembers team={team} manage={manage} meId={me?.id} members={members} act={act} onTransfer={() => setTransfer(true)} onRemove={setRemoving} />
        )}
        {manage && <PendingInvitations team={team} invitations={invitations} act={act} />}
      </Flex>
      <TransferModal team={team} members={items} open={transfer} onClose={() => setTransfer(false)} />
      <Modal
        title={t`Remove member`}
        open={!!removing}
        onCancel={() => setRemoving(null)}
        okText={t`Remove`}
        okButtonProps={{ danger: true }}
        onOk={async () => {
          const m = removing;
          setRemoving(null);
          if (m) await act(() => client.teams.removeMember(team.id, m.userId), t`Member removed.`);
        }}
      >
        {removing && <p>{losesAccess(memberName(removing), team.name)}</p>}
      </Modal>
    </>
  );
}
