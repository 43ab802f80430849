import { describe, expect, it } from 'vitest';
import { Json, JsonPage, RECORD_SEPARATOR } from './json-page.ts';

type TRecord = { id: number; name: string; photo?: string | null; rank?: number };

/** Records as PostgreSQL writes them: row_to_json's text, joined by the record separator. */
const joined = (records: object[]) => records.map((record) => JSON.stringify(record)).join(RECORD_SEPARATOR);

describe('JsonPage', () => {
  it('sends a page as it was read, the records in order', () => {
    const records = [
      { id: 2, name: 'b' },
      { id: 1, name: 'a' },
    ];
    const page = JsonPage.fromJoined<TRecord>(joined(records), 7);
    expect(page.total).toBe(7);
    expect(page.size).toBe(2);
    expect(JSON.parse(page.json().text)).toEqual(records);
  });

  it('answers an empty array for a page with no records', () => {
    const page = JsonPage.fromJoined<TRecord>(null, 0);
    expect(page.json().text).toBe('[]');
    expect(page.with({ photo: [] }).records()).toEqual([]);
  });

  it('adds members to every record in one pass, each value to its own record', () => {
    const page = JsonPage.fromJoined<TRecord>(
      joined([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
      2,
    );
    const added = page.with({ photo: ['p1', null], rank: [3, 4] });
    expect(added.records()).toEqual([
      { id: 1, name: 'a', photo: 'p1', rank: 3 },
      { id: 2, name: 'b', photo: null, rank: 4 },
    ]);
    expect(page.records()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
  });

  it('keeps a record separator inside a text a record holds, which JSON writes escaped', () => {
    const records = [
      { id: 1, name: `a${RECORD_SEPARATOR}b}` },
      { id: 2, name: 'c' },
    ];
    const page = JsonPage.fromJoined<TRecord>(joined(records), 2);
    expect(page.size).toBe(2);
    expect(page.with({ rank: [1, 2] }).records()).toEqual([
      { ...records[0], rank: 1 },
      { ...records[1], rank: 2 },
    ]);
  });

  it('refuses values that do not match the records one for one', () => {
    const page = JsonPage.fromJoined<TRecord>(joined([{ id: 1, name: 'a' }]), 1);
    expect(() => page.with({ rank: [1, 2] })).toThrow('rank: 2 values for 1 records');
  });

  it('writes a value as JSON with Json.of', () => {
    expect(Json.of({ a: [1, 'x'] }).text).toBe('{"a":[1,"x"]}');
  });
});
