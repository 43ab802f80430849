import { describe, expect, it } from 'vitest';
import {
  countCatalogTypes,
  decodeTypeCatalog,
  hasFamilyChanges,
  initialFamilyValues,
} from './family-form-model.ts';
import { formatFileSize, shortHash, typeColumns } from './family-format.ts';

describe('family form model', () => {
  it('sees no change in a new form left empty, and one in a typed name', () => {
    const empty = initialFamilyValues(null);
    expect(hasFamilyChanges({ ...empty }, empty)).toBe(false);
    expect(hasFamilyChanges({ ...empty, revitFamilyName: '  ' }, empty)).toBe(false);
    expect(hasFamilyChanges({ ...empty, revitFamilyName: 'Desk' }, empty)).toBe(true);
    expect(
      hasFamilyChanges({ ...empty, typeCatalog: { text: 'x', fileName: 'a.txt', changed: true } }, empty),
    ).toBe(true);
  });

  it('reads type catalogs in UTF-16, UTF-8 and the Windows code page', () => {
    const text = 'Name,Höhe##LENGTH##MILLIMETERS\nKlein,720\n';
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer),
    ]);
    expect(decodeTypeCatalog(utf16)).toBe(text);
    expect(decodeTypeCatalog(new TextEncoder().encode(text))).toBe(text);
    const latin1 = new Uint8Array([...text].map((c) => c.charCodeAt(0)));
    expect(decodeTypeCatalog(latin1)).toBe(text);
    expect(countCatalogTypes(text)).toBe(1);
  });
});

describe('family formats', () => {
  it('writes sizes in binary steps (the limits read 512 MB) in the reader language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(1_450_000, 'en')).toBe('1.4 MB');
    expect(formatFileSize(1_450_000, 'de')).toBe('1,4 MB');
    expect(formatFileSize(512 * 1024 * 1024, 'en')).toBe('512 MB');
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });

  it('lists every parameter once, in first-seen order, with a unit from any type', () => {
    const columns = typeColumns([
      { typeName: 'A', parameters: [{ name: 'Width', value: '1', unit: null, dataType: null }] },
      {
        typeName: 'B',
        parameters: [
          { name: 'Height', value: '2', unit: 'mm', dataType: 'Length' },
          { name: 'Width', value: '3', unit: 'mm', dataType: 'Length' },
        ],
      },
    ]);
    expect(columns).toEqual([
      { name: 'Width', unit: 'mm' },
      { name: 'Height', unit: 'mm' },
    ]);
  });
});
