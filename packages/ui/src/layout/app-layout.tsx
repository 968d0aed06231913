import { t } from '@lingui/core/macro';
import {
  AppstoreOutlined,
  BarChartOutlined,
  ContactsOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  HistoryOutlined,
  LineChartOutlined,
  LogoutOutlined,
  MenuOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  SearchOutlined,
  SettingOutlined,
  TagOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { fieldErrorSentence, VideoListQuery } from '@reelbase/api-client';
import { Avatar, Button, Drawer, Flex, Grid, Input, Layout, Tag, theme } from 'antd';
import { useSetAtom } from 'jotai';
import { type FormEvent, type ReactNode, Suspense, useId, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { AlertBar } from '../components/alert-bar.tsx';
import { Brand } from '../components/brand.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { CONTACT_EMAIL, SiteFooter } from '../components/site-footer.tsx';
import { useProfile } from '../queries.ts';
import { TeamSwitcher } from '../screens/teams/team-switcher.tsx';
import { useCan } from '../screens/teams/use-team.ts';
import { resetUserState, useClient, useServices, useSession } from '../services.tsx';
import { videoListAtom } from '../state/atoms.ts';
import { useTwoFactorRedirect } from './two-factor-redirect.ts';

export const SIDER_WIDTH = 232;

/** The user's menu; Change plan only for a role with billing (the owner), the activity log for those who manage the team, leads for roles that read them. */
function UserNav({ onNavigate }: { onNavigate?: () => void }) {
  const billing = useCan('billing');
  const manageTeam = useCan('manageTeam');
  // Leads are prospects' emails and names: a viewer's role does not read them.
  const readLeads = useCan('readLeads');
  return (
    <>
      <h2 id="nav-account">{t`My account`}</h2>
      <ul aria-labelledby="nav-account">
        <li>
          <NavLink to="/usage" onClick={onNavigate}>
            <BarChartOutlined aria-hidden />{' '}{t`View Usage`}</NavLink>
        </li>
        <li>
          <NavLink to="/settings" end onClick={onNavigate}>
            <SettingOutlined aria-hidden />{' '}{t`Settings`}</NavLink>
        </li>
        <li>
          <NavLink to="/settings/team" onClick={onNavigate}>
            <UsergroupAddOutlined aria-hidden />{' '}{t`Team`}</NavLink>
        </li>
        {manageTeam && (
          <li>
            <NavLink to="/activity" onClick={onNavigate}>
              <HistoryOutlined aria-hidden />{' '}{t`Activity log`}</NavLink>
          </li>
        )}
        {billing && (
          <li>
            <NavLink to="/change-tariff" onClick={onNavigate}>
              <CrownOutlined aria-hidden />{' '}{t`Change plan`}</NavLink>
          </li>
        )}
        <li>
          <NavLink to="/video-analytics" onClick={onNavigate}>
            <LineChartOutlined aria-hidden />{' '}{t`Analytics`}</NavLink>
        </li>
        {readLeads && (
          <li>
            <NavLink to="/leads" onClick={onNavigate}>
              <ContactsOutlined aria-hidden />{' '}{t`Leads`}</NavLink>
          </li>
        )}
      </ul>
      <h2 id="nav-video">{t`Video`}</h2>
      <ul aria-labelledby="nav-video">
        <li>
          <NavLink to="/" end onClick={onNavigate}>
            <AppstoreOutlined aria-hidden />{' '}{t`My videos`}</NavLink>
        </li>
        <li>
          <NavLink to="/showcases" onClick={onNavigate}>
            <PictureOutlined aria-hidden />{' '}{t`Showcases`}</NavLink>
        </li>
        <li>
          <NavLink to="/how-to" onClick={onNavigate}>
            <QuestionCircleOutlined aria-hidden />{' '}{t`How to`}</NavLink>
        </li>
      </ul>
      <h2 id="nav-support">{t`Help`}</h2>
      <ul aria-labelledby="nav-support">
        <li>
          <a href={`mailto:${CONTACT_EMAIL}`}>
            <CustomerServiceOutlined aria-hidden />{' '}{t`Support`}</a>
        </li>
      </ul>
    </>
  );
}

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ul>
      <li>
        <NavLink to="/admin/users" onClick={onNavigate}>
          <TeamOutlined aria-hidden />{' '}{t`Users`}</NavLink>
      </li>
      <li>
        <NavLink to="/admin/inactive" onClick={onNavigate}>
          <UserOutlined aria-hidden />{' '}{t`Inactive users`}</NavLink>
      </li>
      {/* No Notifications entry until account events have a list to show (docs/decisions.md). */}
      <li>
        <NavLink to="/admin/teams" onClick={onNavigate}>
          <UsergroupAddOutlined aria-hidden />{' '}{t`Teams`}</NavLink>
      </li>
      <li>
        <NavLink to="/admin/plans" onClick={onNavigate}>
          <CrownOutlined aria-hidden />{' '}{t`Plans`}</NavLink>
      </li>
      <li>
        <NavLink to="/admin/promo-codes" onClick={onNavigate}>
          <TagOutlined aria-hidden />{' '}{t`Promo codes`}</NavLink>
      </li>
      <li>
        <a href={`mailto:${CONTACT_EMAIL}`}>
          <CustomerServiceOutlined aria-hidden />{' '}{t`Support`}</a>
      </li>
    </ul>
  );
}

