import { describe, expect, it } from 'vitest';
import { toCsv } from './users-csv.ts';

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks and neutralises formulas', () => {
    const rows = [
      { a: 'plain', b: 'with, comma' },
      { a: 'say "hi"', b: '=SUM(A1)' },
      { a: 'line\nbreak', b: null },
    ];
    const csv = toCsv(rows, [
      { header: 'A', value: (r) => r.a },
      { header: 'B', value: (r) => r.b },
    ]);
    expect(csv).toBe('\uFEFFA,B\r\nplain,"with, comma"\r\n"say ""hi""",\'=SUM(A1)\r\n"line\nbreak",\r\n');
  });
});
