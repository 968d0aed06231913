import { Result } from 'antd';

export function AdminPlaceholder() {
  return <Result status="info" title="Users" subTitle="Admin tools are coming: user tables, user details, bans and feature flags." />;
}
