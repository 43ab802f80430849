import type { TTerms, TTermsFindRequest, TTermsInput, TUser } from '@portal/contract';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { TTransaction } from '../../lib/transaction.ts';
import { iso } from '../../lib/dates.ts';
import type { TAuth } from '../../lib/caller.ts';
import { changesOf, changesOfValues, type ActivityService } from '../activity/activity.service.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { TermsRepository, TTermsRow } from './terms.repository.ts';

export type TTermsDeps = {
  repo: TermsRepository;
  companies: CompaniesService;
  users: UsersService;
  activity: ActivityService;
  transaction: TTransaction;
};

const termsNotFound = () => notFound('notFound', { name: 'terms' });

function toTerms(row: TTermsRow & { companyName?: string | null }): TTerms {
  return {
    termsId: row.id,
    companyId: row.companyId,
    termsTitle: row.title,
    termsDescription: row.description,
    active: row.active,
    lastUpdate: iso(row.lastUpdate) ?? '',
    createdOn: iso(row.createdOn) ?? '',
    ...(row.companyName !== undefined ? { companyName: row.companyName } : {}),
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
    await this.#d.transaction(async () => {
      await this.#d.repo.recordAcceptance(auth.userId, termsId);
      await this.#d.activity.record({
        kind: 'terms.accepted',
        userId: auth.userId,
        companyId: auth.companyId,
        ownerCompanyId: terms.companyId,
        recordType: 'terms',
        recordId: termsId,
      });
    });
    return this.#d.users.me(auth);
  }

  /** Terms of the caller's tree (admins: all, portal-wide ones too), newest first. */
  async find(auth: TAuth, filter: TTermsFindRequest): Promise<{ termsInfos: TTerms[]; totalCount: number }> {
    const { rows, total } = await this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
    return { termsInfos: rows.map(toTerms), totalCount: total };
  }

  async get(auth: TAuth, id: number): Promise<TTerms> {
    const { rows } = await this.#d.repo.find({ ids: [id] }, await this.#d.companies.scopeOf(auth));
    if (!rows[0]) throw termsNotFound();
    return toTerms(rows[0]);
  }

  /** Creates or updates terms of a company of the caller's tree; portal-wide terms (no company) are admins'. */
  async save(auth: TAuth, inputs: TTermsInput[]): Promise<TTerms[]> {
    const ids = await this.#d.transaction(async () => {
      const saved: number[] = [];
      for (const input of inputs) {
        const companyId =
          input.companyId === undefined ? (auth.isAdmin ? null : auth.companyId) : input.companyId;
        await this.#d.companies.assertMayOwn(auth, companyId);
        if (input.termsId !== undefined) await this.get(auth, input.termsId);
        const values = {
          companyId,
          title: input.termsTitle,
          description: input.termsDescription,
          active: input.active,
        };
        let id = input.termsId;
        const before = id === undefined ? undefined : await this.#d.repo.byId(id);
        if (id === undefined) id = await this.#d.repo.insert(values);
        else await this.#d.repo.update(id, values);
        await this.#d.activity.record({
          kind: input.termsId === undefined ? 'terms.create' : 'terms.update',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: companyId,
          recordType: 'terms',
          recordId: id,
          changes: changesOfValues(before, values),
        });
        saved.push(id);
      }
      return saved;
    });
    return (await this.#d.repo.find({ ids }, null)).rows.map(toTerms);
  }

  async delete(auth: TAuth, ids: number[]): Promise<TTerms[]> {
    const answered: TTerms[] = [];
    await this.#d.transaction(async () => {
      for (const id of new Set(ids)) {
        const found = await this.get(auth, id);
        await this.#d.companies.assertMayOwn(auth, found.companyId);
        const row = await this.#d.repo.byId(id);
        await this.#d.repo.delete(id);
        await this.#d.activity.record({
          kind: 'terms.delete',
          userId: auth.userId,
          companyId: auth.companyId,
          ownerCompanyId: found.companyId,
          recordType: 'terms',
          recordId: id,
          changes: changesOf(row, undefined),
        });
        answered.push(found);
      }
    });
    return answered;
  }
}
