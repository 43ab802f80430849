import { STATISTICS_MAX_DAYS } from '@portal/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** The ranges the picker offers in one click; `last30` is where the dashboard opens. */
export const RANGE_PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth', 'lastYear'] as const;
export type TRangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: TRangePreset = 'last30';

/** A range of calendar days, both inclusive, as `YYYY-MM-DD`. */
export type TDayRange = { from: string; to: string };

export const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The days a preset covers, counted back from `today` (the browser's calendar day): the last 7 or
 * 30 days and the last year (365 or 366 days) end today; this month runs from its first day to
 * today; last month is the whole previous calendar month.
 */
export function presetRange(preset: TRangePreset, today: Dayjs = dayjs()): TDayRange {
  const day = today.startOf('day');
  const range = (from: Dayjs, to: Dayjs) => ({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) });
  switch (preset) {
    case 'last7':
      return range(day.subtract(6, 'day'), day);
    case 'last30':
      return range(day.subtract(29, 'day'), day);
    case 'thisMonth':
      return range(day.startOf('month'), day);
    case 'lastMonth': {
      const month = day.subtract(1, 'month');
      return range(month.startOf('month'), month.endOf('month'));
    }
    case 'lastYear':
      return range(day.subtract(1, 'year').add(1, 'day'), day);
  }
}

/** The preset that covers exactly these days today, or null for a range picked by hand. */
export function presetOf(range: TDayRange, today: Dayjs = dayjs()): TRangePreset | null {
  return (
    RANGE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** How many calendar days a range holds, both ends counted. */
export function daysIn(range: TDayRange): number {
  return dayjs(range.to).diff(dayjs(range.from), 'day') + 1;
}

/** Whether the server takes the range: in order and no longer than STATISTICS_MAX_DAYS. */
export function isAllowedRange(range: TDayRange): boolean {
  const days = daysIn(range);
  return days >= 1 && days <= STATISTICS_MAX_DAYS;
}

/** How a figure moved against the period before: up or down by `ratio`, the same, or new (nothing before). */
export type TChange =
  { kind: 'up' | 'down'; ratio: number } | { kind: 'same'; ratio: 0 } | { kind: 'new'; ratio: null };

/** The change of `current` against `previous`, as a ratio (0.25 is 25 % more). */
export function changeOf(current: number, previous: number): TChange {
  if (current === previous) return { kind: 'same', ratio: 0 };
  if (previous === 0) return { kind: 'new', ratio: null };
  const ratio = (current - previous) / previous;
  return { kind: ratio > 0 ? 'up' : 'down', ratio };
}
