import type { TErrorDetail } from '@portal/contract';
import type { TFunction } from 'i18next';
import { messageText } from '../../../shared/i18n/message-text.ts';

/** A short message for one field of the list editor, in the reader's language. */
export function listErrorText(t: TFunction, detail: TErrorDetail): string {
  const values = detail.values ?? {};
  switch (detail.key) {
    case 'required':
      return t('lists.errors.required');
    case 'maxLength':
      return t('lists.errors.maxLength', { max: values.max ?? '' });
    case 'notValid':
      return t('lists.errors.codeNotValid');
    case 'repeated':
      return t('lists.errors.repeated', { code: values.value ?? '' });
    case 'codeTaken':
    case 'alreadyExists':
      return t('lists.errors.codeTaken');
    default:
      return messageText(t, detail);
  }
}
