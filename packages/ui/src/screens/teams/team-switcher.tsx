import { t } from '@lingui/core/macro';
import { Select, theme } from 'antd';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAlert } from '../../services.tsx';
import { roleInline, roleLabel } from './role-tag.tsx';
import { useCurrentTeam, useSwitchTeam, useTeams } from './use-team.ts';

/**
 * The top bar's team switcher: shown once the caller belongs to more than one team. The choice is
 * kept by the api-client (across reloads) and sent as X-Team-Id on every call; switching opens
 * the new team's videos.
 */
export function TeamSwitcher({ onDone, compact = false }: { onDone?: () => void; compact?: boolean }) {
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
      <label htmlFor={id} className={compact ? 'rb-sr-only' : undefined} style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
        {t({ message: 'Team', context: 'team switcher' })}
      </label>
      <Select
        id={id}
        value={current.id}
        style={{ minWidth: compact ? 140 : 160, maxWidth: compact ? 200 : 260 }}
        popupMatchSelectWidth={false}
        onChange={async (teamId) => {
          await switchTeam(teamId);
          const next = teams.find((t) => t.id === teamId);
          if (next) {
            const name = next.name;
            const role = roleInline(next.role);
            alert('info', t`You are working in the team “${name}” as ${role}.`, { follow: true });
          }
          navigate('/');
          onDone?.();
        }}
        options={teams.map((team) => ({ value: team.id, label: `${team.name} (${roleLabel(team.role)})` }))}
      />
    </div>
  );
}
