import type { TCustomer, TCustomerFindRequest } from '@portal/contract';
import type { TAuth } from '../../lib/caller.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { toCustomer } from './customers.mapper.ts';
import type { CustomersRepository } from './customers.repository.ts';

export type TCustomersDeps = { repo: CustomersRepository; companies: CompaniesService };

/** The customers list (spec 3 "customer filter concepts"): businesses and individuals, active or suspended. */
export class CustomersService {
  readonly #d: TCustomersDeps;

  constructor(deps: TCustomersDeps) {
    this.#d = deps;
  }

  async find(
    auth: TAuth,
    filter: TCustomerFindRequest,
  ): Promise<{ customerInfos: TCustomer[]; totalCount: number }> {
    const { rows, total } = await this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
    return { customerInfos: rows.map(toCustomer), totalCount: total };
  }
}
