import type { TStatisticsDay } from '@portal/contract';
import { downloadText, toCsv, type TCsvColumn } from '../list/list-export.ts';
import type { TDayRange } from './statistics-range.ts';

/** One row of a ranking chart: what is ranked and its downloads. */
export type TRankingRow = { key: string; name: string; downloads: number };

/** The daily chart's data as CSV: one row per day with sign-ins and downloads. */
export function dailyCsv(
  days: readonly TStatisticsDay[],
  headers: { date: string; signIns: string; downloads: string },
): string {
  const columns: TCsvColumn<TStatisticsDay>[] = [
    { header: headers.date, value: (day) => day.date },
    { header: headers.signIns, value: (day) => day.signIns },
    { header: headers.downloads, value: (day) => day.downloads },
  ];
  return toCsv(days, columns);
}

/** A ranking chart's data as CSV: rank, name and downloads, best first. */
export function rankingCsv(
  rows: readonly TRankingRow[],
  headers: { rank: string; name: string; downloads: string },
): string {
  const columns: TCsvColumn<TRankingRow & { rank: number }>[] = [
    { header: headers.rank, value: (row) => row.rank },
    { header: headers.name, value: (row) => row.name },
    { header: headers.downloads, value: (row) => row.downloads },
  ];
  return toCsv(
    rows.map((row, index) => ({ ...row, rank: index + 1 })),
    columns,
  );
}

/** `statistics-<chart>-<from>-<to>.csv`: the file says which chart and which days it holds. */
export function chartFileName(chart: string, range: TDayRange): string {
  return `statistics-${chart}-${range.from}-${range.to}.csv`;
}

/** Offers a chart's CSV as a download. */
export function saveChartCsv(chart: string, range: TDayRange, csv: string): void {
  downloadText(chartFileName(chart, range), csv);
}