/** The search term's own rule (the list's `search` query), checked here so its message shows beside the box. */
function searchError(text: string): string | null {
  const r = VideoListQuery.shape.search.safeParse(text);
  return r.success ? null : fieldErrorSentence('search', r.error.issues[0]?.message ?? '');
}

/** The admin's top-bar search: users by name or email, answered on the active users table. */
function AdminSearchBox({ onDone }: { onDone?: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const { token } = theme.useToken();
  function submit(e: FormEvent) {
    e.preventDefault();
    navigate(`/admin/users?${new URLSearchParams({ search: text.trim() })}`);
    onDone?.();
  }
  return (
    <search style={{ flex: 1, maxWidth: 480 }}>
      <form onSubmit={submit} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <label htmlFor={id} style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{t`Find a user`}</label>
        <Input id={id} value={text} placeholder={t`Name or email`} onChange={(e) => setText(e.target.value)} style={{ flex: 1, minWidth: 140 }} />
        <Button htmlType="submit" icon={<SearchOutlined aria-hidden />}>{t`Search`}</Button>
      </form>
    </search>
  );
}

/** `compact`: the label is for screen readers only and the button an icon (the top bar below 1200 px, German's long words included). */
function SearchBox({ onDone, compact = false }: { onDone?: () => void; compact?: boolean }) {
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setList = useSetAtom(videoListAtom);
  const navigate = useNavigate();
  const session = useSession();
  const { token } = theme.useToken();
  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = searchError(text.trim());
    setError(problem);
    if (problem) return;
    setList((s) => ({ ...s, search: text.trim(), page: 1, selectedIds: [] }));
    // Non-admins see the results on My videos.
    if (!session?.isAdmin) navigate('/');
    onDone?.();
  }
  return (
    <search style={{ flex: 1, maxWidth: 480, minWidth: 0, position: 'relative' }}>
      <form onSubmit={submit} style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: compact ? 'nowrap' : 'wrap' }}>
        <label htmlFor={id} className={compact ? 'rb-sr-only' : undefined} style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>{t`Search videos`}</label>
        <Input
          id={id}
          value={text}
          status={error ? 'error' : undefined}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(searchError(e.target.value.trim()));
          }}
          placeholder={compact ? t`Search videos` : undefined}
          style={{ flex: 1, minWidth: 140 }}
        />
        {compact ? (
          <Button htmlType="submit" icon={<SearchOutlined aria-hidden />} aria-label={t`Search`} title={t`Search`} />
        ) : (
          <Button htmlType="submit" icon={<SearchOutlined aria-hidden />}>{t`Search`}</Button>
        )}
        {error && (
          // Hangs under the box like a field's message, so the fixed-height top bar keeps its size.
          <div
            id={errorId}
            role="alert"
            style={{
              position: 'absolute',
              top: 'calc(100% + 2px)',
              left: 0,
              right: 0,
              zIndex: 1,
              color: token.colorErrorText,
              background: token.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              borderRadius: token.borderRadius,
              padding: '4px 8px',
              fontSize: 13,
              lineHeight: 1.4,
            }}
          >
            {error}
          </div>
        )}
      </form>
    </search>
  );
}

