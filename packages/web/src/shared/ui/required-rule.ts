import { i18n } from '../i18n/i18n.ts';
import { messageText } from '../i18n/message-text.ts';

/** True for what a person has not filled in: nothing, or only spaces. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The translated "<Field> is required" of an API field name (`login`, `firstName`, …). */
export function requiredMessage(name: string): string {
  return messageText(i18n.t, { key: 'required', values: { name } });
}

/** A rule for a required field that has no schema of its own: "<Field> is required". */
export function requiredRule(name: string) {
  return {
    required: true,
    validator: (_rule: unknown, value: unknown) =>
      isEmptyValue(value) ? Promise.reject(new Error(requiredMessage(name))) : Promise.resolve(),
  };
}
