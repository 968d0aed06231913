import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { errorMessage, type TeamMember, type TeamSummary } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { formatDate } from '../../lib/format.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { memberName } from './team-parts.tsx';
import { useTeams } from './use-team.ts';

// Sentences with names in them (the names assigned first, so the catalogs read {name}).
const pendingOffer = (name: string, date: string) => t`Ownership offered to ${name}, waiting for their acceptance until ${date}.`;
const offeredBy = (name: string, team: string) => t`${name} offers you the ownership of ${team}.`;
const offerStands = (date: string) => t`Accepting makes you the owner: billing, the plan and the account become yours. The offer stands until ${date}.`;

/** The owner offers the ownership to a member (with their password); it moves when the member accepts. */
export function TransferModal({ team, members, open, onClose }: { team: TeamSummary; members: TeamMember[]; open: boolean; onClose(): void }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ userId: string; password: string }>();
  const [busy, setBusy] = useState(false);
  async function submit(v: { userId: string; password: string }) {
    setBusy(true);
    try {
      const r = await client.teams.transferOwnership(team.id, v.userId, v.password);
      const name = r.to.name || r.to.email;
      alert('success', t`Ownership offered to ${name}. It moves when they accept.`);
      await queryClient.invalidateQueries({ queryKey: keys.teams });
      onClose();
    } catch (err) {
      if (!showServerFieldErrors(form, err)) alert('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={t`Transfer ownership`} open={open} onCancel={onClose} okText={t`Offer ownership`} okButtonProps={{ loading: busy, htmlType: 'submit', form: 'transfer' }} destroyOnHidden>
      <Typography.Paragraph>
        <Trans>The new owner takes over billing and the account once they accept. Until then nothing changes; you become an admin of the team when they do.</Trans>
      </Typography.Paragraph>
      <Form form={form} id="transfer" name="transfer" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label={t`New owner`} name="userId" rules={[{ required: true, message: t`Choose the member who becomes the owner.` }]}>
          <Select options={members.filter((m) => m.role !== 'owner').map((m) => ({ value: m.userId, label: `${memberName(m)} (${m.email})` }))} />
        </Form.Item>
        <Form.Item label={t`Your password`} name="password" rules={[{ required: true, message: t`Enter your password to transfer the ownership.` }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The owner's transfer waiting for the new owner: who, until when, and cancel. */
export function PendingTransfer({ team, meId }: { team: TeamSummary; meId: string | undefined }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const offer = team.ownershipTransfer;
  if (!offer || offer.from.id !== meId) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 24 }}
      title={pendingOffer(offer.to.name || offer.to.email, formatDate(offer.expiresAt))}
      action={
        <Button
          onClick={async () => {
            try {
              alert('success', (await client.teams.cancelOwnershipTransfer(team.id)).message);
            } catch (err) {
              alert('error', errorMessage(err));
            }
            await queryClient.invalidateQueries({ queryKey: keys.teams });
          }}
        >
          {t`Cancel transfer`}
        </Button>
      }
    />
  );
}

/** Ownership offers waiting for the caller's answer, in whichever of their teams: accept or decline. */
export function OwnershipOffers({ meId }: { meId: string | undefined }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const offers = (useTeams({ fresh: true }).data?.items ?? []).filter((t) => t.ownershipTransfer && t.ownershipTransfer.to.id === meId);
  async function answer(run: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      alert('success', (await run()).message);
    } catch (err) {
      alert('error', errorMessage(err));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries();
    }
  }
  return offers.map((team) => (
    <Alert
      key={team.id}
      type="info"
      showIcon
      style={{ marginBottom: 24 }}
      title={offeredBy(team.ownershipTransfer?.from.name ?? '', team.name)}
      description={offerStands(formatDate(team.ownershipTransfer?.expiresAt))}
      action={
        <Flex gap={8} wrap>
          <Button type="primary" loading={busy} onClick={() => void answer(() => client.teams.acceptOwnership(team.id))}>
            {t`Accept ownership`}
          </Button>
          <Button disabled={busy} onClick={() => void answer(() => client.teams.cancelOwnershipTransfer(team.id))}>
            {t`Decline`}
          </Button>
        </Flex>
      }
    />
  ));
}