function UserBadge() {
  const profile = useProfile().data;
  if (!profile) return null;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <Flex align="center" gap={8} style={{ minWidth: 0 }}>
      <Avatar src={profile.avatar ?? undefined} icon={!profile.avatar && <UserOutlined />} alt="" />
      <span style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="user-name">
        {name}
      </span>
      <Tag color={profile.isActive ? 'green' : 'red'} style={{ marginInlineEnd: 0 }} data-testid="user-status">
        {profile.isActive ? t`Active` : t`Canceled`}
      </Tag>
    </Flex>
  );
}

function useLogout() {
  const client = useClient();
  const { store, queryClient } = useServices();
  const navigate = useNavigate();
  return async () => {
    await client.auth.logout();
    resetUserState(store, queryClient);
    navigate('/login', { replace: true });
  };
}

/** Signed-in layout: sidebar (a drawer on phones), top bar, alert bar, page, footer. */
export function AppLayout({ area = 'user', children }: { area?: 'user' | 'admin'; children?: ReactNode }) {
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  // Between the phone layout and 1200 px the top bar's texts do not fit beside the sidebar (German's
  // longer words least of all): the search label and the buttons' words give way to icons.
  const compact = !mobile && screens.xl === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const logout = useLogout();
  const { token } = theme.useToken();
  useTwoFactorRedirect();
  const nav = area === 'admin' ? <AdminNav onNavigate={() => setMenuOpen(false)} /> : <UserNav onNavigate={() => setMenuOpen(false)} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="rb-skip" href="#main">{t`Skip to content`}</a>
      {!mobile && (
        <Layout.Sider width={SIDER_WIDTH}>
          {/* The sider spans the whole page; its content stays in view while the page scrolls. */}
          <div style={{ position: 'sticky', top: 0, maxHeight: '100vh', overflow: 'auto' }}>
            <div style={{ padding: '18px 16px 4px' }}>
              <Brand light to={area === 'admin' ? '/admin' : '/'} />
            </div>
            <nav aria-label={t`Main`} className="rb-nav" style={{ padding: '0 8px 16px' }}>
              {nav}
            </nav>
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16, borderBottom: `1px solid ${token.colorSplit}`, position: 'sticky', top: 0, zIndex: 950, height: 64 }}>
          {mobile ? (
            <>
              <Button icon={<MenuOutlined aria-hidden />} onClick={() => setMenuOpen(true)} aria-expanded={menuOpen} aria-controls="rb-mobile-menu">{t`Menu`}</Button>
              <Brand to={area === 'admin' ? '/admin' : '/'} />
            </>
          ) : (
            <>
              {area === 'user' ? <SearchBox compact={compact} /> : <AdminSearchBox />}
              <Flex align="center" gap={compact ? 12 : 16} style={{ marginInlineStart: 'auto', minWidth: 0 }} data-testid="top-bar-end">
                {area === 'user' && <TeamSwitcher compact={compact} />}
                <UserBadge />
                {compact ? (
                  <Button icon={<LogoutOutlined aria-hidden />} onClick={logout} aria-label={t`Logout`} title={t`Logout`} />
                ) : (
                  <Button icon={<LogoutOutlined aria-hidden />} onClick={logout}>{t`Logout`}</Button>
                )}
              </Flex>
            </>
          )}
        </Layout.Header>
        <AlertBar />
        {/* antd's Content is the page's one <main> landmark, and the skip link's target. */}
        <Layout.Content id="main" tabIndex={-1} style={{ padding: mobile ? 12 : 24, outline: 'none' }}>
          {/* Screens load when first opened; the layout stays while they do. */}
          <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
        </Layout.Content>
        <SiteFooter />
      </Layout>
      {mobile && (
        <Drawer id="rb-mobile-menu" title={t`Menu`} placement="left" open={menuOpen} onClose={() => setMenuOpen(false)} size={300} closable={{ 'aria-label': t`Close menu` }}>
          <Flex vertical gap={16}>
            <UserBadge />
            {area === 'user' && <TeamSwitcher onDone={() => setMenuOpen(false)} />}
            {area === 'user' ? <SearchBox onDone={() => setMenuOpen(false)} /> : <AdminSearchBox onDone={() => setMenuOpen(false)} />}
            <nav aria-label={t`Main`} className="rb-nav rb-drawer-nav">
              {nav}
            </nav>
            <Button icon={<LogoutOutlined aria-hidden />} onClick={logout} block>{t`Logout`}</Button>
          </Flex>
        </Drawer>
      )}
    </Layout>
  );
}
