import { MIN_DATE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { formatDateTime, isNeverDate } from './list-dates.ts';

describe('isNeverDate', () => {
  it('knows the default minimum date in every spelling, before the environment loaded', () => {
    for (const iso of [MIN_DATE, '0001-01-01T00:00:00.000Z', '0001-01-01T00:00:00+00:00', '0001-01-01']) {
      expect(isNeverDate(iso)).toBe(true);
    }
  });

  it('knows the environment minimum date when it differs from the contract one', () => {
    expect(isNeverDate('1900-01-01T00:00:00Z', '1900-01-01T00:00:00.000Z')).toBe(true);
  });

  it('treats missing or unreadable dates as never and real dates as dates', () => {
    expect(isNeverDate('')).toBe(true);
    expect(isNeverDate(null)).toBe(true);
    expect(isNeverDate('not a date')).toBe(true);
    expect(isNeverDate('2026-11-23T08:15:00Z')).toBe(false);
  });
});

describe('formatDateTime', () => {
  it('shows the never text instead of the minimum date', () => {
    expect(formatDateTime(MIN_DATE, 'Never')).toBe('Never');
    expect(formatDateTime('2026-11-23T08:15:00Z', 'Never', 'YYYY')).toBe('2026');
  });
});
