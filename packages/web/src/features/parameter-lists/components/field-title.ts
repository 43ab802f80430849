import type { TFunction } from 'i18next';

/**
 * A field's name as a label or column title: the shared `fields.*` name (lower case, as messages
 * use it inside sentences) with its first letter capitalised.
 */
export function fieldTitle(t: TFunction, field: string): string {
  const text = t(`fields.${field}`);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
