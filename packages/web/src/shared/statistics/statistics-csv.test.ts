import { describe, expect, it } from 'vitest';
import { chartFileName, dailyCsv, rankingCsv } from './statistics-csv.ts';

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('statistics CSV', () => {
  it('writes one row per day with sign-ins and downloads', () => {
    const csv = dailyCsv(
      [
        { date: '2026-11-01', signIns: 3, activeUsers: 2, registrations: 1, downloads: 12 },
        { date: '2026-11-02', signIns: 0, activeUsers: 0, registrations: 0, downloads: 0 },
      ],
      { date: 'Date', signIns: 'Sign-ins', downloads: 'Downloads' },
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines(csv)).toEqual(['Date,Sign-ins,Downloads', '2026-11-01,3,12', '2026-11-02,0,0']);
  });

  it('ranks rows best first, quoting names with commas and defusing formulas', () => {
    const csv = rankingCsv(
      [
        { key: '1', name: 'Door, oak', downloads: 9 },
        { key: '2', name: '=HYPERLINK("x")', downloads: 4 },
      ],
      { rank: 'Rank', name: 'Name', downloads: 'Downloads' },
    );
    expect(lines(csv)).toEqual(['Rank,Name,Downloads', '1,"Door, oak",9', `2,"'=HYPERLINK(""x"")",4`]);
  });

  it('names the file after the chart and its days', () => {
    expect(chartFileName('top-families', { from: '2026-10-29', to: '2026-11-27' })).toBe(
      'statistics-top-families-2026-10-29-2026-11-27.csv',
    );
  });
});
