import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  englishOf,
  MAX_FAMILY_BULK_FILES,
  MAX_FAMILY_ZIP_ENTRIES,
  MAX_FAMILY_ZIP_UNPACKED_BYTES,
  MAX_TYPE_CATALOG_BYTES,
  type TFamilyBulkFileLine,
  type TFamilyBulkLine,
  type TMessage,
  type TMessageKey,
  type TMessageValues,
} from '@portal/contract';
import { AppError, tooLarge, unsupportedType } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import { limitBytes } from '../../lib/file-store.ts';
import { entryStream, readZipDirectory, type TZipEntry } from '../../lib/zip-entries.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { suggestedName } from './families.mapper.ts';
import type { FamiliesRepository } from './families.repository.ts';
import type { FamiliesService } from './families.service.ts';
import type { FamilyUploadsService } from './family-uploads.service.ts';

/** One file of a bulk request: its name (folders left out) and its bytes. */
export type TBulkFile = { fileName: string; stream: Readable };

export type TFamilyBulkDeps = {
  repo: FamiliesRepository;
  families: FamiliesService;
  uploads: FamilyUploadsService;
  categories: CategoriesService;
  companies: CompaniesService;
  /** Where a genuine fault on one file is logged (its line says only its reference). */
  log: { error(object: object, message: string): void };
  /** The largest zip taken (MAX_FAMILY_ZIP_BYTES; tests lower it). */
  maxZipBytes?: number;
  /** What one zip's entries may unpack to together (tests lower it). */
  maxZipUnpackedBytes?: number;
};

/** The largest zip a bulk upload takes: a library of a thousand families fits. */
export const MAX_FAMILY_ZIP_BYTES = 2 * 1024 * 1024 * 1024;
/** A zip's entry shrinking more than this (declared) is a bomb: a family rarely packs past 20:1. */
const MAX_ZIP_RATIO = 200;

type TKind = 'rfa' | 'catalog' | 'zip' | 'other';
type TCatalog = { fileName: string; text: string };
type TCounts = Record<TFamilyBulkFileLine['status'], number>;
/** Families read so far in the request, and the save still running, if any. */
type TRunState = { families: number; saving?: Promise<TFamilyBulkFileLine> };
type TReceived = Awaited<ReturnType<FamilyUploadsService['receive']>>;

/**
 * Many families at once (`/family/bulk`): .rfa files, their type catalogs (the .txt of the same base
 * name sent before them) and zips of both, read one file at a time and each saved through the
 * single save (`FamiliesService.save`, so a partner's become requests), in its own transaction:
 * one bad file never loses the others. A file already the current file of a family of the target
 * company is skipped, so sending again what had no answer is safe.
 */
export class FamilyBulkService {
  readonly #d: TFamilyBulkDeps;

  constructor(deps: TFamilyBulkDeps) {
    this.#d = deps;
  }

  /** The largest part a bulk request carries: a zip, or a family file. */
  get maxPartBytes(): number {
    return Math.max(this.#maxZipBytes, this.#d.uploads.maxFileBytes);
  }

  get #maxZipBytes(): number {
    return this.#d.maxZipBytes ?? MAX_FAMILY_ZIP_BYTES;
  }

  /**
   * The company the families go under, checked before anything is read: the caller's own when none
   * is named; another only within the caller's tree (404 outside it, any company for admins).
   */
  async target(auth: TAuth, companyId: number | undefined): Promise<number | null> {
    if (companyId === undefined) return auth.companyId;
    await this.#d.companies.assertMayOwn(auth, companyId);
    return companyId;
  }

