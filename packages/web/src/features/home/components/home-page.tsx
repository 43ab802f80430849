import { KeyOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import type { TPermission } from '@portal/contract';
import { Card, Col, Descriptions, Flex, Row, Tag, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { defaultMinDate } from '../../../shared/api/environment.ts';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';

type TQuickLink = { to: string; icon: ReactNode; title: string; text: string; permission: TPermission };

/** Welcome dashboard: who is signed in, for which company, and what they may open. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const user = session.user;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.login : '';
  const format = (iso: string | null | undefined) =>
    !iso || Date.parse(iso) === Date.parse(defaultMinDate()) ? t('common.never') : dayjs(iso).format('LL LT');

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
  const allowed = links.filter((link) => can(session, link.permission));

  return (
    <Flex vertical gap={16}>
      <div>
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
      <Row gutter={[16, 16]}>
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
        <Col xs={24} lg={12}>
          <Card title={t('home.account')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('user.login')}>{user?.login}</Descriptions.Item>
              <Descriptions.Item label={t('user.email')}>{user?.email}</Descriptions.Item>
              <Descriptions.Item label={t('user.roles')}>
                <Flex wrap gap={4}>
                  {(user?.roles ?? []).map((role) => (
                    <Tag key={role.roleId}>{role.roleName}</Tag>
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
