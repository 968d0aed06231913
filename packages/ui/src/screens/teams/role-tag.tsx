import { TEAM_ROLE_LABELS, type TeamRole } from '@reelbase/api-client';
import { Tag } from 'antd';

const ROLE_COLOURS: Record<TeamRole, string> = { owner: 'gold', admin: 'purple', editor: 'blue', viewer: 'default' };

/** A member's role as a coloured tag (the Team page, the admin's teams). */
export const RoleTag = ({ role }: { role: TeamRole }) => (
  <Tag color={ROLE_COLOURS[role]} style={{ marginInlineEnd: 0 }}>
    {TEAM_ROLE_LABELS[role]}
  </Tag>
);
