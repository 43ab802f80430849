import { readFileSync } from 'node:fs';
import CFB from 'cfb';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { RFA_STREAMS, extractPng, readRfa, readRfaStreams } from './rfa-reader.ts';

const FIXTURES = new URL('../../../test/fixtures/rfa/', import.meta.url);
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const FURNITURE_TYPES = ['0610 x 0160mm', '0762 x 0762mm', '0610 x 0915mm'];
const TABLE = [
  { year: 2014, category: 'Furniture', title: 'rac_basic_sample_family', types: FURNITURE_TYPES },
  { year: 2015, category: 'Furniture', title: 'rac_basic_sample_family', types: FURNITURE_TYPES },
  { year: 2016, category: 'Furniture', title: 'rac_basic_sample_family1', types: FURNITURE_TYPES },
  { year: 2017, category: 'Furniture', title: 'rac_basic_sample_family', types: FURNITURE_TYPES },
  { year: 2018, category: 'Structural Trusses', title: 'rst_basic_sample_family1', types: ['Standard'] },
  { year: 2019, category: 'Structural Trusses', title: 'rst_basic_sample_family', types: ['Standard'] },
  {
    year: 2020,
    category: 'Structural Trusses',
    title: '6cf3114324c14f659dc88ad700c786d7',
    types: ['Standard'],
  },
  { year: 2021, category: 'Structural Trusses', title: 'rst_basic_sample_family', types: ['Standard'] },
  { year: 2022, category: 'Structural Trusses', title: 'rst_basic_sample_family', types: ['Standard'] },
  { year: 2023, category: 'Structural Trusses', title: 'rst_basic_sample_family1', types: ['Standard'] },
  { year: 2024, category: 'Furniture', title: 'racbasicsamplefamily', types: FURNITURE_TYPES },
];
const OMNICLASS = { Furniture: '23.40.20.14.17', 'Structural Trusses': '23.25.30.21.14' } as const;

const fixture = (year: number) => readFileSync(new URL(`family-${year}.rfa`, FIXTURES));
const fixtures = TABLE.map(({ year }) => ({ year, bytes: fixture(year) }));

function failureOf(read: () => unknown): { status: number; key: string | undefined } {
  try {
    read();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, key: error.messages[0]?.key };
  }
  throw new Error('expected a failure');
}

/** A compound document with the given streams under its root, as cfb writes one. */
function compound(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, name, content);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A copy of a fixture with one directory entry renamed, so the reader no longer finds it. */
function withoutStream(bytes: Buffer, stream: string): Buffer {
  const copy = Buffer.from(bytes);
  const at = copy.indexOf(Buffer.from(`${stream}\0`, 'utf16le'));
  expect(at).toBeGreaterThan(0);
  copy.write('X', at, 'utf16le');
  return copy;
}

const basicFileInfo = (text: string, offset = 0) =>
  Buffer.concat([Buffer.alloc(offset, 7), Buffer.from(text, 'utf16le')]);

async function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}

