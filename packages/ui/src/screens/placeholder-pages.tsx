import { t } from '@lingui/core/macro';
import { Result } from 'antd';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return <Result status="404" title={t`Page not found`} extra={<Link to="/">{t`Go to My videos`}</Link>} />;
}
