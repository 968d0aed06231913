import { t } from '@lingui/core/macro';
import type { AdminUser } from '@reelbase/api-client';
import { Flex, Tag } from 'antd';

/** The name of the user's profile; empty when they gave none. */
export const fullName = (u: Pick<AdminUser, 'profile'>) => `${u.profile.firstName} ${u.profile.lastName}`.trim();

/** Banned, canceled or active; an active account whose renewal is canceled (a cancellation date while active) says so too. */
export function UserStatus({ user }: { user: Pick<AdminUser, 'ban' | 'isActive'> & Partial<Pick<AdminUser, 'cancellationDate'>> }) {
  return (
    <Flex gap={4} wrap>
      {user.ban && <Tag color="red">{t`Banned`}</Tag>}
      {!user.isActive && <Tag color="orange">{t`Canceled`}</Tag>}
      {user.isActive && !user.ban && <Tag color="green">{t`Active`}</Tag>}
      {user.isActive && user.cancellationDate && (
        <Tag color="gold" title={t`Active until the paid period ends`}>
          {t`Renewal canceled`}
        </Tag>
      )}
    </Flex>
  );
}
