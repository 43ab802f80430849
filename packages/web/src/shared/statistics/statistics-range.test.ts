import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { changeOf, daysIn, isAllowedRange, presetOf, presetRange } from './statistics-range.ts';

// A Thursday in the middle of a month, and the first and last days of months, in a leap year.
const MID_MONTH = dayjs('2024-03-14');
const NEW_YEAR = dayjs('2025-01-01');

describe('presetRange', () => {
  it('ends the last 7 and 30 days today, both ends counted', () => {
    expect(presetRange('last7', MID_MONTH)).toEqual({ from: '2024-03-08', to: '2024-03-14' });
    expect(presetRange('last30', MID_MONTH)).toEqual({ from: '2024-02-14', to: '2024-03-14' });
    expect(daysIn(presetRange('last7', MID_MONTH))).toBe(7);
    expect(daysIn(presetRange('last30', MID_MONTH))).toBe(30);
  });

  it('runs this month from its first day to today', () => {
    expect(presetRange('thisMonth', MID_MONTH)).toEqual({ from: '2024-03-01', to: '2024-03-14' });
    expect(presetRange('thisMonth', NEW_YEAR)).toEqual({ from: '2025-01-01', to: '2025-01-01' });
  });

  it('takes the whole previous calendar month as last month, across a year and in February', () => {
    expect(presetRange('lastMonth', MID_MONTH)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('lastMonth', NEW_YEAR)).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('lastMonth', dayjs('2024-03-31'))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('takes the last year as the twelve months up to today', () => {
    expect(presetRange('lastYear', MID_MONTH)).toEqual({ from: '2023-03-15', to: '2024-03-14' });
    expect(daysIn(presetRange('lastYear', MID_MONTH))).toBe(366);
    expect(daysIn(presetRange('lastYear', dayjs('2025-06-30')))).toBe(365);
  });

  it('ignores the time of day of "today"', () => {
    expect(presetRange('last7', dayjs('2024-03-14T23:59:00'))).toEqual(presetRange('last7', MID_MONTH));
  });
});

describe('presetOf', () => {
  it('names the preset a range matches today, and none for a range picked by hand', () => {
    expect(presetOf({ from: '2024-02-14', to: '2024-03-14' }, MID_MONTH)).toBe('last30');
    expect(presetOf({ from: '2024-02-01', to: '2024-02-29' }, MID_MONTH)).toBe('lastMonth');
    expect(presetOf({ from: '2024-02-13', to: '2024-03-14' }, MID_MONTH)).toBeNull();
  });
});

describe('isAllowedRange', () => {
  it('takes ranges of 1 to 731 days in order and refuses reversed or longer ones', () => {
    expect(isAllowedRange({ from: '2024-03-14', to: '2024-03-14' })).toBe(true);
    expect(isAllowedRange({ from: '2023-01-01', to: '2024-12-31' })).toBe(true);
    expect(isAllowedRange({ from: '2022-12-31', to: '2024-12-31' })).toBe(false);
    expect(isAllowedRange({ from: '2024-03-15', to: '2024-03-14' })).toBe(false);
  });
});

describe('changeOf', () => {
  it('gives the change against the period before as a ratio', () => {
    expect(changeOf(15, 12)).toEqual({ kind: 'up', ratio: 0.25 });
    expect(changeOf(9, 12)).toEqual({ kind: 'down', ratio: -0.25 });
    expect(changeOf(0, 4)).toEqual({ kind: 'down', ratio: -1 });
  });

  it('says "new" when there was nothing before, and no change when both are equal', () => {
    expect(changeOf(3, 0)).toEqual({ kind: 'new', ratio: null });
    expect(changeOf(0, 0)).toEqual({ kind: 'same', ratio: 0 });
    expect(changeOf(7, 7)).toEqual({ kind: 'same', ratio: 0 });
  });
});
