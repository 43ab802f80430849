import {
  COMPANY_CHILDREN_SHOWN,
  type TCompany,
  type TCompanyInput,
  type TCompanyRef,
  type ZCompanyFindRequest,
} from '@portal/contract';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, type ActivityService } from '../activity/activity.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { CompaniesRepository, TCompanyInsert, TCompanyRow } from './companies.repository.ts';
import { toCompany } from './companies.mapper.ts';

type TFind = z.infer<typeof ZCompanyFindRequest>;
const companyNotFound = () => notFound('notFound', { name: 'company' });

export type TCompaniesDeps = {
  repo: CompaniesRepository;
  files: FilesService;
  sessions: SessionsService;
  activity: ActivityService;
  transaction: TTransaction;
};

/** Where a delete sends a company's users and child companies (absent: refuse when there are any). */
export type TDeleteTargets = {
  usersTo?: { companyId: number | null } | undefined;
  childrenTo?: { companyId: number | null } | undefined;
};

/**
 * The company tree and tenancy (whom a caller may see), and companies themselves: a tree without
 * cycles, partner companies kept by partner managers, stale updates refused, deletes that say
 * where users and children go.
 */
export class CompaniesService {
  readonly #d: TCompaniesDeps;
  readonly #repo: CompaniesRepository;

  constructor(deps: TCompaniesDeps) {
    this.#d = deps;
    this.#repo = deps.repo;
  }

  /** Company ids the caller may see: null for admins (every company), else its own tree. */
  async scopeOf(auth: TAuth): Promise<number[] | null> {
    if (auth.isAdmin) return null;
    return auth.companyId === null ? [] : this.#repo.treeIds(auth.companyId);
  }

