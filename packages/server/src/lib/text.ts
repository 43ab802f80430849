/**
 * Text PostgreSQL cannot store: NUL (text and jsonb refuse it) and a lone UTF-16 surrogate (it has
 * no UTF-8 form: jsonb refuses it, text quietly turns it into U+FFFD). JSON can carry both
 * (`\u0000`, `\ud800`), so requests are checked for them; text read from files is cleaned of them.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** True when PostgreSQL can store the text as it is. */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && !LONE_SURROGATE.test(text);
}

/** The text without NUL characters and with each lone surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replaceAll('\0', '').replace(LONE_SURROGATES, '\uFFFD');
}
