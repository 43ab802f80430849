import { MAX_FAMILY_NAME_LENGTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { suggestedName } from './families.mapper.ts';

describe('suggestedName', () => {
  it("takes the part atom's title, else the file name without .rfa when the title is a bare id", () => {
    expect(suggestedName('Fire Door EI30', 'door.rfa')).toBe('Fire Door EI30');
    expect(suggestedName('0123456789abcdef0123456789ABCDEF', 'Sliding Door.RFA')).toBe('Sliding Door');
    expect(suggestedName(null, 'Window.rfa')).toBe('Window');
  });

  it('cuts a title a save would refuse (a 100,000-character one came from a crafted file) without splitting an emoji', () => {
    expect(suggestedName('x'.repeat(100_000), 'a.rfa')).toBe('x'.repeat(MAX_FAMILY_NAME_LENGTH));
    const emojiAtTheCut = `${'x'.repeat(MAX_FAMILY_NAME_LENGTH - 1)}\u{1F6AA}tail`;
    expect(suggestedName(emojiAtTheCut, 'a.rfa')).toBe('x'.repeat(MAX_FAMILY_NAME_LENGTH - 1));
  });
});
