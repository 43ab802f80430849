import { useTranslation } from 'react-i18next';
import type { TLanguage } from './languages.ts';
import { DEFAULT_LANGUAGE, isLanguage } from './languages.ts';

/** The active interface language. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
