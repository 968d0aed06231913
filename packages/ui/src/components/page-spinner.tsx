import { Flex, Spin } from 'antd';

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }} role="status" aria-label={label}>
      <Spin size="large" />
    </Flex>
  );
}
