import type { BackendModule, ReadCallback } from 'i18next';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en/translation.json';
import { loadAntdLocale } from './antd-locales.ts';
import type { TLanguage } from './languages.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, storedLanguage } from './languages.ts';
import { numberFormatter } from './number-format.ts';

// English ships with the app (it is the fallback); every other language is fetched when chosen,
// so the first page carries one translation, not six.
const loaders = import.meta.glob<{ default: object }>([
  '../../locales/*/translation.json',
  '!../../locales/en/translation.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = loaders[`../../locales/${language}/translation.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

/** Initialises i18next synchronously with English bundled and the remembered language to load. */
export function initI18n(language: TLanguage = storedLanguage()): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n
      .use(lazyLocales)
      .use(numberFormatter())
      .use(initReactI18next)
      .init({
        resources: { en: { translation: en } },
        partialBundledLanguages: true,
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        // Every value passes the formatter, which writes quantities in the language (number-format.ts).
        interpolation: { escapeValue: false, alwaysFormat: true },
        returnNull: false,
        initAsync: false,
      });
  }
  return i18n;
}

/** Loads a language's translation and Ant Design and dayjs locales, so switching shows no mix. */
export async function loadLanguage(language: TLanguage): Promise<void> {
  await Promise.all([i18n.loadLanguages(language), loadAntdLocale(language)]);
}

/** Switches the interface language and remembers it. */
export async function changeLanguage(language: TLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the switch still applies to this visit.
  }
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}
