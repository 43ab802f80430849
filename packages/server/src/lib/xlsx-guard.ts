import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { PRICE_ITEM_TEXT_MAX } from '@portal/contract';
import { tooLarge, unprocessable, unsupportedType } from './app-error.ts';
import { entryDataStart, entryPackedStream, readZipDirectory, type TZipEntry } from './zip-entries.ts';

/** What an .xlsx may unpack to before it is refused: a 100,000-row sheet is far below this. */
export const MAX_XLSX_UNPACKED_BYTES = 512 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
/** A deflated XML part rarely shrinks more than this; a bomb does. */
const MAX_RATIO = 1000;

/**
 * Checks a file on disk is an .xlsx worth reading, from its zip central directory alone (never
 * unpacking anything): a zip holding `xl/workbook.xml`, at most 10,000 entries, and unpacking to
 * at most 512 MiB without any entry claiming a compression ratio past 1000:1. 415 when it is not
 * an .xlsx, 413 when it would unpack to too much.
 */
export async function assertReadableXlsx(filePath: string, name: string): Promise<void> {
  await readDirectory(filePath, name);
}

/** The checks of `assertReadableXlsx`; answers the entries of the central directory, in order. */
async function readDirectory(filePath: string, name: string): Promise<TZipEntry[]> {
  const notXlsx = () => unsupportedType('notAnXlsx', { name }, name);
  const list = await readZipDirectory(filePath, {
    maxEntries: MAX_ENTRIES,
    maxUnpacked: MAX_XLSX_UNPACKED_BYTES,
    maxRatio: MAX_RATIO,
    notZip: notXlsx,
    tooLarge: () => tooLargeXlsx(name),
    tooManyEntries: notXlsx,
  });
  if (!list.some((entry) => entry.name === 'xl/workbook.xml')) throw notXlsx();
  return list;
}

function tooLargeXlsx(name: string, max = MAX_XLSX_UNPACKED_BYTES) {
  return tooLarge('xlsxTooLarge', { name, max: Math.floor(max / MIB) }, name);
}

/** What the parts exceljs reads may hold, counted while they are inflated (never as declared). */
export type TXlsxLimits = {
  /** Bytes all those parts unpack to together. */
  unpacked: number;
  /** Bytes `xl/workbook.xml` or its relations unpack to. */
  workbook: number;
  /** Bytes `xl/sharedStrings.xml` unpacks to. */
  sharedStrings: number;
  /** Shared strings and rich-text runs: exceljs keeps an object of each for the whole read. */
  texts: number;
  /** Bytes of XML in one text, one tag, or one shared string with its runs. */
  text: number;
  /** Bytes of text exceljs appends to a worksheet's last value (it adds all later text to it). */
  sheetText: number;
};

const MIB = 1024 * 1024;
/** The longest text a price item holds, in characters. */
const LONGEST_ITEM_TEXT = Math.max(...Object.values(PRICE_ITEM_TEXT_MAX));

/**
 * The bounds of an import. A text gets 32 bytes a character: the widest escape (`&#x10FFFF;`) is
 * 10, and a shared string's formatting runs take some more; a longer one could not be imported
 * anyway. A 100,000-row list has a few hundred thousand shared strings, some 20 MB of them.
 */
export const XLSX_LIMITS: TXlsxLimits = {
  unpacked: MAX_XLSX_UNPACKED_BYTES,
  workbook: 8 * MIB,
  sharedStrings: 64 * MIB,
  texts: 1_000_000,
  text: LONGEST_ITEM_TEXT * 32,
  sheetText: MIB,
};

/** Excel's last column: exceljs makes an object for each column up to the widest `<col>`. */
const MAX_COLUMNS = 16_384;

type TPart = 'workbook' | 'sharedStrings' | 'sheet';

/**
 * The parts exceljs's streaming reader acts on with the import's options (styles and hyperlinks
 * ignored), matched as it matches them.
 */
