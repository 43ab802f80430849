import type { TCompany, TCompanyRef, ZCompanyFindRequest } from '@portal/contract';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { CompaniesRepository, TCompanyInsert } from './companies.repository.ts';
import { toCompany } from './companies.mapper.ts';

type TFind = z.infer<typeof ZCompanyFindRequest>;
const companyNotFound = () => notFound('notFound', { name: 'company' });

/** Company tree and tenancy: whom a caller may see. */
export class CompaniesService {
  readonly #repo: CompaniesRepository;

  constructor(repo: CompaniesRepository) {
    this.#repo = repo;
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

  publicList(): Promise<TCompanyRef[]> {
    return this.#repo.activeNames();
  }

  async find(auth: TAuth, filter: TFind): Promise<{ companyInfos: TCompany[]; totalCount: number }> {
    const { rows, total } = await this.#repo.find(filter, await this.scopeOf(auth));
    const children = await this.#repo.children(rows.map((r) => r.id));
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter((id) => id !== null))];
    const parents = await this.#repo.namesOf(parentIds);
    return {
      companyInfos: rows.map((row) => toCompany(row, parents, children)),
      totalCount: total,
    };
  }
}
