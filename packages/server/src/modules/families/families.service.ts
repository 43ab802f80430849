import {
  FAMILY_VERSIONS_SHOWN,
  type TApprovalAction,
  type TFamilyFacets,
  type TFamilyFindRequest,
  type TFamilyType,
  type TRevitFamily,
  type TRevitFamilyInput,
  type TRfaContents,
  type TTifStatus,
} from '@portal/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { parseTypeCatalog } from '../../lib/rfa/type-catalog.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { TMail } from '../../lib/mailer.ts';
import {
  requestPairs,
  type ApprovalsService,
  type TActed,
  type TApprovable,
  type TDecision,
  type TRequestPair,
} from '../approvals/approvals.service.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { ParameterListsService } from '../parameter-lists/parameter-lists.service.ts';
import { searchTextOf, toFacets, toVersion } from './families.mapper.ts';
import {
  PUBLISHED,
  type FamiliesRepository,
  type TFamilyRow,
  type TFamilyVisibility,
  type TFamilyWrite,
} from './families.repository.ts';
import type { FamilyUploadsService, TFileSource } from './family-uploads.service.ts';

export type TFamiliesDeps = {
  repo: FamiliesRepository;
  categories: CategoriesService;
  companies: CompaniesService;
  files: FilesService;
  /** A family links only to a parameter list its saver may see. */
  parameterLists: ParameterListsService;
  /** The files a save brings (uploads, base64). */
  uploads: FamilyUploadsService;
  /** The approval workflow every change goes through. */
  approvals: ApprovalsService;
  /** Logs each family file stored (family.upload). */
  activity: ActivityService;
  transaction: TTransaction;
  /** How many scenarios point at a family: its delete is refused while any do. */
  scenarioUses: (familyId: number) => Promise<number>;
};

/** A page of a find: its records as the JSON text of an array (TRevitFamily), the total, the facets. */
/** A page of a find: its records as PostgreSQL wrote them, and the facets when asked. */
export type TFamilyPage = { page: JsonPage<TRevitFamily>; facets?: TFamilyFacets };

/** How the approval workflow reaches families. */
type TFamilyApprovable = TApprovable<TFamilyRow, TPrepared, TRevitFamily>;

const PENDING: readonly TTifStatus[] = ['RfA', 'RfC', 'RfR', 'RfD', 'P'];
const familyNotFound = () => notFound('notFound', { name: 'family' });

/**
 * The library: families with their files, versions, types and pictures. An admin's change applies
 * at once; anyone else's becomes a request an admin decides (CONTRACT 4, through the approvals
 * module). Contributors (partners and their users) see their own tree's families; readers (end
 * users) see every published family. Files coming in and going out: family-uploads.service.ts and
 * family-downloads.service.ts.
 */
export class FamiliesService {
  readonly #d: TFamiliesDeps;

  constructor(deps: TFamiliesDeps) {
    this.#d = deps;
  }