describe('readRfa on real families', () => {
  it.each(TABLE)(
    'reads the family saved by Revit $year as the fixture table says',
    async ({ year, category, title, types }) => {
      const { contents, previewPng } = readRfa(fixture(year));
      expect(contents).toMatchObject({
        revitVersion: String(year),
        title,
        revitCategory: category,
        omniClassCode: OMNICLASS[category as keyof typeof OMNICLASS],
        hasPreview: true,
      });
      expect(contents.revitBuild).toMatch(/^\d{8}_\d{4}(\(x64\))?$/);
      expect(contents.types.map((type) => type.typeName)).toEqual(types);
      expect(previewPng).not.toBeNull();
      const metadata = await sharp(previewPng ?? Buffer.alloc(0)).metadata();
      expect(metadata.format).toBe('png');
      expect(metadata.width).toBeGreaterThan(0);
    },
  );

  it('reads the parameters of each type with their display names, units and data types', () => {
    const { contents } = readRfa(fixture(2014));
    expect(contents.revitBuild).toBe('20130121_1515');
    expect(contents.types[2]).toEqual({
      typeName: '0610 x 0915mm',
      parameters: [
        { name: 'Base Material', value: 'Wood - Birch', unit: null, dataType: 'Material' },
        { name: 'Height', value: '762.00', unit: 'mm', dataType: 'Length' },
        { name: 'Length', value: '610.00', unit: 'mm', dataType: 'Length' },
        { name: 'Top Material', value: 'Laminate - Ivory, Matte', unit: null, dataType: 'Material' },
        { name: 'Width', value: '915.00', unit: 'mm', dataType: 'Length' },
      ],
    });
  });

  it('reads the same from streams another reader took out of the file', () => {
    const container = CFB.read(fixture(2022), { type: 'buffer' });
    const streams = new Map(
      RFA_STREAMS.map((stream) => [stream, Buffer.from(CFB.find(container, stream)?.content ?? [])] as const),
    );
    expect(readRfaStreams(streams)).toEqual(readRfa(fixture(2022)));
    expect(failureOf(() => readRfaStreams(new Map(), 'file'))).toEqual({
      status: 422,
      key: 'rfaNoBasicFileInfo',
    });
  });

  it('reads the version from Format: and the build from Build: in 2019 and later', () => {
    expect(readRfa(fixture(2024)).contents).toMatchObject({
      revitVersion: '2024',
      revitBuild: '20230308_1635(x64)',
    });
  });

  it('answers no preview when the family has no RevitPreview4.0', () => {
    const read = readRfa(withoutStream(fixture(2019), 'RevitPreview4.0'));
    expect(read.previewPng).toBeNull();
    expect(read.contents).toMatchObject({ hasPreview: false, revitVersion: '2019' });
  });

  it('answers no title, categories or types when the family has no PartAtom', () => {
    const { contents } = readRfa(withoutStream(fixture(2016), 'PartAtom'));
    expect(contents).toMatchObject({
      revitVersion: '2016',
      title: null,
      omniClassCode: null,
      revitCategory: null,
    });
    expect(contents.types).toEqual([]);
  });

  it('refuses a compound document without BasicFileInfo with 422', () => {
    expect(failureOf(() => readRfa(withoutStream(fixture(2020), 'BasicFileInfo')))).toEqual({
      status: 422,
      key: 'rfaNoBasicFileInfo',
    });
  });
});

