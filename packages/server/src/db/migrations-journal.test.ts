import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const drizzleFolder = path.resolve(import.meta.dirname, '../../drizzle');
const journal = JSON.parse(fs.readFileSync(path.join(drizzleFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; tag: string; when: number }>;
};

/**
 * Drizzle's migrator applies a migration only when its journal time is later than the last one a
 * database applied: a time out of order, or one ahead of the clock, would make a later migration be
 * skipped on every database that already has it.
 */
describe('the migrations journal', () => {
  it('numbers its migrations in order, each with its SQL file', () => {
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, '0'))).toBe(true);
      expect(fs.existsSync(path.join(drizzleFolder, `${entry.tag}.sql`)), entry.tag).toBe(true);
    });
  });

  it('gives them rising times, none ahead of now', () => {
    const times = journal.entries.map((entry) => entry.when);
    for (let i = 1; i < times.length; i++)
      expect(times[i]!, journal.entries[i]!.tag).toBeGreaterThan(times[i - 1]!);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });
});
