import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setThemeMode, useThemeMode } from '../theme/theme-store.ts';

/** Light/dark switch; the choice is remembered. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = mode === 'dark' ? t('header.lightMode') : t('header.darkMode');
  return (
    <Button
      type="text"
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      aria-label={label}
      aria-pressed={mode === 'dark'}
      data-testid="theme-toggle"
      title={label}
      onClick={() => setThemeMode(mode === 'dark' ? 'light' : 'dark')}
    />
  );
}