  /**
   * Reads the files in order and answers one line per file as it is done, then a summary; a body
   * that breaks off ends with a `failed` line instead (the files after it were never read).
   */
  async *run(
    auth: TAuth,
    files: AsyncIterable<TBulkFile>,
    companyId: number | null,
  ): AsyncGenerator<TFamilyBulkLine> {
    const counts: TCounts = { saved: 0, skipped: 0, refused: 0 };
    const counted = (line: TFamilyBulkFileLine) => {
      counts[line.status] += 1;
      return line;
    };
    const catalogs = new Map<string, TCatalog>();
    const state: TRunState = { families: 0 };
    // The family whose save runs on while the next file arrives: answered before any later line.
    const flush = async () => {
      const saving = state.saving;
      state.saving = undefined;
      return saving ? counted(await saving) : undefined;
    };
    try {
      for await (const { fileName, stream } of files) {
        switch (kindOf(fileName)) {
          case 'catalog':
            try {
              catalogs.set(baseName(fileName), { fileName, text: await readCatalog(stream, fileName) });
            } catch (error) {
              const before = await flush();
              if (before) yield before;
              yield counted(this.#refused(fileName, error));
            }
            break;
          case 'rfa': {
            const { saving } = await this.#family(auth, companyId, { fileName, stream }, catalogs, state);
            const before = await flush();
            state.saving = saving;
            if (before) yield before;
            break;
          }
          case 'zip':
            for await (const line of this.#zip(auth, companyId, { fileName, stream }, catalogs, state))
              yield counted(line);
            break;
          case 'other': {
            await drain(stream);
            const before = await flush();
            if (before) yield before;
            yield counted(refusedLine(fileName, { key: 'bulkNotRevit', values: { name: fileName } }));
            break;
          }
        }
      }
    } catch (error) {
      const before = await flush();
      if (before) yield before;
      yield failedLine(error, this.#d.log);
      return;
    }
    const last = await flush();
    if (last) yield last;
    for (const catalog of catalogs.values())
      yield counted(
        refusedLine(catalog.fileName, {
          key: 'bulkCatalogAlone',
          values: { name: catalog.fileName, family: `${baseName(catalog.fileName)}.rfa` },
        }),
      );
    yield { kind: 'summary', ...counts };
  }

  /**
   * One family file, read to its end now (the next part can only be read after it); answers its
   * save, which starts once the save before it (`state.saving`) has ended, so the next file arrives
   * while this one is saved and a file sent twice is still seen as already there. The save skips a
   * file the company has, else saves it as a single save would; it never fails, it refuses.
   */
  async #family(
    auth: TAuth,
    companyId: number | null,
    { fileName, stream }: TBulkFile,
    catalogs: Map<string, TCatalog>,
    state: TRunState,
    archive?: string,
  ): Promise<{ saving: Promise<TFamilyBulkFileLine> }> {
    const where = archive ? { archive } : {};
    state.families += 1;
    if (state.families > MAX_FAMILY_BULK_FILES) {
      await drain(stream);
      return {
        saving: Promise.resolve(
          refusedLine(
            fileName,
            { key: 'bulkTooManyFiles', values: { name: fileName, max: MAX_FAMILY_BULK_FILES } },
            where,
          ),
        ),
      };
    }
    const catalog = catalogs.get(baseName(fileName));
    catalogs.delete(baseName(fileName));
    let received: TReceived;
    try {
      received = await this.#d.uploads.receive(auth, stream, fileName);
    } catch (error) {
      await drain(stream).catch(() => undefined);
      return { saving: Promise.resolve(this.#refused(fileName, error, where)) };
    }
    return { saving: this.#save(auth, companyId, received, { fileName, catalog, where }, state.saving) };
  }

  /** The save of a family file read by `#family`, after `after` (the save before it). */
  async #save(
    auth: TAuth,
    companyId: number | null,
    { uploadId, file }: TReceived,
    {
      fileName,
      catalog,
      where,
    }: { fileName: string; catalog: TCatalog | undefined; where: { archive?: string } },
    after: Promise<unknown> | undefined,
  ): Promise<TFamilyBulkFileLine> {
    await after;
    try {
      const existing = await this.#d.repo.withCurrentFile(companyId, file.hash);
      if (existing) {
        await this.#d.uploads.forget([file]);
        return {
          kind: 'file',
          file: fileName,
          ...where,
          status: 'skipped',
          familyId: existing.id,
          name: existing.name,
          ...messageOf({ key: 'bulkAlreadyInLibrary', values: { name: fileName } }),
        };
      }
      const [saved] = await this.#d.families.save(auth, [
        {
          revitFamilyName: suggestedName(file.contents.title, fileName),
          revitFamilyCategoryId: await this.#d.categories.suggest(file.contents.revitCategory),
          revitFamilyTags: [file.contents.revitCategory].filter((tag): tag is string => Boolean(tag)),
          revitFamilyUploadId: uploadId,
          ...(catalog ? { typeCatalogText: catalog.text, typeCatalogFileName: catalog.fileName } : {}),
          ...(companyId === null ? {} : { companyId }),
        },
      ]);
      return {
        kind: 'file',
        file: fileName,
        ...where,
        status: 'saved',
        familyId: saved!.revitFamilyId,
        name: saved!.revitFamilyName,
        category: saved!.categoryName,
        revitVersion: saved!.revitVersion,
        types: saved!.typeCount,
        ...(catalog ? { typeCatalog: catalog.fileName } : {}),
        ...(saved!.tifStatus ? { tifStatus: saved!.tifStatus } : {}),
      };
    } catch (error) {
      return this.#refused(fileName, error, where);
    }
  }

  /**
   * A zip: kept on disk only while it is read, its directory checked first (entries, declared
   * sizes, ratios), its catalogs read before its families, every entry inflated under a count of
   * what it truly unpacks to. A zip refused as a whole is one line; its entries one line each.
   */
  async *#zip(
    auth: TAuth,
    companyId: number | null,
    { fileName, stream }: TBulkFile,
    catalogs: Map<string, TCatalog>,
    state: TRunState,
  ): AsyncGenerator<TFamilyBulkFileLine> {
    const flush = async () => {
      const saving = state.saving;
      state.saving = undefined;
      return saving ? await saving : undefined;
    };
    const file = path.join(os.tmpdir(), `portal-bulk-${randomBytes(8).toString('hex')}.zip`);
    const maxUnpacked = this.#d.maxZipUnpackedBytes ?? MAX_FAMILY_ZIP_UNPACKED_BYTES;
    const notZip = () => unsupportedType('zipNotValid', { name: fileName }, fileName);
    const zipTooLarge = () =>
      tooLarge(
        'zipTooLarge',
        { name: fileName, max: Math.floor(maxUnpacked / 1024 / 1024), entries: MAX_FAMILY_ZIP_ENTRIES },
        fileName,
      );
    try {
      let entries: TZipEntry[];
      try {
        await pipeline(stream, limitBytes(this.#maxZipBytes, fileName), createWriteStream(file));
        entries = await readZipDirectory(file, {
          maxEntries: MAX_FAMILY_ZIP_ENTRIES,
          maxUnpacked,
          maxRatio: MAX_ZIP_RATIO,
          notZip,
          tooLarge: zipTooLarge,
        });
      } catch (error) {
        await drain(stream).catch(() => undefined);
        const before = await flush();
        if (before) yield before;
        yield this.#refused(fileName, error);
        return;
      }
      const named = entries
        .filter((entry) => !entry.name.endsWith('/'))
        .map((entry) => ({ entry, name: entryName(entry.name), kind: kindOf(entry.name) }))
        // Catalogs first, so each family finds its own wherever the zip put it.
        .sort((a, b) => Number(b.kind === 'catalog') - Number(a.kind === 'catalog'));
      let unpacked = 0;
      const open = async (entry: TZipEntry) => {
        if (unpacked >= maxUnpacked) throw zipTooLarge();
        const inflated = await entryStream(file, entry, () =>
          unsupportedType('zipEncrypted', { name: fileName }, fileName),
        );
        return countedStream(inflated, maxUnpacked - unpacked, zipTooLarge, (bytes) => {
          unpacked += bytes;
        });
      };
      for (const { entry, name, kind } of named) {
        // Hidden files and folders of macOS archives carry nothing a person put there.
        if (name.startsWith('.') || entry.name.startsWith('__MACOSX/')) continue;
        const where = { archive: fileName };
        let refusal: TFamilyBulkFileLine;
        if (kind === 'catalog') {
          try {
            catalogs.set(baseName(name), {
              fileName: name,
              text: await readCatalog(await open(entry), name),
            });
            continue;
          } catch (error) {
            refusal = this.#refused(name, error, where);
          }
        } else if (kind === 'rfa') {
          try {
            const source = await open(entry);
            const { saving } = await this.#family(
              auth,
              companyId,
              { fileName: name, stream: source },
              catalogs,
              state,
              fileName,
            );
            const before = await flush();
            state.saving = saving;
            if (before) yield before;
            continue;
          } catch (error) {
            refusal = this.#refused(name, error, where);
          }
        } else {
          refusal = refusedLine(name, { key: 'bulkNotRevit', values: { name } }, where);
        }
        const before = await flush();
        if (before) yield before;
        yield refusal;
      }
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  /** A file's refusal: its AppError's first message, naming the file; a genuine fault logged. */
  #refused(fileName: string, error: unknown, where: { archive?: string } = {}): TFamilyBulkFileLine {
    if (error instanceof AppError && error.messages[0]) {
      const [message] = error.messages;
      return refusedLine(fileName, named(message, fileName), where);
    }
    const reference = randomBytes(6).toString('hex');
    this.#d.log.error({ err: error, reference, file: fileName }, 'bulk family upload failed on one file');
    return refusedLine(fileName, { key: 'internalError', values: { reference } }, where);
  }
}

/** What a file is, by its name: a family, a type catalog, a zip of them, or something else. */
function kindOf(fileName: string): TKind {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.rfa')) return 'rfa';
  if (lower.endsWith('.txt')) return 'catalog';
  if (lower.endsWith('.zip')) return 'zip';
  return 'other';
}

/** The name a catalog pairs by: without folders and extension, case-insensitive. */
function baseName(fileName: string): string {
  return entryName(fileName)
    .replace(/\.[^.]*$/, '')
    .toLowerCase();
}

/** A zip entry's own name, without its folders and control characters, at most 255 characters. */
function entryName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const clean = [...last].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return clean.slice(0, 255) || 'file';
}

/** A type catalog's text: Revit writes UTF-16 with a byte-order mark, other tools UTF-8 or ANSI. */
async function readCatalog(stream: Readable, fileName: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.compose(limitBytes(MAX_TYPE_CATALOG_BYTES, fileName)))
    chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Reads what is left of a file nobody needs, so the next one can be read. */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  for await (const _chunk of stream) {
    // Each chunk is dropped.
  }
}

/** A stream of an entry's bytes that fails with `tooLargeError` past `left` bytes, reporting each chunk. */
function countedStream(
  source: Readable,
  left: number,
  tooLargeError: () => AppError,
  onBytes: (bytes: number) => void,
): Readable {
  let seen = 0;
  return source.compose(async function* (chunks: AsyncIterable<Buffer>) {
    for await (const chunk of chunks) {
      seen += chunk.length;
      if (seen > left) throw tooLargeError();
      onBytes(chunk.length);
      yield chunk;
    }
  });
}

/** A message about one file names the file, whatever field its error named. */
function named(message: TMessage, fileName: string): TMessage {
  const values: TMessageValues = { ...message.values };
  if ('name' in values) values.name = fileName;
  return { key: message.key, values };
}

function messageOf(message: TMessage) {
  return {
    code: message.key,
    ...(message.values ? { values: message.values } : {}),
    message: englishOf(message),
  };
}

function refusedLine(
  fileName: string,
  message: { key: TMessageKey; values?: TMessageValues },
  where: { archive?: string } = {},
): TFamilyBulkFileLine {
  return { kind: 'file', file: fileName, ...where, status: 'refused', ...messageOf(message) };
}

/** The line that ends an answer whose request broke off: its error's message, or a fault's reference. */
function failedLine(error: unknown, log: TFamilyBulkDeps['log']): TFamilyBulkLine {
  let message: TMessage;
  if (error instanceof AppError && error.messages[0]) message = error.messages[0];
  // @fastify/multipart's limits (more file parts than it takes) carry their status.
  else if (error instanceof Error && 'statusCode' in error && error.statusCode === 413)
    message = { key: 'tooManyItems', values: { name: 'file', max: MAX_FAMILY_BULK_FILES } };
  else {
    const reference = randomBytes(6).toString('hex');
    log.error({ err: error, reference }, 'bulk family upload broke off');
    message = { key: 'internalError', values: { reference } };
  }
  return { kind: 'failed', ...messageOf(message) };
}
