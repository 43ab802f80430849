import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { decodeTypeCatalog, parseTypeCatalog } from './type-catalog.ts';

const DESKS = [
  ',Width##LENGTH##MILLIMETERS,Depth##LENGTH##MILLIMETERS,Height##LENGTH##MILLIMETERS,Top Material##OTHER##',
  'Desk 1200 x 600,1200,600,720,"Oak, oiled"',
  'Desk 1400 x 700,1400,700,720,Walnut',
  'Desk 1600 x 800,1600,800,740,"Laminate ""Arctic White"""',
].join('\r\n');

function failureOf(text: string): {
  status: number;
  key: string | undefined;
  values: unknown;
  field: unknown;
} {
  try {
    parseTypeCatalog(text);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const [message] = error.messages;
    return { status: error.status, key: message?.key, values: message?.values, field: message?.field };
  }
  throw new Error('expected a failure');
}

const refusal = (key: string, values?: Record<string, string | number>) => ({
  status: 422,
  key,
  values,
  field: 'typeCatalogText',
});

describe('parseTypeCatalog', () => {
  it('reads a catalog of three desks with lengths in millimetres and a material', () => {
    const types = parseTypeCatalog(DESKS);
    expect(types.map((type) => type.typeName)).toEqual([
      'Desk 1200 x 600',
      'Desk 1400 x 700',
      'Desk 1600 x 800',
    ]);
    expect(types[0]?.parameters).toEqual([
      { name: 'Width', value: '1200', unit: 'MILLIMETERS', dataType: 'LENGTH' },
      { name: 'Depth', value: '600', unit: 'MILLIMETERS', dataType: 'LENGTH' },
      { name: 'Height', value: '720', unit: 'MILLIMETERS', dataType: 'LENGTH' },
      { name: 'Top Material', value: 'Oak, oiled', unit: null, dataType: 'OTHER' },
    ]);
    expect(types[2]?.parameters[3]?.value).toBe('Laminate "Arctic White"');
  });

  it('takes the separator from the header, so semicolon catalogs read the same', () => {
    const text = ';Width##LENGTH##MILLIMETERS;Top Material##OTHER##\n\nDesk A;1200,5;"Oak; oiled"\n';
    expect(parseTypeCatalog(text)).toEqual([
      {
        typeName: 'Desk A',
        parameters: [
          { name: 'Width', value: '1200,5', unit: 'MILLIMETERS', dataType: 'LENGTH' },
          { name: 'Top Material', value: 'Oak; oiled', unit: null, dataType: 'OTHER' },
        ],
      },
    ]);
  });

  it('ignores blank lines, a byte order mark and spaces around unquoted values', () => {
    const text = '\uFEFF\n,Width##LENGTH##FEET\r\n\r\n  A , 2 \r\n\r\nB,3\r\n';
    expect(parseTypeCatalog(text).map((type) => [type.typeName, type.parameters[0]?.value])).toEqual([
      ['A', '2'],
      ['B', '3'],
    ]);
  });

  it('keeps a quote inside an unquoted value, as in inch marks', () => {
    const [type] = parseTypeCatalog(',Size##OTHER##\n24" x 36",2\' 0"');
    expect(type).toMatchObject({ typeName: '24" x 36"', parameters: [{ value: '2\' 0"' }] });
  });

  it('refuses a header whose first cell is not empty or that has no columns', () => {
    expect(failureOf('Type,Width##LENGTH##MILLIMETERS\nA,1')).toEqual(refusal('typeCatalogHeader'));
    expect(failureOf('Width##LENGTH##MILLIMETERS\nA,1')).toEqual(refusal('typeCatalogHeader'));
    expect(failureOf('')).toEqual(refusal('typeCatalogHeader'));
    expect(failureOf('\n\n')).toEqual(refusal('typeCatalogHeader'));
  });

  it('refuses a header column that is not Name##TYPE##UNIT with its column number', () => {
    expect(failureOf(',Width##LENGTH\nA,1')).toEqual(refusal('typeCatalogColumn', { column: 2 }));
    expect(failureOf(',Width##LENGTH##MILLIMETERS,Material\nA,1,Oak')).toEqual(
      refusal('typeCatalogColumn', { column: 3 }),
    );
    expect(failureOf(',##LENGTH##MILLIMETERS\nA,1')).toEqual(refusal('typeCatalogColumn', { column: 2 }));
    expect(failureOf(',Width##LEN GTH##MILLIMETERS\nA,1')).toEqual(
      refusal('typeCatalogColumn', { column: 2 }),
    );
    expect(failureOf(',Width##LENGTH##MM##X\nA,1')).toEqual(refusal('typeCatalogColumn', { column: 2 }));
    expect(failureOf(',\nA,1')).toEqual(refusal('typeCatalogColumn', { column: 2 }));
  });

  it('refuses a line with another number of values, counting lines as an editor does', () => {
    const text = ',Width##LENGTH##MILLIMETERS,Depth##LENGTH##MILLIMETERS\n\nA,1,2\nB,1\n';
    expect(failureOf(text)).toEqual(refusal('typeCatalogColumns', { line: 4, found: 2, expected: 3 }));
    expect(failureOf(',Width##LENGTH##MILLIMETERS\nA,1,')).toEqual(
      refusal('typeCatalogColumns', { line: 2, found: 3, expected: 2 }),
    );
  });

  it('refuses a quote that is not closed on its line, or text after a closing quote', () => {
    expect(failureOf(',Material##OTHER##\nA,"Oak\nB,Ash')).toEqual(refusal('typeCatalogQuote', { line: 2 }));
    expect(failureOf(',Material##OTHER##\nA,Oak\nB,"Ash"wood')).toEqual(
      refusal('typeCatalogQuote', { line: 3 }),
    );
    expect(failureOf(',"Material##OTHER##')).toEqual(refusal('typeCatalogQuote', { line: 1 }));
  });

  it('refuses a line without a type name', () => {
    expect(failureOf(',Width##LENGTH##MILLIMETERS\nA,1\n  ,2')).toEqual(
      refusal('typeCatalogTypeName', { line: 3 }),
    );
    expect(failureOf(',Width##LENGTH##MILLIMETERS\n"",2')).toEqual(
      refusal('typeCatalogTypeName', { line: 2 }),
    );
  });

  it('refuses a type name repeated in another case', () => {
    expect(failureOf(',Width##LENGTH##MILLIMETERS\nDesk A,1\nDESK a,2')).toEqual(
      refusal('typeCatalogRepeated', { line: 3, typeName: 'DESK a' }),
    );
  });

  it('refuses a catalog without types', () => {
    expect(failureOf(',Width##LENGTH##MILLIMETERS\r\n\r\n')).toEqual(refusal('typeCatalogEmpty'));
  });

  it('refuses more than 500 columns or 10,000 types', () => {
    const wide = `,${Array.from({ length: 501 }, (_, index) => `P${index}##OTHER##`).join(',')}`;
    expect(failureOf(`${wide}\nA${',1'.repeat(501)}`)).toEqual(
      refusal('tooManyItems', { name: 'typeCatalogText', max: 500 }),
    );
    const rows = Array.from({ length: 10_001 }, (_, index) => `T${index},${index}`);
    expect(failureOf([',Count##OTHER##', ...rows].join('\n'))).toEqual(
      refusal('tooManyItems', { name: 'typeCatalogText', max: 10_000 }),
    );
    expect(parseTypeCatalog([',Count##OTHER##', ...rows.slice(1)].join('\n'))).toHaveLength(10_000);
  });

  it('refuses a catalog whose header repeated for every type would make its stored types huge', () => {
    // 500 columns x 401 types: under each own limit, but 200,500 values in all (the attack: a
    // 2 MB catalog became 157 MB of stored types).
    const header = `,${Array.from({ length: 500 }, (_, index) => `Column ${index}##OTHER##`).join(',')}`;
    const rows = Array.from({ length: 401 }, (_, index) => `T${index}${','.repeat(500)}`);
    expect(failureOf([header, ...rows].join('\n'))).toEqual(
      refusal('typeCatalogTooLarge', { line: 402, columns: 500 }),
    );
    expect(parseTypeCatalog([header, ...rows.slice(1)].join('\n'))).toHaveLength(400);
    // Few values, but long names: 2,000 types of a 10,000-character header is 20 M characters.
    const long = `,${Array.from({ length: 4 }, (_, index) => `${'N'.repeat(2_500)}${index}##OTHER##`).join(',')}`;
    const many = Array.from({ length: 2_000 }, (_, index) => `T${index},1,2,3,4`);
    expect(failureOf([long, ...many].join('\n'))).toMatchObject({ key: 'typeCatalogTooLarge', status: 422 });
  });

  it('reads a large real-sized catalog: 2,000 types of 40 columns', () => {
    const header = `,${Array.from({ length: 40 }, (_, index) => `Parameter ${index}##LENGTH##MILLIMETERS`).join(',')}`;
    const rows = Array.from(
      { length: 2_000 },
      (_, t) => `Type ${t},${Array.from({ length: 40 }, (_, c) => t + c).join(',')}`,
    );
    expect(parseTypeCatalog([header, ...rows].join('\n'))).toHaveLength(2_000);
  });

  it('builds English details from the message templates', () => {
    try {
      parseTypeCatalog(',Width##LENGTH##MILLIMETERS\nA,1,2');
    } catch (error) {
      expect((error as AppError).details).toEqual(['type catalog line 2 has 3 values; the header has 2']);
    }
    expect.assertions(1);
  });
});

describe('decodeTypeCatalog', () => {
  const text = ',Matériau##OTHER##\nTür,Eiche';

  it('reads UTF-8 with or without a byte order mark', () => {
    expect(decodeTypeCatalog(Buffer.from(text))).toBe(text);
    expect(decodeTypeCatalog(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toBe(text);
  });

  it('reads UTF-16 with a byte order mark, and UTF-16LE without one', () => {
    const little = Buffer.from(text, 'utf16le');
    expect(decodeTypeCatalog(Buffer.concat([Buffer.from([0xff, 0xfe]), little]))).toBe(text);
    expect(decodeTypeCatalog(little)).toBe(text);
    const big = Buffer.from(little).swap16();
    expect(decodeTypeCatalog(Buffer.concat([Buffer.from([0xfe, 0xff]), big]))).toBe(text);
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    expect(decodeTypeCatalog(Buffer.from(text, 'latin1'))).toBe(text);
  });

  it('gives text that parses to the same types', () => {
    const types = parseTypeCatalog(
      decodeTypeCatalog(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DESKS, 'utf16le')])),
    );
    expect(types).toEqual(parseTypeCatalog(DESKS));
  });
});
