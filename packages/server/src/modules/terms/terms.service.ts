import type { TTerms, TUser } from '@portal/contract';
import { badRequest, notFound } from '../../lib/app-error.ts';
import { iso } from '../../lib/dates.ts';
import type { TAuth } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { TermsRepository, TTermsRow } from './terms.repository.ts';

export type TTermsDeps = {
  repo: TermsRepository;
  companies: CompaniesService;
  users: UsersService;
  audit: AuditService;
};

function toTerms(row: TTermsRow): TTerms {
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

/** Terms and conditions: which ones a user must accept, and the acceptance. */
export class TermsService {
  readonly #d: TTermsDeps;

  constructor(deps: TTermsDeps) {
    this.#d = deps;
  }

  /** The terms a user of `companyId` must accept: the company's own, else the nearest ancestor's, else the portal's. */
  async currentFor(companyId: number | null): Promise<TTerms | null> {
    const chain = companyId === null ? [] : await this.#d.companies.chainOf(companyId);
    const candidates = await this.#d.repo.activeFor(chain);
    for (const id of [...chain, null]) {
      const match = candidates.find((t) => t.companyId === id);
      if (match) return toTerms(match);
    }
    return null;
  }

  /** GET /user/acceptterms/{termsId}: only the current terms can be accepted. */
  async accept(auth: TAuth, termsId: number): Promise<TUser> {
    const terms = await this.#d.repo.byId(termsId);
    if (!terms?.active) throw notFound('notFound', { name: 'terms' });
    const current = await this.currentFor(auth.companyId);
    if (current?.termsId !== termsId) throw badRequest('termsNotCurrent', {}, 'termsId');
    await this.#d.repo.recordAcceptance(auth.userId, termsId);
    await this.#d.audit.record({
      action: 'terms.accepted',
      userId: auth.userId,
      targetType: 'terms',
      targetId: termsId,
    });
    return this.#d.users.me(auth);
  }
}
