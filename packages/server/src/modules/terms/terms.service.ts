import type { TTerms } from '@portal/contract';
import { iso } from '../../lib/dates.ts';
import type { TermsRepository, TTermsRow } from './terms.repository.ts';
import type { CompaniesRepository } from '../companies/companies.repository.ts';

export function toTerms(row: TTermsRow): TTerms {
  return {
    termsId: row.id,
    companyId: row.companyId,
    termsTitle: row.title,
    termsDescription: row.description,
    active: row.active,
    lastUpdate: iso(row.lastUpdate) ?? '',
    createdOn: iso(row.createdOn) ?? '',
  };
}

export class TermsService {
  readonly #repo: TermsRepository;
  readonly #companies: CompaniesRepository;

  constructor(repo: TermsRepository, companies: CompaniesRepository) {
    this.#repo = repo;
    this.#companies = companies;
  }

  /** The terms a user of `companyId` must accept: the company's own, else the nearest ancestor's, else the portal's. */
  async currentFor(companyId: number | null): Promise<TTerms | null> {
    const chain: number[] = [];
    for (let id = companyId; id !== null && !chain.includes(id);) {
      chain.push(id);
      id = (await this.#companies.byId(id))?.parentId ?? null;
    }
    const candidates = await this.#repo.activeFor(chain);
    for (const id of [...chain, null]) {
      const match = candidates.find((t) => t.companyId === id);
      if (match) return toTerms(match);
    }
    return null;
  }

  byId(id: number) {
    return this.#repo.byId(id);
  }
}
