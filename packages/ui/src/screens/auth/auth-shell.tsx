import { Card, Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AlertBar } from '../../components/alert-bar.tsx';
import { Brand } from '../../components/brand.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';

/** Public pages: the brand, one card in the middle, the footer. */
export function AuthShell({ title, children, width = 440 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AlertBar />
      <Layout.Content style={{ padding: '32px 16px' }}>
        <main>
          <Flex vertical align="center" gap={20}>
            <Brand to="/login" />
            <Card style={{ width: '100%', maxWidth: width }}>
              <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
                {title}
              </Typography.Title>
              {children}
            </Card>
          </Flex>
        </main>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