  /**
   * A page of families as PostgreSQL wrote their records (with their thumbnails from the file store
   * when asked), the total and, when asked, the facets.
   */
  async find(auth: TAuth, filter: TFamilyFindRequest): Promise<TFamilyPage> {
    const visibility = await this.#visibility(auth, filter);
    const [{ page, keys }, facets] = await Promise.all([
      this.#d.repo.find(filter, visibility),
      filter.includeFacets ? this.#d.repo.facets(filter, visibility) : undefined,
    ]);
    const pictures = filter.includePictures
      ? page.with({
          revitFamilyPictureBase64: await Promise.all(
            keys.pictureHash.map((hash) => this.#d.files.thumbnailBase64(hash)),
          ),
        })
      : page;
    return { page: pictures, ...(facets ? { facets: toFacets(facets) } : {}) };
  }

  /**
   * One family with its types and versions; 404 when the caller may not see it. An end user gets
   * the published family without the workflow fields that tell of requests, nor uploaders' logins.
   */
  async get(auth: TAuth, id: number): Promise<TRevitFamily> {
    const row = await this.#visible(auth, id);
    return this.#answer(row.id, true, isReader(auth));
  }

  /**
   * Requests waiting for an admin: all of them for admins, the caller's tree's for contributors,
   * none for end users, who never see that anything is pending.
   */
  async pendingCount(auth: TAuth): Promise<number> {
    if (isReader(auth)) return 0;
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    return this.#d.repo.pendingCount(scope, PENDING);
  }

  /**
   * The companies whose published families the caller's library shows (null: every company), for
   * counts that must match its facets (a category's card).
   */
  async publishedScope(auth: TAuth): Promise<number[] | null> {
    return (await this.#visibility(auth, {})).scope;
  }

  /**
   * Creates families (an id among them updates that one), all or nothing. An admin's action names
   * the tifStatus it was made on (the record as read): when the family's is another by now, another
   * request changed it since, and the action is refused (409 changedAtOnce).
   */
  async save(auth: TAuth, inputs: TRevitFamilyInput[]): Promise<TRevitFamily[]> {
    const prepared = await Promise.all(inputs.map((input) => this.#prepare(auth, input)));
    const ids = await this.#d.approvals.deciding(async (mails) => {
      const saved: number[] = [];
      for (const item of prepared) {
        const id = item.input.revitFamilyId;
        saved.push(
          id === undefined
            ? await this.#d.approvals.create(this.#approvable(auth), auth, item)
            : await this.#change(auth, item, mails),
        );
      }
      return saved;
    });
    await this.#d.uploads.forget(prepared.map((item) => item.file));
    return this.#answers(ids);
  }

  /** Updates families; an admin may act on a request with `tifAction` (CONTRACT 4). */
  async update(auth: TAuth, inputs: TRevitFamilyInput[]): Promise<TRevitFamily[]> {
    if (inputs.some((input) => input.revitFamilyId === undefined))
      throw badRequest('required', { name: 'revitFamilyId' }, 'revitFamilyId');
    return this.save(auth, inputs);
  }

  /**
   * Deletes at once for admins; anyone else's delete becomes a removal request (RfR). A family
   * scenarios point at is refused (409 familyInUse), whoever asks.
   */
  async delete(auth: TAuth, ids: number[]): Promise<TRevitFamily[]> {
    const answered: TRevitFamily[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const row = await this.#visibleForChange(auth, id);
        const uses = await this.#d.scenarioUses(row.id);
        if (uses > 0) throw conflict('familyInUse', { count: uses }, 'revitFamilyId');
        answered.push(await this.#d.approvals.delete(this.#approvable(auth), auth, row));
      }
    });
    return answered;
  }

  /**
   * Forgets the file versions uploaded before `before`, never one a family (or a request's copy)
   * has current (VERSION_RETENTION_DAYS, docs/decisions.md); the file sweep then frees their files.
   */
  expireVersions(before: Date): Promise<number> {
    return this.#d.repo.deleteVersionsBefore(before);
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
    const id = await this.#d.approvals.deciding((mails) =>
      this.#change(auth, { input, file, pictureHash: undefined, catalog: undefined, versionId }, mails),
    );
    return this.#answers([id]);
  }

  /** The family row, when the caller may see it (404 otherwise): downloads check with it. */
  readable(auth: TAuth, id: number): Promise<TFamilyRow> {
    return this.#visible(auth, id);
  }

  /**
   * Request items with their originals for the approvals inbox's comparison, each with its types
   * and thumbnail. Who may see which requests is the inbox's to decide.
   */
  requests(ids: number[]): Promise<Map<number, TRequestPair<TRevitFamily>>> {
    return requestPairs(
      ids,
      (some) => this.#comparable(some),
      (record) => record.revitFamilyId,
      (record) => record.tifOriginalId,
    );
  }

