import { t } from '@lingui/core/macro';
import { Flex, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { UploadEntry } from '../../state/atoms.ts';

/** One file being sent: its name, its share sent (or `state` once sent), the bar, and why it failed. Uploads and replaces show the same. */
export function UploadProgress({ entry: u, state }: { entry: Omit<UploadEntry, 'key'>; state?: ReactNode }) {
  return (
    <div style={{ width: '100%' }}>
      <Flex justify="space-between" gap={8}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{u.fileName}</span>
        {state ?? <span>{u.refused ? t`Not uploaded` : u.status === 'error' ? t`Failed` : `${u.percent}%`}</span>}
      </Flex>
      {!u.refused && (
        <Progress
          percent={u.percent}
          status={u.status === 'error' ? 'exception' : u.status === 'done' ? 'success' : 'active'}
          showInfo={false}
          aria-label={t`Upload of ${u.fileName}`}
        />
      )}
      {u.error && (
        <Typography.Text type="danger" role="alert">
          {u.error}
        </Typography.Text>
      )}
    </div>
  );
}
