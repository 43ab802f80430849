/** The dash shown for a value that is absent: null, undefined, an empty text or an empty list. */
export const NO_VALUE = '–';

/** Whether a logged value says "nothing" (shown as a dash). */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * A logged value as text: texts and numbers as they are, a list of plain values joined by commas,
 * anything else as compact JSON; a dash for nothing. Yes/no come from the caller's language.
 */
export function formatActivityValue(value: unknown, yesNo: { yes: string; no: string }): string {
  if (isEmptyValue(value)) return NO_VALUE;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? yesNo.yes : yesNo.no;
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.map((item) => (isEmptyValue(item) ? NO_VALUE : String(item))).join(', ');
  }
  return JSON.stringify(value);
}

/** Whether a change's two values differ (compared as JSON, so equal lists and objects are the same). */
export function valuesDiffer(before: unknown, after: unknown): boolean {
  if (isEmptyValue(before) && isEmptyValue(after)) return false;
  return JSON.stringify(before ?? null) !== JSON.stringify(after ?? null);
}
