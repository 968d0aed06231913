import type { AdminUser } from '@reelbase/api-client';
import { Flex, Tag } from 'antd';

/** The name of the user's profile; empty when they gave none. */
export const fullName = (u: Pick<AdminUser, 'profile'>) => `${u.profile.firstName} ${u.profile.lastName}`.trim();

export function UserStatus({ user }: { user: Pick<AdminUser, 'ban' | 'isActive'> }) {
  return (
    <Flex gap={4} wrap>
      {user.ban && <Tag color="red">Banned</Tag>}
      {!user.isActive && <Tag color="orange">Canceled</Tag>}
      {user.isActive && !user.ban && <Tag color="green">Active</Tag>}
    </Flex>
  );
}
