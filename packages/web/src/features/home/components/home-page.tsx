import { CloudUploadOutlined, KeyOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import type { TPermission } from '@portal/contract';
import { Button, Card, Col, Descriptions, Flex, Row, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { defaultMinDate } from '../../../shared/api/environment.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { RoleName } from '../../../shared/ui/role-name.tsx';
import { HomeCategories } from './home-categories.tsx';
import { HomeCompanyFamilies } from './home-company-families.tsx';
import { HomeExpiringLicences } from './home-expiring-licences.tsx';
import { HomeRecentFamilies, HomeRecentUploads } from './home-recent-families.tsx';
import { HomeOpenRequests, HomePendingApprovals } from './home-requests.tsx';
import { HomeSearch } from './home-search.tsx';
import { HomeStatistics } from './home-statistics.tsx';
import { homeSectionsFor, type THomeSection } from './home-sections.ts';
import { HomeWaitingUsers } from './home-waiting-users.tsx';

type TQuickLink = { to: string; icon: ReactNode; title: string; text: string; permission: TPermission };

/** Each card and whether it spans the whole row (the others share it, as many as fit). */
const SECTION_VIEWS: Record<THomeSection, { Component: ComponentType; wide: boolean }> = {
  search: { Component: HomeSearch, wide: true },
  categories: { Component: HomeCategories, wide: true },
  recentFamilies: { Component: HomeRecentFamilies, wide: true },
  companyFamilies: { Component: HomeCompanyFamilies, wide: false },
  openRequests: { Component: HomeOpenRequests, wide: false },
  pendingApprovals: { Component: HomePendingApprovals, wide: false },
  waitingUsers: { Component: HomeWaitingUsers, wide: false },
  expiringLicences: { Component: HomeExpiringLicences, wide: false },
  recentUploads: { Component: HomeRecentUploads, wide: true },
};

/**
 * The home page of whoever signs in: search, categories and new families for readers; their
 * company's families and open requests for partners; for admins and partners the statistics
 * dashboard first, then (admins) what waits for a decision; then the quick links they may open and
 * their account.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const user = session.user;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.login : '';
  const format = (iso: string | null | undefined) =>
    !iso || Date.parse(iso) === Date.parse(defaultMinDate()) ? t('common.never') : dayjs(iso).format('LL LT');
  const may = (permission: TPermission) => can(session, permission);
  const sections = homeSectionsFor(may);

  const links: TQuickLink[] = [
    {
      to: '/users',
      icon: <TeamOutlined />,
      title: t('menu.users'),
      text: t('home.usersText'),
      permission: 'usermanagement.read',
    },
    {
      to: '/roles',
      icon: <KeyOutlined />,
      title: t('menu.roles'),
      text: t('home.rolesText'),
      permission: 'usermanagement.read',
    },
  ];
  const allowed = links.filter((link) => may(link.permission));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" wrap gap={12}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title
            level={1}
            className="portal-page-title"
            style={{ marginBottom: 4, wordBreak: 'break-word' }}
            data-testid="welcome"
          >
            {t('home.welcome', { name })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {user?.companyName || user?.company?.companyName || t('home.noCompany')}
          </Typography.Text>
        </div>
        {may('contentmanagement.create') ? (
          <Button
            type="primary"
            size="large"
            icon={<CloudUploadOutlined />}
            onClick={() => void navigate('/families/new')}
            data-testid="home-upload"
          >
            {t('home.upload')}
          </Button>
        ) : null}
      </Flex>
      {may('partnermanagement.read') ? <HomeStatistics /> : null}
      {sections.length > 0 ? (
        <div
          data-testid="home-sections"
          style={{
            display: 'grid',
            // Never wider than the window: on a phone each card fills the row.
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
            gap: 16,
          }}
        >
          {sections.map((section) => {
            const { Component, wide } = SECTION_VIEWS[section];
            return (
              <div key={section} style={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
                <Component />
              </div>
            );
          })}
        </div>
      ) : null}
      <Row gutter={[16, 16]}>
        {allowed.length > 0 || sections.length === 0 ? (
          <Col xs={24} lg={12}>
            <Card title={t('home.quickLinks')} style={{ height: '100%' }}>
              {allowed.length === 0 ? (
                <Typography.Text type="secondary">{t('home.noLinks')}</Typography.Text>
              ) : (
                <Flex vertical gap={8}>
                  {allowed.map((link) => (
                    <Link key={link.to} to={link.to}>
                      <Card size="small" hoverable>
                        <Flex align="center" gap={12}>
                          <span style={{ fontSize: 22, color: token.colorPrimary }}>{link.icon}</span>
                          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                            <Typography.Text strong>{link.title}</Typography.Text>
                            <Typography.Text type="secondary">{link.text}</Typography.Text>
                          </Flex>
                          <RightOutlined />
                        </Flex>
                      </Card>
                    </Link>
                  ))}
                </Flex>
              )}
            </Card>
          </Col>
        ) : null}
        <Col xs={24} lg={12}>
          <Card title={t('home.account')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('user.login')}>{user?.login}</Descriptions.Item>
              <Descriptions.Item label={t('user.email')}>{user?.email}</Descriptions.Item>
              <Descriptions.Item label={t('user.roles')}>
                <Flex wrap gap={4}>
                  {(user?.roles ?? []).map((role) => (
                    <RoleName key={role.roleId} roleName={role.roleName} />
                  ))}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('user.lastLogin')}>{format(user?.lastLogin)}</Descriptions.Item>
              <Descriptions.Item label={t('user.joinDate')}>{format(user?.joinDate)}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
