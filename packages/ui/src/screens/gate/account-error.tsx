import { t } from '@lingui/core/macro';
import { Button, Result } from 'antd';

/** The profile could not be loaded: a retry. Its own module, as antd's Result carries large illustrations. */
export function AccountError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={t`Your account could not be loaded`}
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      }
    />
  );
}
