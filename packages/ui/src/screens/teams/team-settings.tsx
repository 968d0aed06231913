import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LogoutOutlined } from '@ant-design/icons';
import { errorMessage, TEAM_NAME_MAX, TeamName, type TeamSummary } from '@reelbase/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { showServerFieldErrors } from '../../lib/form-errors.ts';
import { keys } from '../../queries.ts';
import { useAlert, useClient } from '../../services.tsx';
import { useSwitchTeam } from './use-team.ts';

/** The team's name, as members see it in the top bar's switcher. */
export function RenameTeam({ team }: { team: TeamSummary }) {
  const client = useClient();
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Form
      form={form}
      name="team-name"
      layout="inline"
      requiredMark={false}
      initialValues={{ name: team.name }}
      style={{ rowGap: 12 }}
      onFinish={async (v) => {
        setBusy(true);
        try {
          await client.teams.rename(team.id, v.name.trim());
          alert('success', t`Team renamed.`);
          await queryClient.invalidateQueries({ queryKey: keys.teams });
        } catch (err) {
          if (!showServerFieldErrors(form, err)) alert('error', errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form.Item label={t`Team name`} name="name" rules={[{ validator: async (_, value) => zodCheck(TeamName, value) }]} style={{ flex: '1 1 240px' }}>
        <Input maxLength={TEAM_NAME_MAX} />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        {t`Rename`}
      </Button>
    </Form>
  );
}

/** Throws the contract's message when `value` breaks `schema` (an antd validator). */
async function zodCheck(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value ?? '');
  if (!r.success) throw new Error(r.error?.issues[0]?.message);
}

/** A member leaves a team they do not own; the app goes back to their own team. */
export function LeaveTeam({ team }: { team: TeamSummary }) {
  const client = useClient();
  const alert = useAlert();
  const switchTeam = useSwitchTeam();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const teamName = team.name;
  return (
    <>
      <Button danger icon={<LogoutOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t`Leave team`}
      </Button>
      <Modal
        title={t`Leave team`}
        open={open}
        onCancel={() => setOpen(false)}
        okText={t`Leave team`}
        okButtonProps={{ danger: true }}
        onOk={async () => {
          setOpen(false);
          try {
            alert('success', (await client.teams.leave(team.id)).message);
            await switchTeam(null);
            await queryClient.invalidateQueries({ queryKey: keys.teams });
          } catch (err) {
            alert('error', errorMessage(err));
          }
        }}
      >
        <p>
          <Trans>You lose access to {teamName} and its videos at once. To come back you need a new invitation.</Trans>
        </p>
      </Modal>
    </>
  );
}
