import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App as AntdApp, Button, ConfigProvider, Drawer, Flex, Layout, Spin, theme, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { HeaderBranding } from '../../features/companies/components/header-branding.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { QueryProvider } from '../../shared/api/query-provider.tsx';
import { useSession } from '../../shared/auth/use-session.ts';
import { loginPathFor } from '../../shared/auth/redirect.ts';
import { LanguageSwitcher } from '../../shared/ui/language-switcher.tsx';
import { SideMenu } from './side-menu.tsx';
import { ThemeToggle } from '../../shared/ui/theme-toggle.tsx';
import { UserMenu } from './user-menu.tsx';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import { useMinWidth } from '../../shared/theme/use-min-width.ts';
import { antdStaticStylesApplied } from '../antd-static-styles.ts';

const COLLAPSED_KEY = 'sider-collapsed';
/** With antd's prebuilt stylesheet (loaded by the route), the screens' components build no styles. */
const STATIC_STYLES = { zeroRuntime: true };
const RUNTIME_STYLES = { zeroRuntime: false };
const SIDER_WIDTH = 232;

function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      gap={10}
      style={{ height: 56, padding: collapsed ? '0 24px' : '0 20px', overflow: 'hidden' }}
    >
      <BrandMark />
      {collapsed ? null : (
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {t('app.title')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The signed-in frame: side menu (a drawer on narrow windows), header and the routed screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // Grid.useBreakpoint() would render the layout and the whole screen twice on the first load.
  const narrow = !useMinWidth(token.screenMD);
  const session = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  }, [collapsed]);

  // Signed out elsewhere (another tab, an expired renewal): leave with the redirect flag.
  if (!session.authData)
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;

  // antd's App (modal.confirm and friends for the screens) lives here, off the sign-in page. The
  // inner ConfigProvider keeps the theme of the outer one (tokens, light or dark) and adds only
  // zeroRuntime: the route waited for antd's stylesheet, so nothing below builds styles at run time.
  return (
    <ConfigProvider theme={antdStaticStylesApplied() ? STATIC_STYLES : RUNTIME_STYLES}>
      <QueryProvider>
        <AntdApp>
          <Layout style={{ minHeight: '100vh' }}>
            <a
              href="#main-content"
              className="portal-skip-link"
              style={{ background: token.colorBgElevated }}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById('main-content')?.focus();
              }}
            >
              {t('header.skipToContent')}
            </a>
            {narrow ? (
              <Drawer
                placement="left"
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                aria-label={t('menu.label')}
                size={SIDER_WIDTH + 24}
                styles={{ body: { padding: 0 }, header: { display: 'none' } }}
              >
                <nav aria-label={t('menu.label')} data-testid="side-menu">
                  <Brand collapsed={false} />
                  <SideMenu onNavigate={() => setDrawerOpen(false)} />
                </nav>
              </Drawer>
            ) : (
              <Layout.Sider
                width={SIDER_WIDTH}
                collapsible
                collapsed={collapsed}
                trigger={null}
                theme="light"
                style={{
                  borderInlineEnd: `1px solid ${token.colorSplit}`,
                  position: 'sticky',
                  top: 0,
                  height: '100vh',
                  overflow: 'auto',
                }}
              >
                <nav aria-label={t('menu.label')} data-testid="side-menu">
                  <Brand collapsed={collapsed} />
                  <SideMenu />
                </nav>
              </Layout.Sider>
            )}
            <Layout>
              <Layout.Header
                style={{
                  position: 'sticky',
                  top: 0,
                  zIndex: 10,
                  padding: '0 12px',
                  height: 56,
                  lineHeight: '56px',
                  background: token.colorBgContainer,
                  borderBottom: `1px solid ${token.colorSplit}`,
                }}
              >
                <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={8}>
                  <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                    {narrow ? (
                      <Button
                        type="text"
                        icon={<MenuOutlined />}
                        aria-label={t('header.openMenu')}
                        aria-expanded={drawerOpen}
                        data-testid="menu-toggle"
                        onClick={() => setDrawerOpen(true)}
                      />
                    ) : (
                      <Button
                        type="text"
                        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                        aria-label={collapsed ? t('header.expandMenu') : t('header.collapseMenu')}
                        aria-expanded={!collapsed}
                        data-testid="menu-toggle"
                        onClick={() => setCollapsed((c) => !c)}
                      />
                    )}
                    <HeaderBranding
                      narrow={narrow}
                      fallback={
                        narrow ? (
                          <Typography.Text strong ellipsis={{ tooltip: t('app.title') }}>
                            {t('app.title')}
                          </Typography.Text>
                        ) : null
                      }
                    />
                  </Flex>
                  <Flex align="center" gap={4} style={{ flex: 'none' }}>
                    <NotificationBell />
                    <LanguageSwitcher compact={narrow} />
                    <ThemeToggle />
                    <UserMenu compact={narrow} />
                  </Flex>
                </Flex>
              </Layout.Header>
              <Layout.Content
                id="main-content"
                tabIndex={-1}
                style={{ padding: narrow ? 12 : 24, outline: 'none', minWidth: 0 }}
              >
                <Spin spinning={navigation.state === 'loading'} delay={200}>
                  <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
                    <Outlet />
                  </Suspense>
                </Spin>
              </Layout.Content>
            </Layout>
          </Layout>
        </AntdApp>
      </QueryProvider>
    </ConfigProvider>
  );
}
