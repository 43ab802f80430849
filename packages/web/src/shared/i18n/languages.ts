/** The six interface languages of spec 9, remembered in localStorage under "language". */
export const LANGUAGES = ['en', 'zh', 'es', 'ja', 'de', 'fr'] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

/** Each language's own name, shown in the switcher so people find theirs. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  zh: '中文',
  es: 'Español',
  ja: '日本語',
  de: 'Deutsch',
  fr: 'Français',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored language, or the default when none (or an unknown one) is stored. */
export function storedLanguage(): TLanguage {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}
