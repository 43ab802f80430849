import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { ThemeToggle } from '../../../shared/ui/theme-toggle.tsx';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';

/** Centered card for sign-in, sign-up and the other pages before the portal. */
export function AuthLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex component="header" justify="flex-end" gap={4} style={{ padding: 8 }}>
        <Button
          type="text"
          href="#/help"
          icon={<QuestionCircleOutlined aria-hidden />}
          data-testid="help-link"
        >
          {t('help.title')}
        </Button>
        <LanguageSwitcher />
        <ThemeToggle />
      </Flex>
      <Flex component="main" vertical align="center" style={{ padding: '8px 12px 48px' }}>
        <Flex align="center" gap={10} style={{ marginBottom: 20 }}>
          <BrandMark size={36} />
          <span style={{ fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}>
            {t('app.title')}
          </span>
        </Flex>
        {/* A plain panel: antd's Card would bring its tabs and skeleton onto the sign-in page. */}
        <div
          style={{
            width: '100%',
            maxWidth: 460,
            padding: 24,
            boxSizing: 'border-box',
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </div>
      </Flex>
    </div>
  );
}
