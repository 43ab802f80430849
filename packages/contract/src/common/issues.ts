import type { z } from 'zod';
import type { TMessage, TMessageKey } from './messages.ts';

/** What a refine may carry in `params` to name its message: `{ key: 'required', values: {...} }`. */
export type TIssueParams = { key: TMessageKey; values?: Record<string, string | number> };

function isIssueParams(value: unknown): value is TIssueParams {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/**
 * Turns one zod issue into a keyed message, by its kind rather than its English text, so the
 * server and the web forms say the same thing in any language. `fallbackName` names the field
 * when the issue has no path (a form validating one field).
 */
export function messageOfIssue(issue: z.core.$ZodIssue, fallbackName?: string): TMessage {
  const field = issue.path.map(String).join('.') || undefined;
  const name = String(
    issue.path.filter((part) => typeof part === 'string').at(-1) ?? fallbackName ?? 'value',
  );
  const at = (key: TMessageKey, values: Record<string, string | number> = {}): TMessage => ({
    key,
    values: { name, ...values },
    ...(field ? { field } : {}),
  });
  // A sort field outside the find's list (sortOf) names the choices, on the sort as a whole.
  if (issue.code === 'invalid_value' && issue.path[0] === 'sort' && issue.path[2] === 'field')
    return {
      key: 'sortFieldNotValid',
      // The input is what the client sent: only a text is named (an object's toString may throw).
      values: {
        field: typeof issue.input === 'string' ? issue.input.slice(0, 64) : 'value',
        fields: issue.values.join(', '),
      },
      field: 'sort',
    };
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? at('required') : at('notValid');
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? at('required') : at('minLength', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return at('tooFewItems', { min });
      return at('tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return at('maxLength', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return at('tooManyItems', { max });
      return at('tooLarge', { max });
    }
    case 'custom':
      return isIssueParams(issue.params) ? at(issue.params.key, issue.params.values) : at('notValid');
    case 'invalid_element':
    case 'invalid_format':
    case 'invalid_key':
    case 'invalid_union':
    case 'invalid_value':
    case 'not_multiple_of':
    case 'unrecognized_keys':
      return at('notValid');
  }
}
