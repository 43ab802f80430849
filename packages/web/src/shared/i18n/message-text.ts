import type { TErrorDetail } from '@portal/contract';
import type { TFunction } from 'i18next';

const PERMISSION =
  /^(adminmanagement|partnermanagement|companymanagement|usermanagement|contentmanagement)\.(create|read|update|delete)$/;

/**
 * The locale key of an API field or record name: `userInfos.0.login` -> `login`,
 * `oldPasswordHash` and `old password` -> `oldPassword`, `photoBase64` -> `photo`.
 */
export function fieldKeyOf(name: string): string {
  const last =
    name
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? name;
  const camel = last.trim().replace(/[\s_-]+(\w)/g, (_whole, letter: string) => letter.toUpperCase());
  return camel.replace(/(?<=.)(Hash|Base64)$/, '');
}

/** A field or record name in the reader's language, or the name itself when there is no translation. */
export function fieldLabel(t: TFunction, name: string): string {
  const key = `fields.${fieldKeyOf(name)}`;
  return t(key, { defaultValue: name });
}

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * One keyed message (a server `errorDetails` entry or a zod issue) in the reader's language:
 * field names and permissions translated, the first letter capitalised. Unknown keys fall back to
 * `fallback` (the server's English `[Detail]`).
 */
export function messageText(t: TFunction, message: TErrorDetail, fallback?: string): string {
  const key = `messages.${message.key}`;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    const permission = typeof value === 'string' ? PERMISSION.exec(value) : null;
    if (name === 'name' && typeof value === 'string') values[name] = fieldLabel(t, value);
    else if (permission)
      values[name] =
        `${t(`permissions.areas.${permission[1]}`)} – ${t(`permissions.actions.${permission[2]}`)}`;
    else values[name] = value;
  }
  const text = t(key, { ...values, defaultValue: fallback ?? message.key });
  return capitalise(text);
}
