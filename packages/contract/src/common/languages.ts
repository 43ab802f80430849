/** The six interface languages of spec 9; mails go out in the recipient's. */
export const INTERFACE_LANGUAGES = ['en', 'zh', 'es', 'ja', 'de', 'fr'] as const;
export type TInterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

export function isInterfaceLanguage(value: unknown): value is TInterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** The first interface language an Accept-Language header names, or undefined. */
export function languageOfHeader(header: string | undefined): TInterfaceLanguage | undefined {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isInterfaceLanguage(tag)) return tag;
  }
  return undefined;
}