function partOf(entryName: string): TPart | undefined {
  if (entryName === 'xl/workbook.xml' || entryName === 'xl/_rels/workbook.xml.rels') return 'workbook';
  if (entryName === 'xl/sharedStrings.xml') return 'sharedStrings';
  if (/xl\/worksheets\/sheet\d+[.]xml/.test(entryName)) return 'sheet';
  return undefined;
}

/**
 * The parts exceljs's streaming reader uses from an .xlsx that passed `assertReadableXlsx` (the
 * workbook, its relations, the shared strings and the worksheets), as a zip stream to hand it:
 * each part is first inflated and measured, whatever its zip headers declare, and passed on (its
 * own deflated bytes under a new local header with true sizes) only when within `limits`. The
 * stream fails, and fails the stream it is piped into, with 413 (too large, too many texts), 422
 * (a text longer than a price item takes) or 415 (not an .xlsx) at the first part past a bound.
 */
export function xlsxPartsStream(filePath: string, name: string, limits = XLSX_LIMITS): Readable {
  return new PartsStream(checkedParts(filePath, name, limits));
}

async function* checkedParts(filePath: string, name: string, limits: TXlsxLimits): AsyncGenerator<Buffer> {
  const notXlsx = () => unsupportedType('notAnXlsx', { name }, name);
  const entries = await readDirectory(filePath, name);
  let unpacked = 0;
  for (const entry of entries) {
    const part = partOf(entry.name);
    if (!part) continue;
    const start = await entryDataStart(filePath, entry, notXlsx);
    const data = () => entryPackedStream(filePath, entry, start);
    const meter = new XmlMeter(part, name, limits);
    const partLimit = part === 'sheet' ? limits.unpacked : limits[part];
    let partBytes = 0;
    await pipeline(
      data(),
      entry.method === 8 ? createInflateRaw() : new PassThrough(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          try {
            partBytes += chunk.length;
            unpacked += chunk.length;
            if (partBytes > partLimit) throw tooLargeXlsx(name, partLimit);
            if (unpacked > limits.unpacked) throw tooLargeXlsx(name, limits.unpacked);
            meter.write(chunk);
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      }),
    );
    const nameBytes = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(partBytes, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    yield Buffer.concat([header, nameBytes]);
    for await (const chunk of data()) yield chunk as Buffer;
  }
  // An empty end-of-central-directory record: the reader stops there.
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  yield end;
}

/**
 * A stream of checked parts. pipe() passes no error on, so this one fails its destination too:
 * the zip reader would otherwise wait for the rest forever.
 */
class PartsStream extends Readable {
  readonly #parts: AsyncGenerator<Buffer>;

  constructor(parts: AsyncGenerator<Buffer>) {
    super();
    this.#parts = parts;
  }

  override _read(): void {
    this.#parts.next().then(
      ({ done, value }) => this.push(done ? null : value),
      (error: unknown) => this.destroy(error as Error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#parts.return(undefined).then(
      () => callback(error),
      () => callback(error),
    );
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    this.once('error', (error) => (destination as unknown as Writable).destroy(error));
    return super.pipe(destination, options);
  }
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const TEXT = 0;
const NAME = 1;
const TAG = 2;
const QUOTE = 3;
const BANG = 4;
const SPECIAL = 5;

/** A tag name as numbers (its length and its bytes, six to a number), so no string is made per tag. */
type TTagName = readonly [length: number, head: number, tail: number];

function tagName(name: string): TTagName {
  const code = (text: string) => [...text].reduce((sum, char) => sum * 256 + char.charCodeAt(0), 0);
  return [name.length, code(name.slice(0, 6)), code(name.slice(6, 12))];
}

const TAGS = {
  si: tagName('si'),
  r: tagName('r'),
  sheetData: tagName('sheetData'),
  row: tagName('row'),
  c: tagName('c'),
  v: tagName('v'),
  f: tagName('f'),
  t: tagName('t'),
  is: tagName('is'),
  col: tagName('col'),
};

/**
 * Measures one part's XML as it is inflated, for what exceljs (through saxes) would gather in
 * memory: no text, tag, comment or CDATA section longer than `limits.text`; in the shared strings,
 * no string (all between two `si` tags) longer than that and no more than `limits.texts` strings
 * and runs; in a worksheet, the text exceljs appends to its current value within
 * `limits.sheetText` (its flags followed tag by tag, as it sets them), and `<col>` ranges within
 * Excel's columns. A plain byte loop: it runs over every byte of a 100,000-row sheet.
 */
class XmlMeter {
  // Where the reader is: its state, and positions counted from the part's first byte.
  #offset = 0;
  #state = TEXT;
  #tokenStart = 0;
  #textFrom = 0;
  #quote = 0;
  #last = 0;
  #previous = 0;
  #closing = false;
  #nameLength = 0;
  #head = 0;
  #tail = 0;
  #bang = '';
  #terminator = '';
  #attributes: string | undefined;
  // Shared strings: where the current string began, strings and runs so far.
  #scopeStart = 0;
  #texts = 0;
  // Worksheets: exceljs's own flags, and the text it has appended to its current value.
  #inRows = false;
  #inRow = false;
  #inCell = false;
  #sheetText = 0;
  #columns = 0;

  constructor(
    private readonly part: TPart,
    private readonly name: string,
    private readonly limits: TXlsxLimits,
  ) {}

  write(chunk: Buffer): void {
    const length = chunk.length;
    const offset = this.#offset;
    let state = this.#state;
    let last = this.#last;
    let attributesFrom = 0;
    for (let i = 0; i < length; i++) {
      const byte = chunk[i]!;
      switch (state) {
        case TEXT:
          if (byte === LT) {
            this.#endText(offset + i);
            state = NAME;
            this.#tokenStart = offset + i;
            this.#closing = false;
            this.#nameLength = 0;
            this.#head = 0;
            this.#tail = 0;
            this.#attributes = undefined;
          }
          break;
        case NAME:
          if (this.#nameLength === 0 && !this.#closing && byte === SLASH) this.#closing = true;
          else if (this.#nameLength === 0 && !this.#closing && byte === 0x3f) {
            state = SPECIAL;
            this.#terminator = '?>';
            last = 0;
            this.#previous = 0;
          } else if (this.#nameLength === 0 && !this.#closing && byte === 0x21) {
            state = BANG;
            this.#bang = '';
          } else if (byte === GT || byte === SLASH || byte <= 0x20) {
            state = TAG;
            if (this.part === 'sheet' && !this.#closing && this.#is(TAGS.col)) {
              this.#attributes = '';
              attributesFrom = i;
            }
            if (byte === GT) state = this.#endTag(chunk, offset, i, attributesFrom, last === SLASH);
            last = byte;
          } else {
            if (this.#nameLength < 6) this.#head = this.#head * 256 + byte;
            else if (this.#nameLength < 12) this.#tail = this.#tail * 256 + byte;
            this.#nameLength += 1;
          }
          break;
        case TAG:
          if (byte === GT) state = this.#endTag(chunk, offset, i, attributesFrom, last === SLASH);
          else if (byte === 0x22 || byte === 0x27) {
            state = QUOTE;
            this.#quote = byte;
          }
          last = byte;
          break;
        case QUOTE:
          if (byte === this.#quote) state = TAG;
          last = byte;
          break;
        case BANG:
          this.#bang += String.fromCharCode(byte);
          if (this.#bang === '--' || this.#bang === '[CDATA[') {
            state = SPECIAL;
            this.#terminator = this.#bang === '--' ? '-->' : ']]>';
            last = 0;
            this.#previous = 0;
          } else if (!'--'.startsWith(this.#bang) && !'[CDATA['.startsWith(this.#bang))
            throw unsupportedType('notAnXlsx', { name: this.name }, this.name);
          break;
        case SPECIAL: {
          const t = this.#terminator;
          if (
            byte === GT &&
            last === t.charCodeAt(t.length - 2) &&
            (t.length < 3 || this.#previous === t.charCodeAt(0))
          ) {
            this.#checkToken(offset + i + 1);
            state = TEXT;
            this.#tokenStart = offset + i + 1;
            this.#textFrom = this.#tokenStart;
          }
          this.#previous = last;
          last = byte;
          break;
        }
      }
    }
    const end = offset + length;
    if (state === TEXT) this.#endText(end);
    else this.#checkToken(end);
    if (this.#attributes !== undefined && state !== TEXT)
      this.#attributes += chunk.toString('latin1', attributesFrom, length);
    this.#offset = end;
    this.#state = state;
    this.#last = last;
  }

  #is(tag: TTagName): boolean {
    return this.#nameLength === tag[0] && this.#head === tag[1] && this.#tail === tag[2];
  }

  /** A token ends at `end` (or the chunk does): it, and in the shared strings its string, within bounds. */
  #checkToken(end: number): void {
    if (end - this.#tokenStart > this.limits.text) throw this.#textTooLong();
    if (this.part === 'sharedStrings' && end - this.#scopeStart > this.limits.text) throw this.#textTooLong();
  }

  /** Text read up to `end`: what exceljs appends to a worksheet's current value is added up. */
  #endText(end: number): void {
    this.#checkToken(end);
    if (this.part === 'sheet') {
      this.#sheetText += end - this.#textFrom;
      this.#textFrom = end;
      if (this.#sheetText > this.limits.sheetText) throw this.#textTooLong();
    }
  }

  /** A tag closes at `at`: exceljs's flags move as its own do, and the text after it begins. */
  #endTag(chunk: Buffer, offset: number, at: number, attributesFrom: number, selfClosing: boolean): number {
    const end = offset + at + 1;
    this.#checkToken(end);
    if (this.#attributes !== undefined)
      this.#column(this.#attributes + chunk.toString('latin1', attributesFrom, at + 1));
    this.#attributes = undefined;
    if (!this.#closing) this.#open(end);
    if (this.#closing || selfClosing) this.#close(end);
    this.#tokenStart = end;
    this.#textFrom = end;
    return TEXT;
  }

  #open(end: number): void {
    if (this.part === 'sharedStrings') {
      if (this.#is(TAGS.si)) this.#scopeStart = end;
    } else if (this.part === 'sheet') {
      if (this.#is(TAGS.sheetData)) this.#inRows = true;
      else if (this.#is(TAGS.row)) this.#inRow ||= this.#inRows;
      else if (this.#is(TAGS.c)) this.#inCell ||= this.#inRow;
      else if (this.#is(TAGS.v) || this.#is(TAGS.f) || this.#is(TAGS.t) || this.#is(TAGS.is)) {
        if (this.#inCell) this.#sheetText = 0;
      }
    }
  }

  #close(end: number): void {
    if (this.part === 'sharedStrings') {
      const si = this.#is(TAGS.si);
      if (si) this.#scopeStart = end;
      if ((si || this.#is(TAGS.r)) && ++this.#texts > this.limits.texts)
        throw tooLarge('xlsxTooManyTexts', { name: this.name, max: this.limits.texts }, this.name);
    } else if (this.part === 'sheet') {
      if (this.#is(TAGS.sheetData)) this.#inRows = false;
      else if (this.#is(TAGS.row)) this.#inRow = false;
      else if (this.#is(TAGS.c) && this.#inRow) this.#inCell = false;
    }
  }

  /** A `<col>`'s attributes: exceljs makes a column object for every number up to its min and max. */
  #column(attributes: string): void {
    const notXlsx = () => unsupportedType('notAnXlsx', { name: this.name }, this.name);
    if (++this.#columns > MAX_COLUMNS) throw notXlsx();
    for (const match of attributes.matchAll(/(?:^|\s)(?:min|max)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const value = match[1] ?? match[2] ?? '';
      if (!/^\d{1,5}$/.test(value) || Number(value) > MAX_COLUMNS) throw notXlsx();
    }
  }

  #textTooLong() {
    return unprocessable('xlsxTextTooLong', { name: this.name, max: LONGEST_ITEM_TEXT }, this.name);
  }
}
