import { t } from '@lingui/core/macro';
import { PlayCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { Link } from 'react-router-dom';

export function Brand({ light = false, to = '/' }: { light?: boolean; to?: string }) {
  const { token } = theme.useToken();
  return (
    <Link to={to} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, fontWeight: 700, fontSize: 20, color: light ? '#fff' : token.colorPrimary, textDecoration: 'none' }}>
      <PlayCircleFilled aria-hidden />
      <span>{t`Reelbase`}</span>
    </Link>
  );
}
