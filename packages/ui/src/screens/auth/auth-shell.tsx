import { Flex, Layout, theme } from 'antd';
import type { ReactNode } from 'react';
import { AlertBar } from '../../components/alert-bar.tsx';
import { Brand } from '../../components/brand.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';

/** Public pages: the brand, one card in the middle, the footer. */
export function AuthShell({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  const { token } = theme.useToken();
  // A plain box drawn like antd's Card: Card pulls in Tabs and Menu, which the sign-in page never uses.
  const card = {
    width: '100%',
    maxWidth: width,
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  // Drawn like antd's Typography.Title, which would bring Tooltip and its popup code along.
  const heading = { fontSize: 24, margin: '0 0 0.5em', color: token.colorTextHeading, fontWeight: token.fontWeightStrong, lineHeight: token.lineHeightHeading1 };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AlertBar />
      {/* antd's Content is the page's <main>. */}
      <Layout.Content style={{ padding: '32px 16px' }}>
        <Flex vertical align="center" gap={20}>
          <Brand to="/login" />
          <div style={card}>
            <h1 style={heading}>{title}</h1>
            {children}
          </div>
        </Flex>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