describe('readRfa on built compound documents', () => {
  it('finds the version in UTF-16 text that starts on an odd byte', () => {
    const bytes = compound({
      BasicFileInfo: basicFileInfo('\r\nFormat: 2021\r\nBuild: 20200131_1515(x64)\r\n', 1),
    });
    expect(readRfa(bytes).contents).toMatchObject({ revitVersion: '2021', revitBuild: '20200131_1515(x64)' });
  });

  it('reads the version and build of the older Autodesk Revit (Build: …) form', () => {
    const bytes = compound({
      BasicFileInfo: basicFileInfo('Autodesk Revit Architecture 2012 (Build: 20110309_2315)'),
    });
    expect(readRfa(bytes).contents).toMatchObject({ revitVersion: '2012', revitBuild: '20110309_2315' });
  });

  it('refuses a BasicFileInfo that names no year with 422', () => {
    const bytes = compound({ BasicFileInfo: basicFileInfo('Worksharing: Not enabled\r\nUsername: \r\n') });
    expect(failureOf(() => readRfa(bytes, 'upload'))).toEqual({ status: 422, key: 'rfaNoVersion' });
  });

  it('cuts the PNG at the end of its IEND chunk and ignores what follows', async () => {
    const png = await tinyPng();
    const preview = Buffer.concat([Buffer.alloc(300, 0x11), png, Buffer.from('trailing bytes')]);
    const read = readRfa(
      compound({ BasicFileInfo: basicFileInfo('Format: 2023'), 'RevitPreview4.0': preview }),
    );
    expect(read.previewPng?.equals(png)).toBe(true);
    expect(read.contents.hasPreview).toBe(true);
  });

  it('answers no preview for a PNG cut short or a stream without one', async () => {
    const png = await tinyPng();
    expect(extractPng(Buffer.concat([Buffer.alloc(10), png.subarray(0, png.length - 6)]))).toBeNull();
    expect(extractPng(Buffer.alloc(400, 0x42))).toBeNull();
    const bytes = compound({
      BasicFileInfo: basicFileInfo('Format: 2023'),
      'RevitPreview4.0': Buffer.alloc(500, 1),
    });
    expect(readRfa(bytes).contents.hasPreview).toBe(false);
  });

  it('decodes entities in the part atom and never expands declared ones', () => {
    const partAtom = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE entry [<!ENTITY boom "BOOM">]>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:P="urn:schemas-autodesk-com:partatom">
  <!-- a comment with <title>no</title> -->
  <title>Desk &amp; Chair</title>
  <category><term>Furniture</term><scheme>adsk:revit:grouping</scheme></category>
  <P:family><P:part type="user"><title>A &lt;1&gt; &#x41;&#66; &boom;</title>
    <Leg_Height units="mm" typeOfParameter="Length">720</Leg_Height>
    <Note><![CDATA[<raw> & text]]></Note>
  </P:part></P:family>
</entry>`;
    const { contents } = readRfa(
      compound({ BasicFileInfo: basicFileInfo('Format: 2022'), PartAtom: Buffer.from(partAtom) }),
    );
    expect(contents).toMatchObject({
      title: 'Desk & Chair',
      revitCategory: 'Furniture',
      omniClassCode: null,
    });
    expect(contents.types).toEqual([
      {
        typeName: 'A <1> AB &boom;',
        parameters: [
          { name: 'Leg Height', value: '720', unit: 'mm', dataType: 'Length' },
          { name: 'Note', value: '<raw> & text', unit: null, dataType: null },
        ],
      },
    ]);
  });

  it('reads a part atom that is not well formed as empty', () => {
    const bytes = compound({
      BasicFileInfo: basicFileInfo('Format: 2022'),
      PartAtom: Buffer.from('<entry xmlns="http://www.w3.org/2005/Atom"><title>x</title><broken attr=>'),
    });
    expect(readRfa(bytes).contents).toMatchObject({ revitVersion: '2022', title: null, types: [] });
  });
});

/** A version 3 compound document whose one stream's sectors are chained from last to first. */
function backwardsChain(sectors: number): Buffer {
  const fatSectors = Math.ceil((sectors + 2 + Math.ceil((sectors + 2) / 128)) / 128);
  const directory = fatSectors;
  const first = directory + 1;
  const total = first + sectors;
  const file = Buffer.alloc((total + 1) * 512);
  OLE_SIGNATURE.copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeInt32LE(fatSectors, 44);
  file.writeInt32LE(directory, 48);
  file.writeInt32LE(4096, 56);
  file.writeInt32LE(-2, 60);
  file.writeInt32LE(-2, 68);
  for (let at = 76; at < 512; at += 4) file.writeInt32LE(-1, at);
  const fat = (sector: number, value: number) => file.writeInt32LE(value, 512 + sector * 4);
  for (let sector = 0; sector < fatSectors; sector++) {
    file.writeInt32LE(sector, 76 + sector * 4);
    fat(sector, -3);
  }
  for (let sector = total; sector < fatSectors * 128; sector++) fat(sector, -1);
  fat(directory, -2);
  fat(first, -2);
  for (let sector = first + 1; sector < total; sector++) fat(sector, sector - 1);
  const entry = (index: number) => (directory + 1) * 512 + index * 128;
  for (let index = 0; index < 4; index++) file.fill(0xff, entry(index) + 68, entry(index) + 80);
  file.write('Root Entry', entry(0), 'utf16le');
  file.writeUInt16LE(22, entry(0) + 64);
  file[entry(0) + 66] = 5;
  file.writeInt32LE(1, entry(0) + 76);
  file.writeInt32LE(-2, entry(0) + 116);
  file.write('Data', entry(1), 'utf16le');
  file.writeUInt16LE(10, entry(1) + 64);
  file[entry(1) + 66] = 2;
  file.writeInt32LE(total - 1, entry(1) + 116);
  file.writeInt32LE(sectors * 512, entry(1) + 120);
  return file;
}

const sectorSize = (bytes: Buffer) => 1 << bytes.readUInt16LE(30);

/** The header (as sector -1), FAT sectors and first directory sector of a compound document. */
function structureSectors(bytes: Buffer): number[] {
  const fat = Array.from({ length: bytes.readInt32LE(44) }, (_, index) => bytes.readInt32LE(76 + index * 4));
  return [-1, ...fat, bytes.readInt32LE(48)];
}

describe('readRfa on damaged input', () => {
  it('refuses what is not a compound document with 415', () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('hello, not a family'),
      Buffer.from('PK\u0003\u0004zip'),
    ]) {
      expect(failureOf(() => readRfa(bytes, 'revitFamilyFileBase64'))).toEqual({
        status: 415,
        key: 'rfaNotCompound',
      });
    }
  });

  it('refuses a copy cut at half, at 4096 bytes or at 600 bytes with 422', () => {
    for (const { bytes } of fixtures) {
      for (const length of [Math.floor(bytes.length / 2), 4096, 600, 8]) {
        expect(failureOf(() => readRfa(bytes.subarray(0, length)))).toEqual({
          status: 422,
          key: 'rfaTruncated',
        });
      }
    }
  });

  it('refuses a stream whose directory size is absurd with 422', () => {
    const copy = Buffer.from(fixture(2018));
    const at = copy.indexOf(Buffer.from('PartAtom\0', 'utf16le'));
    copy.writeInt32LE(0x7ffffff0, at + 120);
    expect(failureOf(() => readRfa(copy))).toEqual({ status: 422, key: 'rfaTruncated' });
  });

  it('refuses a sector allocation table with a sector chained to itself with 422', () => {
    const copy = Buffer.from(fixture(2021));
    const fat = (copy.readInt32LE(76) + 1) * sectorSize(copy);
    const sector = Array.from({ length: sectorSize(copy) / 4 }, (_, index) => index).find((index) => {
      return copy.readInt32LE(fat + index * 4) === index + 1;
    });
    expect(sector).toBeDefined();
    copy.writeInt32LE(sector ?? 0, fat + (sector ?? 0) * 4);
    expect(failureOf(() => readRfa(copy))).toEqual({ status: 422, key: 'rfaTruncated' });
  });

  it('refuses a stream chained backwards instead of copying it once per sector', () => {
    expect(failureOf(() => readRfa(backwardsChain(10)))).toEqual({ status: 422, key: 'rfaNoBasicFileInfo' });
    const started = performance.now();
    expect(failureOf(() => readRfa(backwardsChain(6000)))).toEqual({ status: 422, key: 'rfaTruncated' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers random bytes behind the signature with 422 only', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 6000 }), (tail) => {
        const { status } = failureOf(() => readRfa(Buffer.concat([OLE_SIGNATURE, tail])));
        expect(status).toBe(422);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a fixture with random bytes overwritten by a result or 422, never a crash', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtures.keys()),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (index, changes, anywhere) => {
          const bytes = fixtures[index]?.bytes ?? Buffer.alloc(0);
          const copy = Buffer.from(bytes);
          // Half the runs hit the header, FAT and directory, where damage matters most.
          const sectors = anywhere ? [] : structureSectors(bytes);
          for (const [at, value] of changes) {
            const sector = sectors[at % (sectors.length || 1)];
            const size = sectorSize(bytes);
            const offset = sector === undefined ? at % copy.length : (sector + 1) * size + (at % size);
            copy[Math.max(offset, 8)] = value;
          }
          try {
            readRfa(copy);
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).status).toBe(422);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
