import { Flex, Layout, Typography, theme } from 'antd';
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
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AlertBar />
      <Layout.Content style={{ padding: '32px 16px' }}>
        <main>
          <Flex vertical align="center" gap={20}>
            <Brand to="/login" />
            <div style={card}>
              <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
                {title}
              </Typography.Title>
              {children}
            </div>
          </Flex>
        </main>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
