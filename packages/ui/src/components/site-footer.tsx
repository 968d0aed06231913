import { t } from '@lingui/core/macro';
import { Flex, theme } from 'antd';
import { Link } from 'react-router-dom';

export const CONTACT_EMAIL = 'support@reelbase.app';

export function SiteFooter() {
  const { token } = theme.useToken();
  return (
    <footer style={{ padding: '16px 24px', background: token.colorBgContainer, borderTop: `1px solid ${token.colorSplit}` }}>
      <Flex gap={20} wrap justify="center">
        <Link to="/privacy-policy">{t`Privacy Policy`}</Link>
        <Link to="/terms-of-use">{t`Terms of Use`}</Link>
        <a href={`mailto:${CONTACT_EMAIL}`}>{t`Contact Us`}</a>
      </Flex>
      <p style={{ textAlign: 'center', color: token.colorTextSecondary, margin: '8px 0 0', fontSize: 13 }}>© {new Date().getFullYear()}{' '}{t`Reelbase`}</p>
    </footer>
  );
}
