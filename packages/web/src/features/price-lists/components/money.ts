const formats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale and currency, made once: building them costs more than formatting. */
function formatOf(locale: string, currency: string | null): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    // Up to four decimals, as the price is stored (numeric(14, 4)): a price is never shown rounded.
    const digits = { minimumFractionDigits: 2, maximumFractionDigits: 4 };
    try {
      format = currency
        ? new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits })
        : new Intl.NumberFormat(locale, digits);
    } catch {
      // A currency list code that is no ISO 4217 code: the number alone, the code beside it.
      format = new Intl.NumberFormat(locale, digits);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * A price as money in the reader's locale: in its currency when it has one (an ISO 4217 code such
 * as EUR), else as a number with two decimals; a code Intl does not know is written after the number.
 */
export function formatPrice(value: number, locale: string, currency: string | null = null): string {
  const format = formatOf(locale, currency);
  const text = format.format(value);
  return currency && format.resolvedOptions().style !== 'currency' ? `${text} ${currency}` : text;
}
