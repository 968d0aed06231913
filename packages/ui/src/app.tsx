import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { Provider as JotaiProvider } from 'jotai';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, HashRouter, MemoryRouter, Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from './components/page-spinner.tsx';
// Before any router: its popstate listener must come first (lib/pop-guard.ts).
import './lib/pop-guard.ts';
import { activateInitialLocale, activeAntdLocale } from './i18n/index.ts';
import { LocaleProvider, useActiveLocale } from './i18n/react.tsx';
import type { Platform } from './platform.ts';
import { LoginPage } from './screens/auth/login.tsx';
import { AccessGate, PublicOnly, RegistrationGate } from './screens/gate/access-gate.tsx';
import { createServices, type Services, ServicesContext } from './services.tsx';
import { usePrefersReducedMotion } from './lib/reduced-motion.ts';
import { GlobalStyle, reducedMotionTheme, reelbaseTheme } from './theme.tsx';

/** A screen loaded when first opened, so the sign-in page does not carry every other screen. */
function screen<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
const AppLayout = screen(() => import('./layout/app-layout.tsx'), 'AppLayout');
const ActiveUsersPage = screen(() => import('./screens/admin/users-table.tsx'), 'ActiveUsersPage');
const InactiveUsersPage = screen(() => import('./screens/admin/users-table.tsx'), 'InactiveUsersPage');
const UserDetailPage = screen(() => import('./screens/admin/user-detail.tsx'), 'UserDetailPage');
const UserVideosPage = screen(() => import('./screens/admin/user-videos.tsx'), 'UserVideosPage');
const AnalyticsOverviewPage = screen(() => import('./screens/analytics/analytics-overview.tsx'), 'AnalyticsOverviewPage');
// The charts library comes with this screen only.
const VideoAnalyticsPage = screen(() => import('./screens/analytics/video-analytics.tsx'), 'VideoAnalyticsPage');
const LeadsPage = screen(() => import('./screens/leads/leads-page.tsx'), 'LeadsPage');
const ShowcasesPage = screen(() => import('./screens/showcases/showcases-page.tsx'), 'ShowcasesPage');
const ChangeTariffPage = screen(() => import('./screens/billing/change-tariff.tsx'), 'ChangeTariffPage');
// The usage chart's library loads later still, from inside this screen.
const UsagePage = screen(() => import('./screens/billing/usage-page.tsx'), 'UsagePage');
const PayPalReturnPage = screen(() => import('./screens/billing/paypal-return.tsx'), 'PayPalReturnPage');
const ForgotPasswordPage = screen(() => import('./screens/auth/forgot-password.tsx'), 'ForgotPasswordPage');
const RegistrationPage = screen(() => import('./screens/auth/registration.tsx'), 'RegistrationPage');
const ResetPasswordPage = screen(() => import('./screens/auth/reset-password.tsx'), 'ResetPasswordPage');
const VerifyEmailPage = screen(() => import('./screens/auth/verify-email.tsx'), 'VerifyEmailPage');
const ConfirmEmailChangePage = screen(() => import('./screens/auth/email-change-link.tsx'), 'ConfirmEmailChangePage');
const CancelEmailChangePage = screen(() => import('./screens/auth/email-change-link.tsx'), 'CancelEmailChangePage');
const PrivacyPage = screen(() => import('./screens/legal/privacy-page.tsx'), 'PrivacyPage');
const TermsPage = screen(() => import('./screens/legal/terms-page.tsx'), 'TermsPage');
const NotFoundPage = screen(() => import('./screens/placeholder-pages.tsx'), 'NotFoundPage');
const SettingsPage = screen(() => import('./screens/settings/settings-page.tsx'), 'SettingsPage');
const VideoPage = screen(() => import('./screens/video/video-page.tsx'), 'VideoPage');
const CaptionEditorPage = screen(() => import('./screens/captions/caption-editor.tsx'), 'CaptionEditorPage');
const MyVideosPage = screen(() => import('./screens/videos/my-videos.tsx'), 'MyVideosPage');
// The guides' pictures come with this screen only.
const HowToPage = screen(() => import('./screens/how-to/how-to-page.tsx'), 'HowToPage');
const AdminPlansPage = screen(() => import('./screens/admin/plans-page.tsx'), 'AdminPlansPage');
const AdminTeamsPage = screen(() => import('./screens/admin/teams-page.tsx'), 'AdminTeamsPage');
const TeamPage = screen(() => import('./screens/teams/team-page.tsx'), 'TeamPage');
const ActivityPage = screen(() => import('./screens/teams/activity-page.tsx'), 'ActivityPage');
const InvitationPage = screen(() => import('./screens/teams/invitation-page.tsx'), 'InvitationPage');
const PromoCodesPage = screen(() => import('./screens/admin/promo-codes-page.tsx'), 'PromoCodesPage');
const ReviewPage = screen(() => import('./screens/review/review-page.tsx'), 'ReviewPage');

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
    <Routes>
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/registration" element={<RegistrationGate><RegistrationPage /></RegistrationGate>} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/confirm-email" element={<ConfirmEmailChangePage />} />
      <Route path="/cancel-email-change" element={<CancelEmailChangePage />} />
      {/* The invitation mail's link: sign in or register, then join (no gate: it works signed in or out). */}
      <Route path="/invitation" element={<InvitationPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/term-of-use" element={<TermsPage />} />
      <Route path="/terms-of-use" element={<TermsPage />} />
      {/* A client's review link: no account, no sign-in (issue 34). */}
      <Route path="/review/:token" element={<ReviewPage />} />
      <Route
        path="/admin"
        element={
          <AccessGate area="admin">
            <AppLayout area="admin" />
          </AccessGate>
        }
      >
        <Route index element={<Navigate to="/admin/users" replace />} />
        <Route path="users" element={<ActiveUsersPage />} />
        <Route path="inactive" element={<InactiveUsersPage />} />
        <Route path="users/:userId" element={<UserDetailPage />} />
        {/* The spec's second id is the user's own id; the list is that user's videos. */}
        <Route path="users/:userId/videos/:listUserId" element={<UserVideosPage />} />
        <Route path="plans" element={<AdminPlansPage />} />
        <Route path="promo-codes" element={<PromoCodesPage />} />
        <Route path="teams" element={<AdminTeamsPage />} />
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
        <Route path="settings/team" element={<TeamPage />} />
        <Route path="activity" element={<ActivityPage />} />
        <Route path="change-tariff" element={<ChangeTariffPage />} />
        <Route path="usage" element={<UsagePage />} />
        {/* PayPal's return and cancel URLs (set by the API) land here. */}
        <Route path="payment/paypal" element={<PayPalReturnPage />} />
        <Route path="how-to" element={<HowToPage />} />
        <Route path="video-analytics" element={<AnalyticsOverviewPage />} />
        <Route path="video-analytics/:videoId" element={<VideoAnalyticsPage />} />
        <Route path="leads" element={<LeadsPage />} />
        <Route path="showcases" element={<ShowcasesPage />} />
        <Route path=":videoId" element={<VideoPage />} />
        <Route path=":videoId/captions/:captionId" element={<CaptionEditorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
    </Suspense>
  );
}

function Router({ platform, children }: { platform: Platform; children: ReactNode }) {
  if (platform.router === 'hash') return <HashRouter>{children}</HashRouter>;
  if (platform.router === 'memory') return <MemoryRouter initialEntries={[platform.initialPath ?? '/']}>{children}</MemoryRouter>;
  return <BrowserRouter>{children}</BrowserRouter>;
}

/** Wraps a tree in the app's providers (theme, queries, atoms, services) without a router. */
export function AppProviders({ services, children }: { services: Services; children: ReactNode }) {
  // antd's own texts follow the active language (set before the switch re-renders).
  useActiveLocale();
  const theme = usePrefersReducedMotion() ? reducedMotionTheme : reelbaseTheme;
  return (
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <JotaiProvider store={services.store}>
          {/* No antd App wrapper: no screen uses its hooks, and it would bring modal, message and notification to the first load. */}
          <ConfigProvider theme={theme} locale={activeAntdLocale()}>
            <GlobalStyle />
            <LocaleProvider>{children}</LocaleProvider>
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
    // The language's catalog (none for English) loads beside the session check.
    void Promise.all([services.client.ready, activateInitialLocale()]).then(() => live && setReady(true));
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
