import { reversedRanges } from '@portal/contract';
import type { FormInstance } from 'antd';
import { i18n } from '../i18n/i18n.ts';
import { fieldLabel, messageText } from '../i18n/message-text.ts';

/**
 * An antd Form rule for the minimum `field` of one of `ranges`: refused while it is above its
 * maximum, with the server's message (rangeReversed), from the contract's one check. Give the
 * Form.Item `dependencies={[maximum]}` so a change of the maximum checks it again.
 */
export function rangeRule(field: string, ranges: ReadonlyArray<readonly [string, string]>) {
  return (form: Pick<FormInstance, 'getFieldsValue'>) => ({
    validator: () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const problem = reversedRanges(values, ranges).find((entry) => entry.field === field);
      if (!problem) return Promise.resolve();
      const text = messageText(i18n.t, {
        key: 'rangeReversed',
        values: { name: field, other: fieldLabel(i18n.t, problem.other), min: problem.min, max: problem.max },
      });
      return Promise.reject(new Error(text));
    },
  });
}
