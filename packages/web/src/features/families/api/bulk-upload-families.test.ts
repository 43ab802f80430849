import type { TFamilyBulkLine } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { readLines } from './bulk-upload-families.ts';

describe('reading the bulk answer as it streams', () => {
  it('reads each complete line once, keeps a half line for later, and skips lines it does not know or cannot parse', () => {
    const seen: TFamilyBulkLine[] = [];
    const saved = '{"kind":"file","file":"a.rfa","status":"saved","familyId":7}\n';
    const summary = '{"kind":"summary","saved":1,"skipped":0,"refused":0}\n';
    let text = saved + summary.slice(0, 20);
    let read = readLines(text, 0, (line) => seen.push(line));
    expect(seen).toEqual([{ kind: 'file', file: 'a.rfa', status: 'saved', familyId: 7 }]);
    expect(read).toBe(saved.length);
    text = saved + summary + '{"kind":"unknown"}\n<html>\n';
    read = readLines(text, read, (line) => seen.push(line));
    expect(seen.map((line) => line.kind)).toEqual(['file', 'summary']);
    expect(read).toBe(text.length);
  });
});
