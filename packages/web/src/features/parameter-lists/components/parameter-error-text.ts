import type { TErrorDetail } from '@portal/contract';
import type { TFunction } from 'i18next';
import { messageText } from '../../../shared/i18n/message-text.ts';

/** What a value of each checked type must look like. */
const VALUE_TYPE_ERRORS: Record<string, string> = {
  number: 'parameterLists.errors.number',
  angle: 'parameterLists.errors.number',
  integer: 'parameterLists.errors.integer',
  length: 'parameterLists.errors.measure',
  area: 'parameterLists.errors.measure',
  volume: 'parameterLists.errors.measure',
  yesno: 'parameterLists.errors.yesno',
  url: 'parameterLists.errors.url',
};

/** A short message for one field or cell of the parameter list editor, in the reader's language. */
export function parameterErrorText(t: TFunction, detail: TErrorDetail): string {
  const values = detail.values ?? {};
  switch (detail.key) {
    case 'required':
      return t('parameterLists.errors.required');
    case 'maxLength':
      return t('parameterLists.errors.maxLength', { max: values.max ?? '' });
    case 'repeated':
      return t('parameterLists.errors.repeated', { name: values.value ?? '' });
    case 'valueType':
      return t(VALUE_TYPE_ERRORS[String(values.type)] ?? 'parameterLists.errors.valueNotValid');
    case 'notValid':
      return t('parameterLists.errors.valueNotValid');
    default:
      return messageText(t, detail);
  }
}
