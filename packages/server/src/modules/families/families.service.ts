import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  MAX_FAMILY_BASE64_BYTES,
  MAX_FAMILY_FILE_BYTES,
  tifRequest,
  tifTransition,
  type TFamilyFacets,
  type TFamilyFindRequest,
  type TFamilyType,
  type TFamilyUpload,
  type TRevitFamily,
  type TRevitFamilyInput,
  type TRfaContents,
  type TTifAction,
  type TTifStatus,
} from '@portal/contract';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/app-error.ts';
import { hmacBase64Url, safeEqual } from '../../lib/crypto.ts';
import { decodeBase64 } from '../../lib/file-store.ts';
import { readRfaFile } from '../../lib/rfa/rfa-file.ts';
import { parseTypeCatalog } from '../../lib/rfa/type-catalog.ts';
import type { TSendable } from '../../lib/send-file.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ParameterListsService } from '../parameter-lists/parameter-lists.service.ts';
import { searchTextOf, suggestedName, toFacets, toVersion } from './families.mapper.ts';
import type {
  FamiliesRepository,
  TFamilyRow,
  TFamilyVisibility,
  TFamilyWrite,
} from './families.repository.ts';

export type TFamiliesDeps = {
  repo: FamiliesRepository;
  categories: CategoriesService;
  companies: CompaniesService;
  files: FilesService;
  /** A family links only to a parameter list its saver may see. */
  parameterLists: ParameterListsService;
  audit: AuditService;
  transaction: TTransaction;
  /** Signs download tickets. */
  ticketKey: string;
};

/** A page of a find: its records as the JSON text of an array (TRevitFamily), the total, the facets. */
export type TFamilyPage = { recordsJson: string; totalCount: number; facets?: TFamilyFacets };

/** A family file as stored and read: from a streaming upload, or base64 in the save. */
type TFileSource = {
  hash: string;
  fileName: string;
  size: number;
  contents: TRfaContents;
  previewHash: string | null;
  uploadId?: string;
};

/** A download ticket's claims: who, which file, until when (seconds). */
type TTicket = { u: number; c: number | null; f: number; v: number | null; e: number };

const PENDING: readonly TTifStatus[] = ['RfA', 'RfC', 'RfR', 'RfD', 'P'];
const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
const TICKET_SECONDS = 60;
const familyNotFound = () => notFound('notFound', { name: 'family' });

/**
 * The library: families with their files, versions, types and pictures. An admin's change applies
 * at once; anyone else's becomes a request an admin decides (CONTRACT 4, the contract's
 * `tifTransition`/`tifRequest`). Contributors (partners and their users) see their own tree's
 * families; readers (end users) see every published family.
 */
export class FamiliesService {
  readonly #d: TFamiliesDeps;

  constructor(deps: TFamiliesDeps) {
    this.#d = deps;
  }

  /**
   * A page of families as the JSON text of their records (passed on as PostgreSQL wrote it, or,
   * with their thumbnails, parsed and written again), the total and, when asked, the facets.
   */
  async find(auth: TAuth, filter: TFamilyFindRequest): Promise<TFamilyPage> {
    const visibility = await this.#visibility(auth, filter);
    const [{ recordsJson, total }, facets] = await Promise.all([
      this.#d.repo.find(filter, visibility),
      filter.includeFacets ? this.#d.repo.facets(filter, visibility) : undefined,
    ]);
    const page: TFamilyPage = {
      recordsJson,
      totalCount: total,
      ...(facets ? { facets: toFacets(facets) } : {}),
    };
    if (!filter.includePictures) return page;
    const records = JSON.parse(recordsJson) as TRevitFamily[];
    const pictures = await Promise.all(
      records.map((record) => this.#d.files.thumbnailBase64(record.revitFamilyPictureHash)),
    );
    return {
      ...page,
      recordsJson: JSON.stringify(
        records.map((record, index) => ({ ...record, revitFamilyPictureBase64: pictures[index] ?? null })),
      ),
    };
  }

  /** One family with its types and versions; 404 when the caller may not see it. */
  async get(auth: TAuth, id: number): Promise<TRevitFamily> {
    const row = await this.#visible(auth, id);
    return this.#answer(row.id, true);
  }

  /** Requests waiting for an admin: all of them for admins, the caller's tree's for others. */
  async pendingCount(auth: TAuth): Promise<number> {
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    return this.#d.repo.pendingCount(scope, PENDING);
  }

  /** Creates families (an id among them updates that one), all or nothing. */
  async save(auth: TAuth, inputs: TRevitFamilyInput[]): Promise<TRevitFamily[]> {
    const prepared = await Promise.all(inputs.map((input) => this.#prepare(auth, input)));
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const item of prepared) {
        saved.push(
          item.input.revitFamilyId === undefined
            ? await this.#create(auth, item)
            : await this.#change(auth, item),
        );
      }
      return saved;
    });
    await this.#forgetUploads(prepared);
    return this.#answers(ids);
  }

