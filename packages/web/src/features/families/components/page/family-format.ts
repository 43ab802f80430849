import { MAX_ID, type TFamilyType, type TTifStatus } from '@portal/contract';
import { formatBytes } from '../../../../shared/i18n/number-format.ts';
import type { TStatusTone } from '../../../../shared/list/status-tag.tsx';

/** A file size as every screen shows it (the shared formatBytes: `834 kB`, `1.4 MB`, `512 MB`). */
export const formatFileSize = formatBytes;

/** A cost as every screen shows it: two decimals, in the reader's language (`1,234.50`, `1.234,50`). */
export function formatCost(cost: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cost);
}

/** The decimal separator of the reader's language, for a number typed into a field. */
export function decimalSeparator(language: string): string {
  return (
    new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** The first characters of a SHA-256, enough to tell versions apart on screen. */
export function shortHash(sha256: string, length = 12): string {
  return sha256.slice(0, length);
}

/** True for a temporary item (CONTRACT 4): a request or a pending change not yet published. */
export function isPending(tifStatus: TTifStatus | null): boolean {
  return tifStatus !== null && tifStatus !== 'A';
}

/** The tone of a workflow status tag. */
export function tifTone(tifStatus: TTifStatus): TStatusTone {
  switch (tifStatus) {
    case 'A':
      return 'success';
    case 'D':
      return 'error';
    case 'P':
    case 'RfA':
    case 'RfC':
    case 'RfD':
    case 'RfR':
      return 'warning';
  }
}

// Revit's unit words (type catalogs write `Width##LENGTH##MILLIMETERS`) and their usual symbols.
const UNIT_SYMBOLS: Readonly<Record<string, string>> = {
  MILLIMETERS: 'mm',
  CENTIMETERS: 'cm',
  DECIMETERS: 'dm',
  METERS: 'm',
  KILOMETERS: 'km',
  INCHES: 'in',
  FEET: 'ft',
  SQUARE_MILLIMETERS: 'mm²',
  SQUARE_CENTIMETERS: 'cm²',
  SQUARE_METERS: 'm²',
  SQUARE_INCHES: 'in²',
  SQUARE_FEET: 'ft²',
  CUBIC_MILLIMETERS: 'mm³',
  CUBIC_CENTIMETERS: 'cm³',
  CUBIC_METERS: 'm³',
  CUBIC_INCHES: 'in³',
  CUBIC_FEET: 'ft³',
  LITERS: 'L',
  DEGREES: '°',
  RADIANS: 'rad',
  PERCENTAGE: '%',
  GRAMS: 'g',
  KILOGRAMS: 'kg',
  TONNES: 't',
  POUNDS: 'lb',
  POUNDS_MASS: 'lb',
  NEWTONS: 'N',
  KILONEWTONS: 'kN',
  PASCALS: 'Pa',
  KILOPASCALS: 'kPa',
  WATTS: 'W',
  KILOWATTS: 'kW',
  VOLTS: 'V',
  AMPERES: 'A',
  HERTZ: 'Hz',
  LUMENS: 'lm',
  LUX: 'lx',
  CELSIUS: '°C',
  FAHRENHEIT: '°F',
  KELVIN: 'K',
  SECONDS: 's',
};

/** A unit as its usual symbol: Revit's `MILLIMETERS` -> `mm`, `SQUARE_METERS` -> `m²`; others as written. */
export function unitSymbol(unit: string): string {
  return UNIT_SYMBOLS[unit.trim().toUpperCase()] ?? unit;
}

export type TTypeColumn = { name: string; unit: string | null };

/** Parameter columns over all types, in first-seen order, each with the first unit any type gives. */
export function typeColumns(types: readonly TFamilyType[]): TTypeColumn[] {
  const columns = new Map<string, TTypeColumn>();
  for (const type of types) {
    for (const parameter of type.parameters) {
      const known = columns.get(parameter.name);
      if (!known) columns.set(parameter.name, { name: parameter.name, unit: parameter.unit });
      else if (known.unit === null && parameter.unit !== null) known.unit = parameter.unit;
    }
  }
  return [...columns.values()];
}

/** A route's `:id` as a record id, or undefined when it is not one. */
export function parseFamilyId(id: string | undefined): number | undefined {
  if (!id || !/^\d{1,10}$/.test(id)) return undefined;
  const value = Number(id);
  return value > 0 && value <= MAX_ID ? value : undefined;
}
