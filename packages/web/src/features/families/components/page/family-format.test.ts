import { describe, expect, it } from 'vitest';
import { decimalSeparator, formatCost, unitSymbol } from './family-format.ts';

describe('unitSymbol', () => {
  it("shows Revit's unit words as their usual symbols", () => {
    expect(unitSymbol('MILLIMETERS')).toBe('mm');
    expect(unitSymbol('CENTIMETERS')).toBe('cm');
    expect(unitSymbol('METERS')).toBe('m');
    expect(unitSymbol('INCHES')).toBe('in');
    expect(unitSymbol('FEET')).toBe('ft');
    expect(unitSymbol('DEGREES')).toBe('°');
    expect(unitSymbol('SQUARE_METERS')).toBe('m²');
    expect(unitSymbol('CUBIC_METERS')).toBe('m³');
    expect(unitSymbol('KILOGRAMS')).toBe('kg');
  });

  it('reads a unit word in any case and with spaces around it', () => {
    expect(unitSymbol(' millimeters ')).toBe('mm');
  });

  it('keeps a symbol or an unknown word as written', () => {
    expect(unitSymbol('mm')).toBe('mm');
    expect(unitSymbol('FURLONGS')).toBe('FURLONGS');
    expect(unitSymbol('')).toBe('');
  });
});

describe('formatCost', () => {
  it('shows two decimals in the reader’s language', () => {
    expect(formatCost(502, 'en')).toBe('502.00');
    expect(formatCost(627.5, 'en')).toBe('627.50');
    expect(formatCost(1234.5, 'de')).toBe('1.234,50');
    expect(formatCost(0.125, 'fr')).toBe('0,13');
  });
});

describe('decimalSeparator', () => {
  it('is the one the reader’s language writes', () => {
    expect(decimalSeparator('en')).toBe('.');
    expect(decimalSeparator('de')).toBe(',');
    expect(decimalSeparator('ja')).toBe('.');
  });
});
