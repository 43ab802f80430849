import { constants, deflateRawSync } from 'node:zlib';

/** An entry of a zip written by hand: its deflated bytes, and the unpacked size its headers declare. */
export type THandEntry = { name: string; deflated: Buffer; declaredSize: number };

/** An entry deflated from `text`, declaring its true size unless told otherwise. */
export function entryOf(name: string, text: string, declaredSize = Buffer.byteLength(text)): THandEntry {
  return { name, deflated: deflateRawSync(text), declaredSize };
}

/**
 * Deflated bytes that unpack to `head`, then `body` `times` over, then `tail`, without ever
 * holding the unpacked whole: each piece is deflated once, full-flushed so it stands alone, and
 * the body's bytes are repeated.
 */
export function repeatedDeflate(head: string, body: string, times: number, tail: string): Buffer {
  const alone = (text: string) => deflateRawSync(text, { finishFlush: constants.Z_FULL_FLUSH });
  const piece = alone(body);
  return Buffer.concat([alone(head), ...Array.from({ length: times }, () => piece), deflateRawSync(tail)]);
}

/** A zip of `entries` (deflated, sizes as declared), its central directory after them. */
export function handZip(entries: THandEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    directory.push(central, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Prices" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" ' +
  'Target="worksheets/sheet1.xml"/></Relationships>';

/** The opening of a worksheet's XML, up to its rows. */
export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook of one sheet, as a zip written by hand: `parts` are its shared strings and sheet, in that order. */
export function handXlsx(parts: THandEntry[]): Buffer {
  return handZip([
    entryOf('xl/workbook.xml', WORKBOOK),
    entryOf('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    ...parts,
  ]);
}

/** A sheet whose rows are `rows` (XML), a header row first. */
export function sheetOf(rows: string): THandEntry {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>Order number</t></is></c></row>';
  return entryOf('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${header}${rows}${SHEET_TAIL}`);
}
