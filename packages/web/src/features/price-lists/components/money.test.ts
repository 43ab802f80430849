import { describe, expect, it } from 'vitest';
import { formatPrice } from './money.ts';

describe('formatPrice', () => {
  it('writes money in the reader locale with the item currency', () => {
    expect(formatPrice(1234.5, 'en', 'EUR')).toBe('€1,234.50');
    expect(formatPrice(1234.5, 'de', 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatPrice(12.3456, 'fr', 'USD')).toBe('12,3456\u00a0$US');
  });

  it('writes two decimals without a currency, and keeps a code Intl does not know beside the number', () => {
    expect(formatPrice(4, 'en')).toBe('4.00');
    expect(formatPrice(4, 'de')).toBe('4,00');
    expect(formatPrice(4, 'en', 'PIECE')).toBe('4.00 PIECE');
  });
});
