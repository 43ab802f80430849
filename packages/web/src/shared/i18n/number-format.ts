import type { FormatterModule } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * Every number the portal shows goes through here, in the interface language: `10,006` in
 * English, `10.006` in German, `10 006` in French. Fraction digits are kept as they are, so a
 * limit of 0.125 is never shown rounded.
 */
export function formatNumber(value: number, language: string): string {
  return formatter(language, 'number', { maximumFractionDigits: 20 }).format(value);
}

// Building an Intl.NumberFormat costs far more than formatting with one, and a gallery or a table
// formats hundreds of numbers a frame: each kind is built once per language and kept.
const formatters = new Map<string, Intl.NumberFormat>();

/** The kept formatter of `key` in the language, built with `options` the first time. */
function formatter(language: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${language}\u0000${key}`;
  let kept = formatters.get(id);
  if (!kept) {
    kept = new Intl.NumberFormat(language, options);
    formatters.set(id, kept);
  }
  return kept;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size in bytes, in one unit system everywhere: binary steps of 1024 named with the short
 * symbols people read on their computers (`512 MB` for 512 × 1024², the upload limit), one decimal
 * below 100 (`1.5 MB`), in the interface language (`1,5 MB`, `512 Mo`).
 */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return formatter(language, `bytes:${unit}:${digits}`, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

/** The formatters bound to the interface language, for a component. */
export function useNumberFormat(): { number: (value: number) => string; bytes: (value: number) => string } {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return {
    number: (value) => formatNumber(value, language),
    bytes: (value) => formatBytes(value, language),
  };
}

/**
 * Translation values that are quantities: a number given for one of them is written in the
 * language (`Families found: 10,006`). Ids, codes, versions, rows and lines keep their digits as
 * typed (`Revit 2024`, `Licence no. 1042`).
 */
export const QUANTITY_VALUES: ReadonlySet<string> = new Set([
  'count',
  'total',
  'from',
  'to',
  'used',
  'max',
  'min',
  'allowed',
  'adding',
  'shown',
  'valid',
  'found',
  'expected',
  'columns',
  'seconds',
  'minutes',
  'days',
]);

type TFormat = (value: unknown, language: string, options: Record<string, unknown>) => unknown;

/**
 * i18next's formatter (used with `interpolation.alwaysFormat`): quantities (QUANTITY_VALUES) are
 * formatted with formatNumber without any marking in the texts; `{{size, bytes}}` and
 * `{{n, number}}` name a format explicitly.
 */
export function numberFormatter(): FormatterModule {
  const formats = new Map<string, TFormat>([
    ['number', (value, language) => (typeof value === 'number' ? formatNumber(value, language) : value)],
    ['bytes', (value, language) => (typeof value === 'number' ? formatBytes(value, language) : value)],
  ]);
  return {
    type: 'formatter',
    init: () => undefined,
    add(name, format) {
      formats.set(name.toLowerCase().trim(), (value, language, options) => format(value, language, options));
    },
    addCached(name, format) {
      formats.set(name.toLowerCase().trim(), (value, language, options) => format(language, options)(value));
    },
    format(value, format, language, options) {
      const lng = language ?? 'en';
      if (format) {
        const named = formats.get(format.toLowerCase().trim());
        return (named ? named(value, lng, { ...options }) : value) as string;
      }
      const key: unknown = options?.interpolationkey;
      return (
        typeof value === 'number' && typeof key === 'string' && QUANTITY_VALUES.has(key)
          ? formatNumber(value, lng)
          : value
      ) as string;
    },
  };
}
