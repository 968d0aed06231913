import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TeamRole } from '@reelbase/api-client';
import { Tag } from 'antd';
import { i18n } from '../../i18n/index.ts';

const ROLE_COLOURS: Record<TeamRole, string> = { owner: 'gold', admin: 'purple', editor: 'blue', viewer: 'default' };

// The contract's TEAM_ROLE_LABELS in the active language: as a label, and inside a sentence.
const ROLE_LABELS: Record<TeamRole, MessageDescriptor> = {
  owner: msg({ message: 'Owner', context: 'team role' }),
  admin: msg({ message: 'Admin', context: 'team role' }),
  editor: msg({ message: 'Editor', context: 'team role' }),
  viewer: msg({ message: 'Viewer', context: 'team role' }),
};
const ROLES_INLINE: Record<TeamRole, MessageDescriptor> = {
  owner: msg({ message: 'owner', context: 'team role in a sentence' }),
  admin: msg({ message: 'admin', context: 'team role in a sentence' }),
  editor: msg({ message: 'editor', context: 'team role in a sentence' }),
  viewer: msg({ message: 'viewer', context: 'team role in a sentence' }),
};

/** A role's label ("Editor"). */
export const roleLabel = (role: TeamRole): string => i18n._(ROLE_LABELS[role]);
/** A role inside a sentence ("… as editor"). */
export const roleInline = (role: TeamRole): string => i18n._(ROLES_INLINE[role]);

/** A member's role as a coloured tag (the Team page, the admin's teams). */
export const RoleTag = ({ role }: { role: TeamRole }) => (
  <Tag color={ROLE_COLOURS[role]} style={{ marginInlineEnd: 0 }}>
    {roleLabel(role)}
  </Tag>
);