  /** Throws 404 unless the company is inside the caller's tree (never leaks other tenants). */
  async assertInScope(auth: TAuth, companyId: number | null): Promise<void> {
    const scope = await this.scopeOf(auth);
    if (scope === null) {
      if (companyId !== null && !(await this.#repo.byId(companyId))) throw companyNotFound();
      return;
    }
    if (companyId === null || !scope.includes(companyId)) throw companyNotFound();
  }

  /**
   * The tenancy check before a write: may the caller own a record of `companyId`? A portal-wide
   * record (null) is admins' only (403); a company outside the caller's tree is 404.
   */
  async assertMayOwn(auth: TAuth, companyId: number | null): Promise<void> {
    if (companyId === null) {
      if (!auth.isAdmin)
        throw forbidden('permissionRequired', { permission: 'adminmanagement.update' }, 'companyId');
      return;
    }
    await this.assertInScope(auth, companyId);
  }

  /** The company and its ancestors, nearest first (terms and branding inherit along it). */
  chainOf(companyId: number): Promise<number[]> {
    return this.#repo.chainIds(companyId);
  }

  async isActive(companyId: number): Promise<boolean> {
    return (await this.#repo.byId(companyId))?.active === true;
  }

  /** The company of that name, created when missing (the seed's default company). */
  async ensure(values: TCompanyInsert): Promise<number> {
    return (await this.#repo.byName(values.name))?.id ?? this.#repo.insert(values);
  }

  /** Active companies' names for the sign-up form: a page of them (at most 1,000) and how many there are. */
  async publicList(query: TFind): Promise<{ companyInfos: TCompanyRef[]; totalCount: number }> {
    const { rows, total } = await this.#repo.activeNames(query);
    return { companyInfos: rows, totalCount: total };
  }

  async find(auth: TAuth, filter: TFind): Promise<{ companyInfos: TCompany[]; totalCount: number }> {
    const { rows, total } = await this.#repo.find(filter, await this.scopeOf(auth));
    return { companyInfos: await this.#records(rows, filter.includeLogos === true), totalCount: total };
  }

  async get(auth: TAuth, id: number): Promise<TCompany> {
    await this.assertInScope(auth, id);
    const row = await this.#repo.byId(id);
    if (!row) throw companyNotFound();
    const [record] = await this.#records([row], true);
    return record!;
  }

  /** The logo the caller's header shows: its company's, or the nearest ancestor's along the branding chain. */
  async brandingOf(
    companyId: number | null,
  ): Promise<{ companyId: number | null; companyName: string | null; logoHash: string | null }> {
    if (companyId === null) return { companyId: null, companyName: null, logoHash: null };
    for (const id of await this.#repo.chainIds(companyId)) {
      const row = await this.#repo.byId(id);
      if (!row) break;
      if (row.logoHash || !row.useParentBranding || row.parentId === null)
        return { companyId: row.id, companyName: row.name, logoHash: row.logoHash };
    }
    return { companyId: null, companyName: null, logoHash: null };
  }

  /** Creates or updates companies, all or nothing. */
  async save(auth: TAuth, inputs: TCompanyInput[]): Promise<TCompany[]> {
    if (
      inputs.some((input) => input.companyId === undefined) &&
      !auth.permissions.has('companymanagement.create')
    )
      throw forbidden('permissionRequired', { permission: 'companymanagement.create' });
    const logos = await Promise.all(
      inputs.map((input) =>
        input.companyLogoBase64
          ? this.#d.files.storePictureBase64('companyLogoBase64', input.companyLogoBase64)
          : Promise.resolve(undefined),
      ),
    );
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const [index, input] of inputs.entries()) {
        saved.push(await this.#saveOne(auth, input, logos[index]));
      }
      return saved;
    });
    const rows = await Promise.all(ids.map((id) => this.#repo.byId(id)));
    return this.#records(rows.filter((row): row is TCompanyRow => row !== undefined));
  }

  /** Deletes companies; users and children go where the request says, else 409 with how many there are. */
  async delete(auth: TAuth, ids: number[], targets: TDeleteTargets): Promise<TCompany[]> {
    const unique = [...new Set(ids)];
    for (const id of unique) await this.assertInScope(auth, id);
    const before = await this.#records(
      (await Promise.all(unique.map((id) => this.#repo.byId(id)))).filter(
        (r): r is TCompanyRow => r !== undefined,
      ),
    );
    const movedUsers = await this.#d.transaction(async () => {
      const moved: number[] = [];
      for (const id of unique) {
        const row = await this.#repo.lockById(id);
        if (!row) throw companyNotFound();
        if (row.isPartner) this.#assertPartnerRights(auth);
        const users = (await this.#repo.userCounts([id])).get(id) ?? 0;
        if (users > 0) {
          if (!targets.usersTo) throw conflict('companyHasUsers', { count: users }, 'usersTo');
          const to = targets.usersTo.companyId;
          if (to === id || (to !== null && unique.includes(to)))
            throw badRequest('notValid', { name: 'usersTo' }, 'usersTo');
          if (to !== null) await this.assertInScope(auth, to);
          moved.push(...(await this.#repo.moveUsers(id, to)));
        }
        const children = await this.#repo.childCount(id);
        if (children > 0) {
          if (!targets.childrenTo) throw conflict('companyHasChildren', { count: children }, 'childrenTo');
          const to = targets.childrenTo.companyId;
          if (to === null && !auth.isAdmin) throw forbidden('topLevelAdminOnly', undefined, 'childrenTo');
          if (to !== null) {
            await this.assertInScope(auth, to);
            if ((await this.#repo.treeIds(id)).includes(to))
              throw conflict('companyCycle', undefined, 'childrenTo');
          }
          await this.#repo.moveChildren(id, to);
        }
        await this.#repo.delete(id);
        await this.#d.activity.record({
          kind: 'company.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: row.parentId ?? id,
          recordType: 'company',
          recordId: id,
          changes: changesOf(row, undefined),
        });
      }
      return moved;
    });
    // Moved users keep no sign-in that carries the old company in its token.
    for (const userId of movedUsers) await this.#d.sessions.revokeUser(userId);
    return before;
  }

  async #saveOne(auth: TAuth, input: TCompanyInput, logoHash: string | undefined): Promise<number> {
    const existing = input.companyId === undefined ? undefined : await this.#repo.lockById(input.companyId);
    if (input.companyId !== undefined) {
      await this.assertInScope(auth, input.companyId);
      if (!existing) throw companyNotFound();
      if (input.lastUpdate === undefined) throw badRequest('required', { name: 'lastUpdate' }, 'lastUpdate');
      if (Date.parse(input.lastUpdate) !== existing.lastUpdate.getTime())
        throw conflict('staleUpdate', { name: 'company' }, 'lastUpdate');
    }
    if (input.isPartnerCompany || existing?.isPartner) this.#assertPartnerRights(auth);
    const parentId =
      input.parentCompany === undefined
        ? (existing?.parentId ?? auth.companyId)
        : (input.parentCompany?.companyId ?? null);
    if (parentId !== (existing?.parentId ?? null) || !existing)
      await this.#checkParent(auth, existing?.id, parentId);
    const values: Partial<TCompanyInsert> = {
      name: input.companyName,
      address: input.companyAddress ?? null,
      city: input.companyCity ?? null,
      region: input.companyRegion ?? null,
      zipCode: input.companyZipCode ?? null,
      country: input.companyCountry ?? null,
      url: input.companyURL || null,
      contactName: input.companyContactName ?? null,
      phone: input.companyPhoneNumber || null,
      fax: input.companyFaxNumber || null,
      email: input.companyEmail || null,
      parentId,
      ...(input.companyParameters !== undefined ? { companyParameters: input.companyParameters } : {}),
      ...(input.globalParameters !== undefined ? { globalParameters: input.globalParameters } : {}),
      ...(input.companyLicense !== undefined
        ? { licenseId: input.companyLicense?.licenseInfoId ?? null }
        : {}),
      ...(input.companyTerms !== undefined ? { termsId: input.companyTerms?.termsId ?? null } : {}),
      useParentBranding: input.useParentCompanyBranding,
      ...(input.defaultMeasurementSystemId !== undefined
        ? { defaultMeasurementSystemId: input.defaultMeasurementSystemId }
        : {}),
      active: input.active,
      isPartner: input.isPartnerCompany,
      ...(logoHash ? { logoHash, logoFileName: input.companyLogoFileName || 'logo' } : {}),
      ...(input.companyLogoBase64 === null ? { logoHash: null, logoFileName: null } : {}),
    };
    let id = existing?.id;
    if (id === undefined)
      id = await this.#repo.insert({ ...values, name: input.companyName, createdByUserId: auth.userId });
    else await this.#repo.update(id, values);
    await this.#d.activity.record({
      kind: existing ? 'company.update' : 'company.create',
      userId: auth.userId,
      companyId: auth.companyId,
      ownerCompanyId: id,
      recordType: 'company',
      recordId: id,
      changes: changesOf(existing, await this.#repo.byId(id)),
    });
    return id;
  }

  /** A parent inside the caller's tree (top level: admins only) that is not the company or below it. */
  async #checkParent(auth: TAuth, companyId: number | undefined, parentId: number | null): Promise<void> {
    if (parentId === null) {
      if (!auth.isAdmin) throw forbidden('topLevelAdminOnly', undefined, 'parentCompany');
      return;
    }
    await this.assertInScope(auth, parentId);
    if (companyId !== undefined && (await this.#repo.treeIds(companyId)).includes(parentId))
      throw conflict('companyCycle', undefined, 'parentCompany');
  }

  #assertPartnerRights(auth: TAuth): void {
    if (!auth.permissions.has('partnermanagement.update'))
      throw forbidden('partnerRightsRequired', undefined, 'isPartnerCompany');
  }

  /** The API records of the rows; with `logos`, each logo itself as base64 (spec 3's companyLogoBase64). */
  async #records(rows: TCompanyRow[], logos = false): Promise<TCompany[]> {
    const ids = rows.map((r) => r.id);
    const [children, parents, userCounts, logoTexts] = await Promise.all([
      this.#repo.childrenShown(ids, COMPANY_CHILDREN_SHOWN),
      this.#repo.namesOf([...new Set(rows.map((r) => r.parentId).filter((id) => id !== null))]),
      this.#repo.userCounts(ids),
      logos ? Promise.all(rows.map((row) => this.#d.files.base64(row.logoHash))) : undefined,
    ]);
    const byParent = new Map<number, typeof children>();
    for (const child of children)
      byParent.set(child.parentId, [...(byParent.get(child.parentId) ?? []), child]);
    return rows.map((row, index) => ({
      ...toCompany(row, parents, byParent.get(row.id) ?? []),
      childCompanyCount: byParent.get(row.id)?.[0]?.total ?? 0,
      userCount: userCounts.get(row.id) ?? 0,
      ...(logoTexts ? { companyLogoBase64: logoTexts[index] ?? null } : {}),
    }));
  }
}
