import type { ConfigProviderProps } from 'antd';
import type { TLanguage } from './languages.ts';

type TAntdLocale = NonNullable<ConfigProviderProps['locale']>;

const loaded = new Map<TLanguage, TAntdLocale>();

// One import per language, each its own small chunk fetched only when that language is chosen.
// English has none: it is antd's own default (ConfigProvider and every component fall back to it).
const ANTD_LOADERS: Record<Exclude<TLanguage, 'en'>, () => Promise<{ default: TAntdLocale }>> = {
  zh: () => import('antd/locale/zh_CN'),
  es: () => import('antd/locale/es_ES'),
  ja: () => import('antd/locale/ja_JP'),
  de: () => import('antd/locale/de_DE'),
  fr: () => import('antd/locale/fr_FR'),
};

const DAYJS_LOADERS: Record<TLanguage, () => Promise<unknown>> = {
  en: () => Promise.resolve(),
  zh: () => import('dayjs/locale/zh-cn'),
  es: () => import('dayjs/locale/es'),
  ja: () => import('dayjs/locale/ja'),
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
};

const DAYJS_NAMES: Record<TLanguage, string> = {
  en: 'en',
  zh: 'zh-cn',
  es: 'es',
  ja: 'ja',
  de: 'de',
  fr: 'fr',
};

/** Fetches Ant Design's strings (pagination, pickers, empty states) and dayjs's for a language. */
export async function loadAntdLocale(language: TLanguage): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  const [antd] = await Promise.all([ANTD_LOADERS[language](), DAYJS_LOADERS[language]()]);
  loaded.set(language, antd.default);
}

/** Ant Design's strings for a language once loaded; undefined means antd's own English. */
export function antdLocaleOf(language: TLanguage): TAntdLocale | undefined {
  return loaded.get(language);
}

type TDayjs = typeof import('dayjs');

let dayjsModule: TDayjs | null = null;
let dayjsLanguage: TLanguage = 'en';

/** Switches dayjs (dates in tables and pickers) alongside the interface language, once dayjs is in. */
export async function applyDayjsLocale(language: TLanguage): Promise<void> {
  dayjsLanguage = language;
  if (!dayjsModule) return;
  await DAYJS_LOADERS[language]();
  dayjsModule.locale(DAYJS_NAMES[language]);
}

/**
 * Loads dayjs with its localized formats and the current language; the signed-in screens wait for
 * it, the sign-in page never needs it.
 */
export async function prepareDayjs(): Promise<void> {
  if (!dayjsModule) {
    const [{ default: dayjs }, { default: localizedFormat }] = await Promise.all([
      import('dayjs'),
      import('dayjs/plugin/localizedFormat'),
    ]);
    dayjs.extend(localizedFormat);
    dayjsModule = dayjs;
  }
  await applyDayjsLocale(dayjsLanguage);
}
