import deDE from 'antd/locale/de_DE';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import type { ConfigProviderProps } from 'antd';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { TLanguage } from './languages.ts';

/** Ant Design's own strings (pagination, pickers, empty states) for each interface language. */
export const ANTD_LOCALES: Record<TLanguage, NonNullable<ConfigProviderProps['locale']>> = {
  en: enUS,
  zh: zhCN,
  es: esES,
  ja: jaJP,
  de: deDE,
  fr: frFR,
};

dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<TLanguage, string> = {
  en: 'en',
  zh: 'zh-cn',
  es: 'es',
  ja: 'ja',
  de: 'de',
  fr: 'fr',
};

/** Switches dayjs (dates in tables and pickers) alongside the interface language. */
export function applyDayjsLocale(language: TLanguage): void {
  dayjs.locale(DAYJS_LOCALES[language]);
}
