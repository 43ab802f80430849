import { FIELD_MESSAGES } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';

/** How long a text field's value may be, as its contract schema says; absent: no bound. */
export type TLengthBounds = { min?: number; max?: number };

type TDef = { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
// zod's string schemas (and string formats such as e-mail) carry both as properties.
type TStringBounds = { minLength?: number | null; maxLength?: number | null };

// Wrappers that keep the inner string's checks: `.optional()`, `.nullish()`, `.default()`, a pipe.
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * The length bounds of a contract text schema (`text(name, { min, max })`, `optionalText`,
 * `ZLogin`, ...): its `minLength` and `maxLength`, through optional, nullable, default
 * and pipe wrappers, so a form never types the numbers a second time. Not a string: no bounds.
 */
export function lengthBoundsOf(schema: z.core.$ZodType): TLengthBounds {
  let current: z.core.$ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const def = current._zod.def as TDef;
    if (def.type === 'string') {
      const { minLength, maxLength } = current as TStringBounds;
      return {
        ...(typeof minLength === 'number' ? { min: minLength } : {}),
        ...(typeof maxLength === 'number' ? { max: maxLength } : {}),
      };
    }
    current = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
  }
  return {};
}

/** "Minimum field length: 3" (spec section 5) in the reader's language. */
export function minLengthText(min: number, t: TFunction = i18n.t): string {
  return t('validation.minLength', { min, defaultValue: `${FIELD_MESSAGES.minLength} ${min}` });
}

/** "Maximum field length: 64" (spec section 5) in the reader's language. */
export function maxLengthText(max: number, t: TFunction = i18n.t): string {
  return t('validation.maxLength', { max, defaultValue: `${FIELD_MESSAGES.maxLength} ${max}` });
}

/**
 * The spec's short text of a broken length bound (a zod issue of a string), or undefined for any
 * other issue. A minimum of 1 only says the field is required, which its own message tells.
 */
export function lengthIssueText(issue: z.core.$ZodIssue, t: TFunction = i18n.t): string | undefined {
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) > 1)
    return minLengthText(Number(issue.minimum), t);
  if (issue.code === 'too_big' && issue.origin === 'string') return maxLengthText(Number(issue.maximum), t);
  return undefined;
}

/**
 * antd's character counter (`count` of Input and Input.TextArea) for a contract text schema with a
 * maximum: "12 / 64", red past the bound, where the field's rule then says "Maximum field length:
 * 64". The person may type or paste past it and shorten, rather than have the text cut silently.
 */
export function lengthCount(schema: z.core.$ZodType): { show: true; max: number } | undefined {
  const { max } = lengthBoundsOf(schema);
  return max === undefined ? undefined : { show: true, max };
}