  /** An admin's decision on one pending request from the approvals inbox (`approvals.act`). */
  act(auth: TAuth, id: number, action: TApprovalAction, decision: TDecision): Promise<TActed> {
    return this.#d.approvals.act(this.#approvable(auth), auth, id, action, decision);
  }

  /** Families as the comparison shows them: with their types and a thumbnail. */
  async #comparable(ids: number[]): Promise<TRevitFamily[]> {
    const records = await this.#d.repo.records(ids);
    const [types, thumbnails] = await Promise.all([
      this.#d.repo.loadMany(records.map((record) => record.revitFamilyId)),
      Promise.all(records.map((record) => this.#d.files.thumbnailBase64(record.revitFamilyPictureHash))),
    ]);
    const typesOf = new Map(types.map((row) => [row.id, row.types]));
    return records.map((record, index) => ({
      ...record,
      revitFamilyTypes: typesOf.get(record.revitFamilyId) ?? [],
      revitFamilyPictureBase64: thumbnails[index] ?? null,
    }));
  }

  // ---- reading what the caller may see -------------------------------------------------------

  /**
   * Readers (no content create/update) see every published family, without the workflow fields;
   * others their tree's, any status asked for.
   */
  async #visibility(auth: TAuth, filter: TFamilyFindRequest): Promise<TFamilyVisibility> {
    if (isReader(auth)) return { scope: null, statuses: PUBLISHED, reader: true };
    const scope = auth.isAdmin ? null : await this.#d.companies.scopeOf(auth);
    if (filter.tifStatuses?.length) return { scope, statuses: [...new Set(filter.tifStatuses)] };
    return { scope, statuses: filter.includeTempItems ? [...PUBLISHED, ...PENDING] : PUBLISHED };
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

  /**
   * The same for a change, with the row locked until the transaction ends (two requests never both
   * copy it); `actedOn`: the status an admin's action was made on (see save).
   */
  async #visibleForChange(auth: TAuth, id: number, actedOn?: TTifStatus): Promise<TFamilyRow> {
    if (isReader(auth)) throw familyNotFound();
    // Admins see every family: the lock alone tells whether it exists.
    if (!auth.isAdmin) await this.#visible(auth, id);
    return this.#d.approvals.lock(this.#approvable(auth), id, actedOn);
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
    const file = await this.#d.uploads.fileOf(auth, input);
    const pictureHash = input.revitFamilyPictureBase64
      ? await this.#d.files.storePictureBase64('revitFamilyPictureBase64', input.revitFamilyPictureBase64)
      : undefined;
    return { input, file, pictureHash, catalog, versionId: undefined as number | undefined };
  }

