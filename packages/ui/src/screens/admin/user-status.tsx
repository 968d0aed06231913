import type { AdminUser } from '@reelbase/api-client';
import { Flex, Tag } from 'antd';

/** The name of the user's profile; empty when they gave none. */
export const fullName = (u: Pick<AdminUser, 'profile'>) => `${u.profile.firstName} ${u.profile.lastName}`.trim();

/** Banned, canceled or active; an active account whose renewal is canceled (a cancellation date while active) says so too. */
export function UserStatus({ user }: { user: Pick<AdminUser, 'ban' | 'isActive'> & Partial<Pick<AdminUser, 'cancellationDate'>> }) {
  return (
    <Flex gap={4} wrap>
      {user.ban && <Tag color="red">Banned</Tag>}
      {!user.isActive && <Tag color="orange">Canceled</Tag>}
      {user.isActive && !user.ban && <Tag color="green">Active</Tag>}
      {user.isActive && user.cancellationDate && (
        <Tag color="gold" title="Active until the paid period ends">
          Renewal canceled
        </Tag>
      )}
    </Flex>
  );
}
