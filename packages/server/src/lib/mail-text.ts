import { type TInterfaceLanguage, isInterfaceLanguage } from '@portal/contract';

/** One mail's subject and body in one language, from the values it needs. */
export type TMailText<V> = (values: V) => { subject: string; text: string };

/** A mail in all six interface languages. */
export type TMailTexts<V> = Record<TInterfaceLanguage, TMailText<V>>;

/** The mail in the recipient's language (English when the stored one is unknown). */
export function mailIn<V>(
  texts: TMailTexts<V>,
  language: string,
  values: V,
): { subject: string; text: string } {
  return texts[isInterfaceLanguage(language) ? language : 'en'](values);
}
