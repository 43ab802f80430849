import type { FormInstance } from 'antd';
import { isApiError } from '../api/api-error.ts';
import { i18n } from '../i18n/i18n.ts';
import { fieldKeyOf, messageText } from '../i18n/message-text.ts';
import { toast } from '../toast/toast-store.ts';

/** Form field of each API field (by its last name: `userInfos.0.login` -> `login`). */
export type TFieldMap<TValues> = Partial<Record<string, keyof TValues & string>>;

/**
 * The details of a server error that name a field of this form (e.g. `priceListCodeTaken` with
 * field `priceListCode`, or `loginTaken` at `userInfos.0.login`), translated, by form field.
 * Editors that are not an antd Form (a record editor's header) show these at their fields.
 */
export function serverFieldErrors<TName extends string>(
  error: unknown,
  fields: Partial<Record<string, TName>>,
): Map<TName, string[]> {
  const byField = new Map<TName, string[]>();
  if (!isApiError(error)) return byField;
  for (const { text, message } of error.detailList) {
    if (!message?.field) continue;
    const name = fields[fieldKeyOf(message.field)] ?? fields[message.field];
    if (!name) continue;
    byField.set(name, [...(byField.get(name) ?? []), messageText(i18n.t, message, text)]);
  }
  return byField;
}

/**
 * Puts each detail of a server error that names a field of this form onto that field (see
 * `serverFieldErrors`). Returns how many fields got an error; the API client's toast still tells
 * the whole story.
 */
export function showServerFieldErrors<TValues>(
  form: FormInstance<TValues>,
  error: unknown,
  fields: TFieldMap<TValues>,
): number {
  const byField = serverFieldErrors(error, fields);
  if (byField.size === 0) return 0;
  // antd's NamePath<TValues> does not resolve for a generic TValues; every name is a key of it.
  const data = [...byField].map(([name, errors]) => ({ name, errors }));
  form.setFields(data as Parameters<FormInstance<TValues>['setFields']>[0]);
  const first = [...byField.keys()][0];
  if (first) form.scrollToField(first, { block: 'center' });
  return byField.size;
}

/** What a drawer form says when its one record is saved, or when an edit changed nothing. */
export type TSaveMessages = { done: string; unchanged?: string };

/**
 * Sends a form's one record and closes the form with a toast; a field the server refuses shows
 * its reason on that field and the form stays open. `input` null (an edit that changed nothing)
 * sends nothing.
 */
export async function saveFromForm<TValues, TInput>(
  form: FormInstance<TValues>,
  fields: TFieldMap<TValues>,
  save: { mutateAsync: (inputs: TInput[]) => Promise<unknown> },
  input: TInput | null,
  messages: TSaveMessages,
  onClose: () => void,
): Promise<void> {
  if (input === null) {
    toast.info(messages.unchanged ?? messages.done);
    onClose();
    return;
  }
  try {
    await save.mutateAsync([input]);
    toast.success(messages.done);
    onClose();
  } catch (error) {
    // The API client's toast tells the whole story; details about a field also show on it.
    showServerFieldErrors(form, error, fields);
  }
}
