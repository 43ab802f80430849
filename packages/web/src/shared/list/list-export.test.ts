import { describe, expect, it, vi } from 'vitest';
import { exportFileName, fetchAllPages, toCsv } from './list-export.ts';

describe('toCsv', () => {
  it('starts with a BOM, quotes separators, quotes and line breaks, and neutralises formulas', () => {
    const rows = [
      { a: 'plain', b: 'with, comma' },
      { a: 'say "hi"', b: '=SUM(A1)' },
      { a: 'line\nbreak', b: null },
      { a: 'Jürgen Müller', b: '東京' },
    ];
    const csv = toCsv(rows, [
      { header: 'A', value: (r) => r.a },
      { header: 'B', value: (r) => r.b },
    ]);
    expect(csv).toBe(
      '\uFEFFA,B\r\nplain,"with, comma"\r\n"say ""hi""",\'=SUM(A1)\r\n"line\nbreak",\r\nJürgen Müller,東京\r\n',
    );
  });
});

describe('fetchAllPages', () => {
  const all = Array.from({ length: 2500 }, (_, i) => i + 1);
  const server = (page: number, pageSize: number) =>
    Promise.resolve({ rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length });

  it('fetches every page of the result, 1000 rows at a time', async () => {
    const fetchPage = vi.fn(server);
    const rows = await fetchAllPages(fetchPage);
    expect(rows).toEqual(all);
    expect(fetchPage.mock.calls).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 1000],
    ]);
  });

  it('stops at a short page even when the total promised more', async () => {
    const fetchPage = vi.fn((page: number) =>
      Promise.resolve({ rows: page === 1 ? [1, 2, 3] : [4], total: 10 }),
    );
    expect(await fetchAllPages(fetchPage, 3)).toEqual([1, 2, 3, 4]);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('asks once for an exact single page', async () => {
    const fetchPage = vi.fn(() => Promise.resolve({ rows: [1, 2], total: 2 }));
    expect(await fetchAllPages(fetchPage, 2)).toEqual([1, 2]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

describe('exportFileName', () => {
  it('names the file by list and local date', () => {
    expect(exportFileName('users', new Date(2026, 0, 5, 23, 30))).toBe('users-2026-01-05.csv');
  });
});
