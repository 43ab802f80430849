import { messageOfIssue } from '@portal/contract';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { messageText } from '../i18n/message-text.ts';
import { isEmptyValue, requiredMessage } from './required-rule.ts';
import { lengthIssueText } from './text-length.ts';

export type TZodRuleOptions = {
  /** The API field name, for the message ("{name} is required"): `login`, `firstName`, … */
  name: string;
  /** An empty value says "<Field> is required" instead of passing or naming a minimum length. */
  required?: boolean;
};

/**
 * An antd Form rule that validates one field with a contract zod schema and shows the contract's
 * keyed message (messageOfIssue) in the reader's language, as the server's errorDetails would be;
 * a broken length bound says the spec's short field text ("Minimum field length: 3").
 */
export function zodRule(schema: z.ZodType, { name, required = false }: TZodRuleOptions) {
  return {
    required,
    validator: (_rule: unknown, value: unknown) => {
      if (isEmptyValue(value)) {
        return required ? Promise.reject(new Error(requiredMessage(name))) : Promise.resolve();
      }
      const result = schema.safeParse(value);
      const issue = result.success ? undefined : result.error.issues[0];
      if (!issue) return Promise.resolve();
      const text = lengthIssueText(issue) ?? messageText(i18n.t, messageOfIssue(issue, name), issue.message);
      return Promise.reject(new Error(text));
    },
  };
}