  /**
   * An update: applied by an admin (or acted on with tifAction, a decision whose requester's mail
   * joins `mails`), a request for anyone else.
   */
  async #change(auth: TAuth, item: TPrepared, mails: TMail[]): Promise<number> {
    const id = item.input.revitFamilyId!;
    const { tifAction, tifStatus, tifReason, tifComment } = item.input;
    if ((tifReason || tifComment) && !tifAction)
      throw badRequest('required', { name: 'tifAction' }, tifReason ? 'tifReason' : 'tifComment');
    const row = await this.#visibleForChange(auth, id, tifAction && tifStatus ? tifStatus : undefined);
    if (
      item.input.companyId !== undefined &&
      item.input.companyId !== null &&
      item.input.companyId !== row.companyId
    ) {
      await this.#companyFor(auth, item.input.companyId);
    }
    return this.#d.approvals.update(this.#approvable(auth), auth, row, item, {
      action: tifAction,
      status: tifStatus,
      decision: { reason: tifReason, comment: tifComment, mails },
    });
  }

  /** What the approval workflow does to families, for this caller (CONTRACT 4). */
  #approvable(auth: TAuth): TFamilyApprovable {
    const repo = this.#d.repo;
    return {
      kind: 'family',
      loadForUpdate: (id) => repo.loadForUpdate(id),
      create: async (item, tif) => {
        const companyId = await this.#companyFor(auth, item.input.companyId);
        const id = await repo.insert({
          ...(await this.#merge(undefined, item)),
          companyId,
          createdByUserId: auth.userId,
          ...tif,
        });
        await this.#attachFile(auth, id, item);
        return id;
      },
      copy: async (row, item, tif) => {
        const values = item ? await this.#merge(row, item) : copyOf(row);
        const copyId = await repo.insert({
          ...values,
          companyId: row.companyId,
          createdByUserId: auth.userId,
          currentVersionId: values.currentVersionId ?? row.currentVersionId,
          ...tif,
        });
        if (item) await this.#attachFile(auth, copyId, item);
        return copyId;
      },
      edit: async (row, item, tif) => {
        // The admin's own update may also move the family to another company.
        const moved = !tif && item.input.companyId ? { companyId: item.input.companyId } : {};
        await repo.update(row.id, { ...(await this.#merge(row, item)), ...moved, ...tif });
        await this.#attachFile(auth, row.id, item);
      },
      applyToOriginal: async (copy, tif) => {
        const original = copy.tifOriginalId!;
        await repo.moveVersions(copy.id, original);
        await repo.update(original, { ...copyOf(copy), ...tif });
      },
      detach: (copy) => this.#adoptCurrentVersion(copy),
      // Only a status moves lastUpdate: a pending copy marked on its original (tifTempId) is no
      // change of it, and must not show end users that something is pending.
      setTif: (id, tif) => {
        const touch = Object.keys(tif).some((key) => key !== 'tifTempId');
        return repo.update(id, tif, touch);
      },
      delete: (id) => repo.delete(id),
      record: (id) => this.#answer(id, false),
      about: (row) => ({ name: row.name, companyId: row.companyId, createdByUserId: row.createdByUserId }),
      pageOf: (id) => `/families/${id}`,
    };
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
    const family = await this.#d.repo.loadForUpdate(familyId);
    await this.#d.activity.record({
      kind: 'family.upload',
      userId: auth.userId,
      companyId: auth.companyId,
      ownerCompanyId: family?.companyId ?? null,
      recordType: 'family',
      recordId: familyId,
      detail: {
        fileName: item.file.fileName,
        size: item.file.size,
        revitVersion: item.file.contents.revitVersion ?? null,
        versionId,
      },
    });
  }

  /**
   * A copy that becomes a family of its own (duplicate) and brought no file of its own still uses its
   * original's current version: it gets that version as its own, so it keeps a version list and its
   * file when the original goes.
   */
  async #adoptCurrentVersion(row: TFamilyRow): Promise<void> {
    if (row.currentVersionId === null || (await this.#d.repo.versions(row.id, 1)).length) return;
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

  /** The family as the API answers it; `reader`: an end user's view (see get). */
  async #answer(id: number, detailed: boolean, reader = false): Promise<TRevitFamily> {
    const [record] = await this.#d.repo.records([id], reader);
    if (!record) throw familyNotFound();
    if (!detailed) return record;
    const full = await this.#d.repo.load(id);
    const current = full?.currentVersionId ?? null;
    const ownCount = await this.#d.repo.versionCount(id);
    // A change request without a file of its own shows its original's files.
    const holder = ownCount === 0 && record.tifOriginalId !== null ? record.tifOriginalId : id;
    const [versions, versionCount] = await Promise.all([
      this.#d.repo.versions(holder, FAMILY_VERSIONS_SHOWN, current),
      holder === id ? ownCount : this.#d.repo.versionCount(holder),
    ]);
    return {
      ...record,
      revitFamilyTypes: full?.types ?? [],
      revitFamilyVersions: versions.map((v) => toVersion(v, current, !reader)),
      versionCount,
    };
  }

  async #answers(ids: number[]): Promise<TRevitFamily[]> {
    return this.#d.repo.records(ids);
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
