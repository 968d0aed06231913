import { t } from '@lingui/core/macro';
import { Flex, Spin } from 'antd';

export function PageSpinner({ label = t`Loading` }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }} role="status" aria-label={label}>
      <Spin size="large" />
    </Flex>
  );
}