  /** Updates families; an admin may act on a request with `tifAction` (CONTRACT 4). */
  async update(auth: TAuth, inputs: TRevitFamilyInput[]): Promise<TRevitFamily[]> {
    if (inputs.some((input) => input.revitFamilyId === undefined))
      throw badRequest('required', { name: 'revitFamilyId' }, 'revitFamilyId');
    return this.save(auth, inputs);
  }

  /** Deletes at once for admins; anyone else's delete becomes a removal request (RfR). */
  async delete(auth: TAuth, ids: number[]): Promise<TRevitFamily[]> {
    const answered: TRevitFamily[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const row = await this.#visibleForChange(auth, id);
        if (auth.isAdmin) {
          answered.push(await this.#answer(id, false));
          if (row.tifOriginalId !== null) await this.#d.repo.update(row.tifOriginalId, { tifTempId: null });
          await this.#d.repo.delete(id);
          await this.#audit(auth, 'family.delete', id);
          continue;
        }
        const request = tifRequest('delete', {
          status: row.tifStatus as TTifStatus,
          hasPendingCopy: row.tifTempId !== null,
        });
        answered.push(...(await this.#applyRequest(auth, row, request, undefined, 'delete')));
      }
    });
    return answered;
  }

  /** Makes an earlier file current again (for non-admins: a change request carrying that file). */
  async makeCurrent(auth: TAuth, familyId: number, versionId: number): Promise<TRevitFamily[]> {
    const row = await this.#visibleForChange(auth, familyId);
    const version = await this.#d.repo.version(versionId);
    if (!version || (version.familyId !== row.id && version.familyId !== row.tifOriginalId))
      throw notFound('notFound', { name: 'version' });
    const file: TFileSource = {
      hash: version.fileHash,
      fileName: version.fileName,
      size: version.size,
      contents: version.contents as TRfaContents,
      previewHash: version.previewHash,
    };
    const input: TRevitFamilyInput = { revitFamilyId: row.id, revitFamilyName: row.name };
    const id = await this.#d.transaction(() =>
      this.#change(auth, { input, file, pictureHash: undefined, catalog: undefined, versionId }),
    );
    return this.#answers([id]);
  }

