import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider as JotaiProvider } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter, HashRouter, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from './components/page-spinner.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import type { Platform } from './platform.ts';
import { AdminPlaceholder } from './screens/admin/admin-placeholder.tsx';
import { ForgotPasswordPage } from './screens/auth/forgot-password.tsx';
import { LoginPage } from './screens/auth/login.tsx';
import { RegistrationPage } from './screens/auth/registration.tsx';
import { ResetPasswordPage } from './screens/auth/reset-password.tsx';
import { VerifyEmailPage } from './screens/auth/verify-email.tsx';
import { AccessGate, PublicOnly } from './screens/gate/access-gate.tsx';
import { PrivacyPage } from './screens/legal/privacy-page.tsx';
import { TermsPage } from './screens/legal/terms-page.tsx';
import { AnalyticsPlaceholder, NotFoundPage } from './screens/placeholder-pages.tsx';
import { SettingsPage } from './screens/settings/settings-page.tsx';
import { VideoPage } from './screens/video/video-page.tsx';
import { MyVideosPage } from './screens/videos/my-videos.tsx';
import { createServices, type Services, ServicesContext } from './services.tsx';
import { GlobalStyle, reelbaseTheme } from './theme.tsx';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/registration" element={<PublicOnly home={() => '/'}><RegistrationPage /></PublicOnly>} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/term-of-use" element={<TermsPage />} />
      <Route path="/terms-of-use" element={<TermsPage />} />
      <Route
        path="/admin"
        element={
          <AccessGate area="admin">
            <AppLayout area="admin" />
          </AccessGate>
        }
      >
        <Route index element={<Navigate to="/admin/users" replace />} />
        <Route path="users" element={<AdminPlaceholder />} />
        <Route path="inactive" element={<AdminPlaceholder />} />
        <Route path="users/:userId/*" element={<AdminPlaceholder />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        element={
          <AccessGate area="user">
            <AppLayout area="user" />
          </AccessGate>
        }
      >
        <Route index element={<MyVideosPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="video-analytics/:videoId" element={<AnalyticsPlaceholder />} />
        <Route path=":videoId" element={<VideoPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function Router({ platform, children }: { platform: Platform; children: ReactNode }) {
  if (platform.router === 'hash') return <HashRouter>{children}</HashRouter>;
  if (platform.router === 'memory') return <MemoryRouter initialEntries={[platform.initialPath ?? '/']}>{children}</MemoryRouter>;
  return <BrowserRouter>{children}</BrowserRouter>;
}

/** Wraps a tree in the app's providers (theme, queries, atoms, services) without a router. */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <JotaiProvider store={services.store}>
          <ConfigProvider theme={reelbaseTheme}>
            <AntApp component={false}>
              <GlobalStyle />
              {children}
            </AntApp>
          </ConfigProvider>
        </JotaiProvider>
      </QueryClientProvider>
    </ServicesContext.Provider>
  );
}

/** The whole Reelbase UI. `platform` carries everything platform-specific (see Platform). */
export function ReelbaseApp({ platform }: { platform: Platform }) {
  const [services] = useState(() => createServices(platform));
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void services.client.ready.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [services]);
  return (
    <AppProviders services={services}>
      {ready ? (
        <Router platform={platform}>
          <AppRoutes />
        </Router>
      ) : (
        <PageSpinner />
      )}
    </AppProviders>
  );
}
