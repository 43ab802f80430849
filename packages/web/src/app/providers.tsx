import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { antdLocaleOf, applyDayjsLocale } from '../shared/i18n/antd-locales.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { useLanguage } from '../shared/i18n/use-language.ts';
import { useThemeMode } from '../shared/theme/theme-store.ts';

// WCAG AA (4.5:1) on white and on antd's tinted backgrounds (selected menu item, status tags):
// antd's defaults give secondary text 3.4:1, links 4.1:1 and green/orange/red text 2.2 to 3.2:1.
const LIGHT_TOKENS = {
  colorPrimary: '#1a5fd0',
  // Hovered and focused buttons and links darken instead of lightening (antd's lighter blue is 3.5:1).
  colorPrimaryHover: '#1852b8',
  colorPrimaryActive: '#154fb0',
  colorLinkHover: '#1852b8',
  colorLink: '#1a5fd0',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#cf1322',
  colorInfo: '#1a5fd0',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
  borderRadius: 6,
};

// On dark backgrounds antd's light-on-dark defaults pass once tertiary text is lifted.
const DARK_TOKENS = {
  colorPrimary: '#1a5fd0',
  // antd's dark link and selected-item blue (the primary colour as text) is 3.3:1 on the dark background.
  colorLink: '#8fc1ff',
  colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
  colorTextDescription: 'rgba(255, 255, 255, 0.65)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
  borderRadius: 6,
};

/** Selected menu items and tabs show their text in a light blue that reads on dark backgrounds. */
const DARK_COMPONENTS = {
  Menu: { itemSelectedColor: '#8fc1ff', darkItemSelectedColor: '#ffffff' },
  Tabs: { itemSelectedColor: '#8fc1ff', itemActiveColor: '#8fc1ff', inkBarColor: '#8fc1ff' },
};

function ThemedConfig({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const mode = useThemeMode();

  useEffect(() => {
    void applyDayjsLocale(language);
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : language;
    document.title = i18n.t('app.title');
  }, [language]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={antdLocaleOf(language)}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: mode === 'dark' ? DARK_TOKENS : LIGHT_TOKENS,
        ...(mode === 'dark' ? { components: DARK_COMPONENTS } : {}),
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * i18n, Ant Design locale and theme (light or dark) around the app; TanStack Query comes with the
 * screens that use it (QueryProvider), so the sign-in page does without.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedConfig>{children}</ThemedConfig>
    </I18nextProvider>
  );
}
