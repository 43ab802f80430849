import { describe, expect, it } from 'vitest';
import { estimateTextWidth, headerMinWidth, headerWords } from './header-width.ts';

// One pixel per character keeps the arithmetic visible.
const byLength = (text: string) => text.length;

describe('headerWords', () => {
  it('splits a header at spaces only', () => {
    expect(headerWords('Version de  Revit')).toEqual(['Version', 'de', 'Revit']);
  });

  it('keeps a CJK run whole', () => {
    expect(headerWords('Revit バージョン')).toEqual(['Revit', 'バージョン']);
    expect(headerWords('ダウンロード数')).toEqual(['ダウンロード数']);
  });
});

describe('headerMinWidth', () => {
  it('makes room for the longest word and the cell padding', () => {
    expect(headerMinWidth('Version de Revit', byLength, false)).toBe(7 + 18);
  });

  it('adds the sorter when the column sorts', () => {
    expect(headerMinWidth('Téléchargements', byLength, true)).toBe(15 + 18 + 16);
  });

  it('rounds a fractional measure up', () => {
    expect(headerMinWidth('a', () => 10.2, false)).toBe(11 + 18);
  });
});

describe('estimateTextWidth', () => {
  it('counts CJK characters a full em and others less', () => {
    expect(estimateTextWidth('ダウンロード数', 14)).toBe(7 * 14);
    expect(estimateTextWidth('Revit', 10)).toBeCloseTo(5 * 6.5);
  });
});
