import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../../locales/de/translation.json';
import en from '../../locales/en/translation.json';
import es from '../../locales/es/translation.json';
import fr from '../../locales/fr/translation.json';
import ja from '../../locales/ja/translation.json';
import zh from '../../locales/zh/translation.json';
import type { TLanguage } from './languages.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, storedLanguage } from './languages.ts';

export const resources = {
  en: { translation: en },
  zh: { translation: zh },
  es: { translation: es },
  ja: { translation: ja },
  de: { translation: de },
  fr: { translation: fr },
} as const satisfies Record<TLanguage, { translation: object }>;

export const i18n = i18next.createInstance();

/** Initialises i18next synchronously with the bundled resources and the remembered language. */
export function initI18n(language: TLanguage = storedLanguage()): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  return i18n;
}

/** Switches the interface language and remembers it. */
export async function changeLanguage(language: TLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode may refuse storage; the switch still applies to this visit.
  }
  await i18n.changeLanguage(language);
}
