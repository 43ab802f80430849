import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '../shared/api/query-client.ts';
import { ANTD_LOCALES, applyDayjsLocale } from '../shared/i18n/antd-locales.ts';
import { i18n } from '../shared/i18n/i18n.ts';
import { useLanguage } from '../shared/i18n/use-language.ts';
import { useThemeMode } from '../shared/theme/theme-store.ts';

function ThemedConfig({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const mode = useThemeMode();

  useEffect(() => {
    applyDayjsLocale(language);
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : language;
    document.title = i18n.t('app.title');
  }, [language]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: '#1f6feb', borderRadius: 6 },
      }}
    >
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}

/** i18n, TanStack Query, Ant Design locale and theme (light or dark) around the app. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedConfig>{children}</ThemedConfig>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
