import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { AlertBar } from '../../components/alert-bar.tsx';
import { Brand } from '../../components/brand.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';

export function LegalShell({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Brand />
      </Layout.Header>
      <AlertBar />
      {/* antd's Content is the page's <main>. */}
      <Layout.Content style={{ padding: '24px 12px' }}>
        <div className="rb-legal">{children}</div>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