  /**
   * Takes a family file streamed from a multipart upload: stored by its SHA-256 only when it reads
   * as a Revit family; answers what was read and an id to save it with.
   */
  async upload(auth: TAuth, source: Readable, fileName: string): Promise<TFamilyUpload['upload']> {
    const file = await this.#ingest(source, fileName, MAX_FAMILY_FILE_BYTES);
    const uploadId = randomBytes(16).toString('hex');
    await this.#d.repo.deleteUploadsBefore(new Date(Date.now() - UPLOAD_LIFETIME_MS));
    await this.#d.repo.insertUpload({
      id: uploadId,
      userId: auth.userId,
      fileHash: file.hash,
      fileName,
      size: file.size,
      contents: file.contents,
      previewHash: file.previewHash,
    });
    const categoryId = await this.#d.categories.suggest(file.contents.revitCategory);
    return {
      uploadId,
      fileName,
      size: file.size,
      sha256: file.hash,
      contents: file.contents,
      previewBase64: await this.#d.files.thumbnailBase64(file.previewHash),
      suggestions: {
        revitFamilyName: suggestedName(file.contents.title, fileName),
        categoryId,
        tags: [file.contents.revitCategory].filter((tag): tag is string => Boolean(tag)),
      },
    };
  }

  /** A link with a signed ticket, for browsers to download a file the caller may see. */
  async ticket(
    auth: TAuth,
    familyId: number,
    versionId?: number,
  ): Promise<{ url: string; expiresAt: string }> {
    await this.#source(await this.#visible(auth, familyId), versionId);
    const expires = Math.floor(Date.now() / 1000) + TICKET_SECONDS;
    const claims: TTicket = {
      u: auth.userId,
      c: auth.companyId,
      f: familyId,
      v: versionId ?? null,
      e: expires,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const ticket = `${body}.${hmacBase64Url(this.#d.ticketKey, body)}`;
    const query = new URLSearchParams({ ...(versionId ? { versionId: String(versionId) } : {}), ticket });
    return {
      url: `/api/family/download/content/${familyId}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /**
   * The file to send for a download by a signed-in reader or the holder of a ticket; `counted`
   * records the download (called once a body is actually sent).
   */
  async download(
    auth: TAuth | null,
    familyId: number,
    versionId: number | undefined,
    ticket: string | undefined,
  ): Promise<TSendable & { counted: () => Promise<void> }> {
    let who: { userId: number; companyId: number | null };
    let row: TFamilyRow;
    if (auth) {
      if (!auth.permissions.has('contentmanagement.read'))
        throw forbidden('permissionRequired', { permission: 'contentmanagement.read' });
      row = await this.#visible(auth, familyId);
      who = auth;
    } else {
      const claims = ticket ? this.#verifyTicket(ticket) : undefined;
      if (!claims || claims.f !== familyId || claims.v !== (versionId ?? null))
        throw unauthorized('authTokenRequired');
      const found = await this.#d.repo.load(familyId);
      // A family removed since the ticket was made is gone for its holder too.
      if (!found || found.tifStatus === 'D') throw familyNotFound();
      row = found;
      who = { userId: claims.u, companyId: claims.c };
    }
    const file = await this.#source(row, versionId);
    const size = await this.#d.files.sizeOf(file.hash);
    if (size === null) throw notFound('fileMissing');
    return {
      hash: file.hash,
      size,
      mimeType: 'application/octet-stream',
      fileName: file.fileName,
      cacheControl: 'private, no-cache',
      open: (range) => this.#d.files.openRead(file.hash, range),
      counted: () => this.#d.repo.recordDownload(row.id, who.userId, who.companyId),
    };
  }

  // ---- reading what the caller may see -------------------------------------------------------

  /** Readers (no content create/update) see every published family; others their tree's, any status asked for. */
  async #visibility(auth: TAuth, filter: TFamilyFindRequest): Promise<TFamilyVisibility> {
    if (isReader(auth)) return { scope: null, statuses: ['A'] };
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    if (filter.tifStatuses?.length) return { scope, statuses: [...new Set(filter.tifStatuses)] };
    return { scope, statuses: filter.includeTempItems ? ['A', ...PENDING] : ['A'] };
  }

  async #visible(auth: TAuth, id: number): Promise<TFamilyRow> {
    const row = await this.#d.repo.load(id);
    if (!row) throw familyNotFound();
    if (isReader(auth)) {
      if (row.tifStatus !== 'A') throw familyNotFound();
      return row;
    }
    if (!auth.isAdmin) {
      const scope = await this.#d.companies.scopeOf(auth);
      if (row.companyId === null || !scope?.includes(row.companyId)) throw familyNotFound();
    }
    return row;
  }

  /** The same for a change, with the row locked until the transaction ends (two requests never both copy it). */
  async #visibleForChange(auth: TAuth, id: number): Promise<TFamilyRow> {
    if (isReader(auth)) throw familyNotFound();
    await this.#visible(auth, id);
    const row = await this.#d.repo.loadForUpdate(id);
    if (!row) throw familyNotFound();
    return row;
  }

  /** The current file of a family, or the version asked for (its own or its original's). */
  async #source(row: TFamilyRow, versionId: number | undefined) {
    if (versionId === undefined) {
      if (!row.fileHash || !row.fileName) throw notFound('notFound', { name: 'file' });
      return { hash: row.fileHash, fileName: row.fileName };
    }
    const version = await this.#d.repo.version(versionId);
    if (!version || (version.familyId !== row.id && version.familyId !== row.tifOriginalId))
      throw notFound('notFound', { name: 'version' });
    return { hash: version.fileHash, fileName: version.fileName };
  }

  #verifyTicket(ticket: string): TTicket | undefined {
    const [body, signature, ...rest] = ticket.split('.');
    if (!body || !signature || rest.length || !safeEqual(signature, hmacBase64Url(this.#d.ticketKey, body)))
      return undefined;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TTicket;
      return claims.e > Date.now() / 1000 ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  // ---- writing ---------------------------------------------------------------------------------

  /** Everything a save needs that is not the database: the file stored and read, the picture, the type catalog. */
  async #prepare(auth: TAuth, input: TRevitFamilyInput) {
    if (input.revitFamilyFileBase64 && input.revitFamilyUploadId)
      throw badRequest('fileOrUpload', undefined, 'revitFamilyUploadId');
    if (input.tifAction && !auth.isAdmin) throw forbidden('tifAdminOnly', undefined, 'tifAction');
    if (input.revitFamilyCategoryId) await this.#d.categories.assertExists(input.revitFamilyCategoryId);
    // 404 for a list that does not exist or lies outside the saver's tree, as reading it would be.
    if (input.parameterListId) await this.#d.parameterLists.get(auth, input.parameterListId);
    const catalog =
      typeof input.typeCatalogText === 'string'
        ? parseTypeCatalog(input.typeCatalogText)
        : input.typeCatalogText;
    let file: TFileSource | undefined;
    if (input.revitFamilyUploadId) {
      const upload = await this.#d.repo.upload(
        input.revitFamilyUploadId,
        auth.userId,
        new Date(Date.now() - UPLOAD_LIFETIME_MS),
      );
      if (!upload) throw badRequest('uploadNotFound', undefined, 'revitFamilyUploadId');
      file = {
        hash: upload.fileHash,
        fileName: input.revitFamilyFileName || upload.fileName,
        size: upload.size,
        contents: upload.contents as TRfaContents,
        previewHash: upload.previewHash,
        uploadId: upload.id,
      };
    } else if (input.revitFamilyFileBase64) {
      const content = decodeBase64(
        'revitFamilyFileBase64',
        input.revitFamilyFileBase64,
        MAX_FAMILY_BASE64_BYTES,
      );
      const fileName = input.revitFamilyFileName || 'family.rfa';
      file = await this.#ingest(
        Readable.from([content]),
        fileName,
        MAX_FAMILY_BASE64_BYTES,
        'revitFamilyFileBase64',
      );
    }
    const pictureHash = input.revitFamilyPictureBase64
      ? await this.#d.files.storePictureBase64('revitFamilyPictureBase64', input.revitFamilyPictureBase64)
      : undefined;
    return { input, file, pictureHash, catalog, versionId: undefined as number | undefined };
  }

  /** Streams a family file into storage, keeping it only when it reads as a Revit family. */
  async #ingest(source: Readable, fileName: string, maxBytes: number, name = 'file'): Promise<TFileSource> {
    let read: Awaited<ReturnType<typeof readRfaFile>> | undefined;
    const stored = await this.#d.files.storeStream(source, 'application/octet-stream', {
      maxBytes,
      name,
      check: async (path) => {
        read = await readRfaFile(path, name);
      },
    });
    const { contents, previewPng } = read!;
    const previewHash = previewPng
      ? await this.#d.files.storePicture('preview', previewPng).catch(() => null)
      : null;
    return { hash: stored.hash, fileName, size: stored.size, contents, previewHash };
  }

  async #create(auth: TAuth, item: TPrepared): Promise<number> {
    const { input } = item;
    const companyId = await this.#companyFor(auth, input.companyId);
    const status: TTifStatus = auth.isAdmin ? 'A' : 'RfA';
    if (!auth.isAdmin && tifRequest('create', null).outcome !== 'createItem') throw conflict('tifRefused');
    const values = await this.#merge(undefined, item);
    const id = await this.#d.repo.insert({
      ...values,
      companyId,
      createdByUserId: auth.userId,
      tifStatus: status,
      tifAction: null,
    });
    await this.#attachFile(auth, id, item);
    await this.#audit(auth, auth.isAdmin ? 'family.create' : 'family.request.create', id);
    return id;
  }

  /** An update: applied by an admin (or acted on with tifAction), a request for anyone else. */
  async #change(auth: TAuth, item: TPrepared): Promise<number> {
    const id = item.input.revitFamilyId!;
    const row = await this.#visibleForChange(auth, id);
    if (
      item.input.companyId !== undefined &&
      item.input.companyId !== null &&
      item.input.companyId !== row.companyId
    ) {
      await this.#companyFor(auth, item.input.companyId);
    }
    if (auth.isAdmin) {
      if (item.input.tifAction) return this.#act(auth, row, item.input.tifAction, item);
      await this.#d.repo.update(id, {
        ...(await this.#merge(row, item)),
        ...(item.input.companyId ? { companyId: item.input.companyId } : {}),
      });
      await this.#attachFile(auth, id, item);
      await this.#audit(auth, 'family.update', id);
      return id;
    }
    const kind = item.input.tifStatus === 'RfD' ? 'withdraw' : 'update';
    const request = tifRequest(kind, {
      status: row.tifStatus as TTifStatus,
      hasPendingCopy: row.tifTempId !== null,
    });
    const [answered] = await this.#applyRequest(auth, row, request, item, kind);
    return answered?.revitFamilyId ?? id;
  }

  /** Carries out a non-admin's request as the contract's table says. */
  async #applyRequest(
    auth: TAuth,
    row: TFamilyRow,
    request: ReturnType<typeof tifRequest>,
    item: TPrepared | undefined,
    kind: 'update' | 'delete' | 'withdraw',
  ): Promise<TRevitFamily[]> {
    switch (request.outcome) {
      case 'refused':
        if (request.reason === 'pending') throw conflict('tifPending');
        if (kind === 'withdraw') throw conflict('tifWithdrawPublished', undefined, 'tifStatus');
        throw conflict('tifRefused', { action: kind, status: row.tifStatus });
      case 'createCopy': {
        const values = item ? await this.#merge(row, item) : copyOf(row);
        const copyId = await this.#d.repo.insert({
          ...values,
          companyId: row.companyId,
          createdByUserId: auth.userId,
          currentVersionId: values.currentVersionId ?? row.currentVersionId,
          tifStatus: request.status,
          tifAction: null,
          tifOriginalId: row.id,
        });
        if (item) await this.#attachFile(auth, copyId, item);
        await this.#d.repo.update(row.id, { tifTempId: copyId });
        await this.#audit(auth, `family.request.${request.status}`, copyId, { original: row.id });
        return [await this.#answer(copyId, false)];
      }
      case 'editInPlace': {
        if (item) {
          await this.#d.repo.update(row.id, await this.#merge(row, item));
          await this.#attachFile(auth, row.id, item);
        }
        await this.#audit(auth, 'family.request.edit', row.id);
        return [await this.#answer(row.id, false)];
      }
      case 'dropRequest': {
        const answer = await this.#answer(row.id, false);
        if (row.tifOriginalId !== null) await this.#d.repo.update(row.tifOriginalId, { tifTempId: null });
        await this.#d.repo.delete(row.id);
        await this.#audit(auth, 'family.request.withdrawn', row.id);
        return [answer];
      }
      case 'createItem':
        throw conflict('tifRefused', { action: 'create', status: row.tifStatus });
    }
  }

  /** An admin's action on an item (CONTRACT 4); 409 and nothing changed for a pair not in the table. */
  async #act(auth: TAuth, row: TFamilyRow, action: TTifAction, item: TPrepared): Promise<number> {
    const status = row.tifStatus as TTifStatus;
    const transition = tifTransition({ status, isCopy: row.tifOriginalId !== null }, action);
    if (!transition.allowed) throw conflict('tifRefused', { action, status }, 'tifAction');
    const original = row.tifOriginalId;
    const releaseOriginal = async () => {
      if (original !== null) await this.#d.repo.update(original, { tifTempId: null });
    };
    let resultId = row.id;
    switch (transition.effect) {
      case 'publish':
      case 'restore':
        await this.#d.repo.update(row.id, { tifStatus: 'A', tifAction: action });
        break;
      case 'applyToOriginal': {
        const target = original!;
        await this.#d.repo.moveVersions(row.id, target);
        await this.#d.repo.update(target, {
          ...copyOf(row),
          tifTempId: null,
          tifAction: action,
          tifStatus: 'A',
        });
        await this.#d.repo.delete(row.id);
        resultId = target;
        break;
      }
      case 'removeOriginal':
      case 'withdrawOriginal':
        await this.#d.repo.update(original!, {
          tifStatus: 'D',
          tifAction: transition.effect === 'removeOriginal' ? 'r' : 'd',
          tifTempId: null,
        });
        await this.#d.repo.delete(row.id);
        resultId = original!;
        break;
      case 'disapprove':
        await this.#d.repo.update(row.id, { tifStatus: 'D', tifAction: action });
        await releaseOriginal();
        break;
      case 'remove':
        await this.#d.repo.update(row.id, { tifStatus: 'D', tifAction: 'r' });
        await releaseOriginal();
        break;
      case 'change':
        await this.#d.repo.update(row.id, {
          ...(await this.#merge(row, item)),
          tifStatus: 'P',
          tifAction: action,
        });
        await this.#attachFile(auth, row.id, item);
        break;
      case 'drop':
        await this.#d.repo.delete(row.id);
        await releaseOriginal();
        resultId = original ?? row.id;
        break;
      case 'duplicate':
        await this.#adoptCurrentVersion(row);
        await this.#d.repo.update(row.id, { tifStatus: 'A', tifAction: action, tifOriginalId: null });
        await releaseOriginal();
        break;
    }
    await this.#audit(auth, `family.action.${action}`, row.id, { effect: transition.effect });
    return resultId;
  }

  /** The family's columns after a save: the base row, then what the input and its file change. */
  async #merge(base: TFamilyRow | undefined, item: TPrepared): Promise<TFamilyWrite> {
    const { input, file, catalog } = item;
    const keep = <K extends keyof TFamilyRow>(
      key: K,
      value: TFamilyRow[K] | undefined,
      fallback: TFamilyRow[K],
    ) => (value !== undefined ? value : base ? base[key] : fallback);
    const currentContents = file?.contents ?? (await this.#contentsOf(base));
    let types: TFamilyType[] = base?.types ?? [];
    let typeSource: string | null = base?.typeSource ?? null;
    let typeCatalogFileName = base?.typeCatalogFileName ?? null;
    if (Array.isArray(catalog)) {
      types = catalog;
      typeSource = 'catalog';
      typeCatalogFileName = input.typeCatalogFileName || typeCatalogFileName || 'type-catalog.txt';
    } else if (catalog === null || (file && typeSource !== 'catalog')) {
      types = currentContents?.types ?? [];
      typeSource = types.length ? 'partAtom' : null;
      typeCatalogFileName = null;
    }
    const picture = this.#pictureOf(base, item, currentContents ? await this.#previewOf(base, file) : null);
    const name = input.revitFamilyName;
    const description = keep(
      'description',
      input.revitFamilyDescription === '' ? null : input.revitFamilyDescription,
      null,
    );
    const tags = input.revitFamilyTags ? [...new Set(input.revitFamilyTags)] : (base?.tags ?? []);
    return {
      name,
      description,
      tags,
      categoryId: keep('categoryId', input.revitFamilyCategoryId, null),
      rating: keep('rating', input.revitFamilyRating, null),
      familyVersion: keep('familyVersion', input.revitFamilyVersion, null),
      internalVersion: keep('internalVersion', input.revitFamilyInternalVersion, null),
      parameterListId: keep('parameterListId', input.parameterListId, null),
      parameterListCode: keep('parameterListCode', input.parameterListCode, null),
      cost: keep('cost', input.cost, null),
      fileName: file ? file.fileName : (base?.fileName ?? null),
      fileHash: file ? file.hash : (base?.fileHash ?? null),
      fileSize: file ? file.size : (base?.fileSize ?? null),
      revitVersion: file ? file.contents.revitVersion : (base?.revitVersion ?? null),
      omniClassCode: file ? file.contents.omniClassCode : (base?.omniClassCode ?? null),
      revitCategory: file ? file.contents.revitCategory : (base?.revitCategory ?? null),
      currentVersionId: item.versionId ?? base?.currentVersionId ?? null,
      ...picture,
      types,
      typeSource,
      typeCatalogFileName,
      searchText: searchTextOf({ name, description, tags, types }),
    };
  }

  /** The picture: one of the user's own, else the file's preview (which follows the file). */
  #pictureOf(base: TFamilyRow | undefined, item: TPrepared, preview: string | null) {
    const { input, pictureHash } = item;
    if (pictureHash)
      return {
        pictureHash,
        pictureFileName: input.revitFamilyPictureFileName || 'picture',
        pictureFromFile: false,
      };
    const followsFile =
      !base || base.pictureFromFile || base.pictureHash === null || input.revitFamilyPictureBase64 === null;
    if (followsFile)
      return {
        pictureHash: preview,
        pictureFileName: preview ? 'preview.png' : null,
        pictureFromFile: preview !== null,
      };
    return { pictureHash: base.pictureHash, pictureFileName: base.pictureFileName, pictureFromFile: false };
  }

  async #contentsOf(base: TFamilyRow | undefined): Promise<TRfaContents | null> {
    if (!base?.currentVersionId) return null;
    return (
      ((await this.#d.repo.version(base.currentVersionId))?.contents as TRfaContents | undefined) ?? null
    );
  }

  async #previewOf(base: TFamilyRow | undefined, file: TFileSource | undefined): Promise<string | null> {
    if (file) return file.previewHash;
    if (!base?.currentVersionId) return null;
    return (await this.#d.repo.version(base.currentVersionId))?.previewHash ?? null;
  }

  /** A new file becomes a version of the family (an earlier version made current needs none). */
  async #attachFile(auth: TAuth, familyId: number, item: TPrepared): Promise<void> {
    if (!item.file || item.versionId !== undefined) return;
    const versionId = await this.#d.repo.insertVersion({
      familyId,
      fileHash: item.file.hash,
      fileName: item.file.fileName,
      size: item.file.size,
      revitVersion: item.file.contents.revitVersion,
      contents: item.file.contents,
      previewHash: item.file.previewHash,
      uploadedBy: auth.userId,
    });
    await this.#d.repo.update(familyId, { currentVersionId: versionId });
  }

  /**
   * A copy that becomes a family of its own (duplicate) and brought no file of its own still uses its
   * original's current version: it gets that version as its own, so it keeps a version list and its
   * file when the original goes.
   */
  async #adoptCurrentVersion(row: TFamilyRow): Promise<void> {
    if (row.currentVersionId === null || (await this.#d.repo.versions(row.id)).length) return;
    const version = await this.#d.repo.version(row.currentVersionId);
    if (!version || version.familyId === row.id) return;
    const { id: _id, familyId: _familyId, uploadedAt: _uploadedAt, ...file } = version;
    const versionId = await this.#d.repo.insertVersion({ ...file, familyId: row.id });
    await this.#d.repo.update(row.id, { currentVersionId: versionId });
  }

  /** The company a new family goes under: any for admins, one of the caller's tree for others. */
  async #companyFor(auth: TAuth, requested: number | null | undefined): Promise<number | null> {
    if (requested === undefined || requested === null) return auth.companyId;
    await this.#d.companies.assertInScope(auth, requested);
    return requested;
  }

  async #forgetUploads(prepared: TPrepared[]): Promise<void> {
    for (const item of prepared) if (item.file?.uploadId) await this.#d.repo.deleteUpload(item.file.uploadId);
  }

  async #answer(id: number, detailed: boolean): Promise<TRevitFamily> {
    const [record] = await this.#d.repo.records([id]);
    if (!record) throw familyNotFound();
    if (!detailed) return record;
    const [full, versions] = await Promise.all([this.#d.repo.load(id), this.#d.repo.versions(id)]);
    const ownVersions =
      versions.length || record.tifOriginalId === null
        ? versions
        : await this.#d.repo.versions(record.tifOriginalId);
    return {
      ...record,
      revitFamilyTypes: full?.types ?? [],
      revitFamilyVersions: ownVersions.map((v) => toVersion(v, full?.currentVersionId ?? null)),
    };
  }

  async #answers(ids: number[]): Promise<TRevitFamily[]> {
    return this.#d.repo.records(ids);
  }

  #audit(auth: TAuth, action: string, id: number, detail?: Record<string, unknown>): Promise<void> {
    return this.#d.audit.record({
      action,
      userId: auth.userId,
      companyId: auth.companyId,
      targetType: 'family',
      targetId: id,
      ...(detail ? { detail } : {}),
    });
  }
}

type TPrepared = {
  input: TRevitFamilyInput;
  file: TFileSource | undefined;
  pictureHash: string | undefined;
  catalog: TFamilyType[] | null | undefined;
  /** Set when an earlier version is made current. */
  versionId: number | undefined;
};

/** Readers hold neither content create nor update: they see the published library only. */
function isReader(auth: TAuth): boolean {
  return (
    !auth.isAdmin &&
    !auth.permissions.has('contentmanagement.create') &&
    !auth.permissions.has('contentmanagement.update')
  );
}

/** The content columns of a family (what a change request copies and an approval copies back). */
function copyOf(row: TFamilyRow): TFamilyWrite {
  return {
    name: row.name,
    revitVersion: row.revitVersion,
    familyVersion: row.familyVersion,
    internalVersion: row.internalVersion,
    categoryId: row.categoryId,
    rating: row.rating,
    description: row.description,
    tags: row.tags,
    fileName: row.fileName,
    fileHash: row.fileHash,
    fileSize: row.fileSize,
    currentVersionId: row.currentVersionId,
    pictureFileName: row.pictureFileName,
    pictureHash: row.pictureHash,
    pictureFromFile: row.pictureFromFile,
    omniClassCode: row.omniClassCode,
    revitCategory: row.revitCategory,
    typeCatalogFileName: row.typeCatalogFileName,
    typeSource: row.typeSource,
    types: row.types,
    searchText: row.searchText,
    parameterListId: row.parameterListId,
    parameterListCode: row.parameterListCode,
    cost: row.cost,
  };
}
