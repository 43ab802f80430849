import type { TLanguage } from './languages.ts';
import { LANGUAGES } from './languages.ts';

const files = import.meta.glob<{ default: object }>('../../locales/*/translation.json', { eager: true });

/** Every locale file's content, read at once: for the tests that compare the six languages. */
export const localeFiles = Object.fromEntries(
  LANGUAGES.map((language) => [language, files[`../../locales/${language}/translation.json`]?.default ?? {}]),
) as Record<TLanguage, object>;
