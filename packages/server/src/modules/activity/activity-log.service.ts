import type { TActivityFindRequest, TActivityInfo } from '@portal/contract';
import type { TAuth } from '../../lib/caller.ts';
import type { JsonPage } from '../../lib/json-page.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import { ACTIVITY_CSV_COLUMNS, csvCell, csvLine } from './activity-csv.mapper.ts';
import type { ActivityRepository } from './activity.repository.ts';

export type TActivityLogDeps = { repo: ActivityRepository; companies: CompaniesService };

/** Rows read per statement while an export streams. */
const EXPORT_PAGE_SIZE = 1000;

/**
 * Reading the activity log: admins every row, anyone else the rows of their company tree, as the
 * company of whoever acted or the company owning the record (a partner sees what an admin did to
 * its family).
 */
export class ActivityLogService {
  readonly #d: TActivityLogDeps;

  constructor(deps: TActivityLogDeps) {
    this.#d = deps;
  }

  /** A page of the caller's rows matching the filter, newest first unless sorted otherwise. */
  async find(auth: TAuth, filter: TActivityFindRequest): Promise<JsonPage<TActivityInfo>> {
    return this.#d.repo.find(filter, await this.#d.companies.scopeOf(auth));
  }

  /**
   * The whole filtered result as CSV lines (a UTF-8 byte order mark and the header first). The
   * matching ids are read before the first line, so a failure still answers an error; the rows then
   * follow in pages.
   */
  async exportCsv(auth: TAuth, filter: TActivityFindRequest): Promise<AsyncIterable<string>> {
    const ids = await this.#d.repo.matchingIds(filter, await this.#d.companies.scopeOf(auth));
    const repo = this.#d.repo;
    return (async function* lines() {
      yield `\uFEFF${ACTIVITY_CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
      for (let start = 0; start < ids.length; start += EXPORT_PAGE_SIZE) {
        const rows = await repo.rows(ids.slice(start, start + EXPORT_PAGE_SIZE));
        yield rows.map(csvLine).join('');
      }
    })();
  }
}
