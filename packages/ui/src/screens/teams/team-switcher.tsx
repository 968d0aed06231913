import { TEAM_ROLE_LABELS } from '@reelbase/api-client';
import { Select, theme } from 'antd';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAlert } from '../../services.tsx';
import { useCurrentTeam, useSwitchTeam, useTeams } from './use-team.ts';

/**
 * The top bar's team switcher: shown once the caller belongs to more than one team. The choice is
 * kept by the api-client (across reloads) and sent as X-Team-Id on every call; switching opens
 * the new team's videos.
 */
export function TeamSwitcher({ onDone }: { onDone?: () => void }) {
  const id = useId();
  const teams = useTeams().data?.items ?? [];
  const current = useCurrentTeam();
  const switchTeam = useSwitchTeam();
  const navigate = useNavigate();
  const alert = useAlert();
  const { token } = theme.useToken();
  if (teams.length < 2 || !current) return null;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }} data-testid="team-switcher">
      <label htmlFor={id} style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
        Team
      </label>
      <Select
        id={id}
        value={current.id}
        style={{ minWidth: 160, maxWidth: 260 }}
        popupMatchSelectWidth={false}
        onChange={async (teamId) => {
          await switchTeam(teamId);
          const next = teams.find((t) => t.id === teamId);
          if (next) alert('info', `You are working in the team “${next.name}” as ${TEAM_ROLE_LABELS[next.role].toLowerCase()}.`, { follow: true });
          navigate('/');
          onDone?.();
        }}
        options={teams.map((t) => ({ value: t.id, label: `${t.name} (${TEAM_ROLE_LABELS[t.role]})` }))}
      />
    </div>
  );
}
