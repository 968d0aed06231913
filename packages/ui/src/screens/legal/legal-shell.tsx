import { t } from '@lingui/core/macro';
import { Alert, Layout } from 'antd';
import type { ReactNode } from 'react';
import { AlertBar } from '../../components/alert-bar.tsx';
import { Brand } from '../../components/brand.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { SOURCE_LOCALE } from '../../i18n/index.ts';
import { useLocale } from '../../i18n/react.tsx';

/**
 * The legal pages stay in English, the binding text (see the decision in docs/decisions.md); in
 * another language a translated notice says so above it, and the text is marked `lang="en"` so
 * screen readers read it as English.
 */
export function LegalShell({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center' }}>
        <Brand />
      </Layout.Header>
      <AlertBar />
      {/* antd's Content is the page's <main>. */}
      <Layout.Content style={{ padding: '24px 12px' }}>
        <div className="rb-legal">
          {locale !== SOURCE_LOCALE && (
            <Alert type="info" showIcon data-testid="legal-english-only" style={{ marginBottom: 16 }} title={t`This page is available in English only. The English text is binding.`} />
          )}
          <div lang="en">{children}</div>
        </div>
      </Layout.Content>
      <SiteFooter />
    </Layout>
  );
}
