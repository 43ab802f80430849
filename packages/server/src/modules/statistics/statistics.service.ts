import {
  LICENCES_EXPIRING_DAYS,
  STATISTICS_MAX_DAYS,
  STATISTICS_TOP,
  type TStatisticsDay,
  type TStatisticsInfo,
  type TStatisticsRequest,
  type TStatisticsTotals,
} from '@portal/contract';
import { badRequest } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import type { CompaniesService } from '../companies/companies.service.ts';
import type { StatisticsRepository, TDayRow, TPeriod, TStatisticsScope } from './statistics.repository.ts';

export type TStatisticsDeps = {
  repo: StatisticsRepository;
  companies: CompaniesService;
  /** Approval requests waiting now within a scope (null: every company): the approvals' own count. */
  pendingApprovals: (scope: number[] | null) => Promise<number>;
};

const DAY_MS = 86_400_000;
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The first day a range may start on: the log holds nothing older, and the period before stays a plain date. */
const FIRST_DAY = '1900-01-01';

/** The day `count` days after `day` (before, when negative); both `YYYY-MM-DD`. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `first` to `last`, both counted (1 for the same day, 0 or less when reversed). */
export function daysIn(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The calendar day an input names: a plain day as it is, a timestamp as its day in the time zone. */
export function calendarDayOf(input: string, timeZone: string): string {
  if (PLAIN_DAY.test(input)) return input;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(input));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The zone's canonical IANA name, which PostgreSQL knows by the same name; an offset such as
 * `+01:00`, which newer engines accept, would mean the opposite offset to PostgreSQL (POSIX), so
 * it is refused.
 */
function canonicalZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return 'UTC';
  let resolved: string | undefined;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    resolved = undefined;
  }
  if (!resolved || !/^[A-Za-z]/.test(resolved))
    throw badRequest('notValid', { name: 'timeZone' }, 'timeZone');
  return resolved;
}

const zeroDay = (date: string): TStatisticsDay => ({
  date,
  signIns: 0,
  activeUsers: 0,
  registrations: 0,
  downloads: 0,
});

const dayOf = (row: TDayRow): TStatisticsDay => ({
  date: row.day,
  signIns: row.sign_ins,
  activeUsers: row.active_users,
  registrations: row.registrations,
  downloads: row.downloads,
});

/**
 * The dashboard's figures (CONTRACT 7, issue 24) for a range of calendar days in a time zone and
 * the caller's tree (admins: every company, or one company's tree), beside the same figures of
 * the period of equal length before; docs/api.md "Statistics" says what each counts.
 */
export class StatisticsService {
  readonly #d: TStatisticsDeps;

  constructor(deps: TStatisticsDeps) {
    this.#d = deps;
  }

  async get(auth: TAuth, request: TStatisticsRequest): Promise<{ statisticsInfo: TStatisticsInfo }> {
    const timeZone = canonicalZone(request.timeZone);
    const current = this.#period(request, timeZone);
    const length = daysIn(current.firstDay, current.lastDay);
    const previous: TPeriod = {
      firstDay: addDays(current.firstDay, -length),
      lastDay: addDays(current.firstDay, -1),
      timeZone,
    };
    const scope = await this.#scope(auth, request.companyId);
    const { repo } = this.#d;
    const [figures, topFamilies, topCategories, byCompany, pendingApprovals, expiring] = await Promise.all([
      repo.figures(previous, current, scope.tree),
      repo.topFamilies(current, scope.tree, STATISTICS_TOP),
      repo.topCategories(current, scope.tree, STATISTICS_TOP),
      repo.downloadsByCompany(current, scope, STATISTICS_TOP),
      this.#d.pendingApprovals(scope.tree),
      repo.licencesExpiring([current, previous], scope.tree, LICENCES_EXPIRING_DAYS),
    ]);
    const byDay = new Map(figures.days.map((row) => [row.day, row]));
    const days: TStatisticsDay[] = [];
    for (let index = 0; index < length; index++) {
      const date = addDays(current.firstDay, index);
      const row = byDay.get(date);
      days.push(row ? dayOf(row) : zeroDay(date));
    }
    const totalsOf = (isCurrent: boolean, licencesExpiringSoon: number): TStatisticsTotals => {
      const row = figures.periods.find((period) => period.current === isCurrent);
      return {
        signIns: row?.sign_ins ?? 0,
        activeUsers: row?.active_users ?? 0,
        registrations: row?.registrations ?? 0,
        downloads: row?.downloads ?? 0,
        pendingApprovals,
        licencesExpiringSoon,
      };
    };
    return {
      statisticsInfo: {
        days,
        totals: totalsOf(true, expiring[0] ?? 0),
        previousTotals: totalsOf(false, expiring[1] ?? 0),
        topFamilies: topFamilies.map((row) => ({
          revitFamilyId: row.id!,
          revitFamilyName: row.name ?? '',
          downloads: row.downloads,
        })),
        topCategories: topCategories.map((row) => ({
          categoryId: row.id!,
          categoryName: row.name ?? '',
          downloads: row.downloads,
        })),
        downloadsByCompany: byCompany.map((row) => ({
          companyId: row.id,
          companyName: row.name,
          downloads: row.downloads,
        })),
      },
    };
  }

  /** The requested days in the zone: 400 naming the field when reversed or longer than STATISTICS_MAX_DAYS. */
  #period(request: TStatisticsRequest, timeZone: string): TPeriod {
    const firstDay = calendarDayOf(request.isoStartDate, timeZone);
    const lastDay = calendarDayOf(request.isoEndDate, timeZone);
    for (const [field, day] of [
      ['isoStartDate', firstDay],
      ['isoEndDate', lastDay],
    ] as const)
      if (!PLAIN_DAY.test(day) || day < FIRST_DAY || day > '9999-12-31')
        throw badRequest('notValid', { name: field }, field);
    if (lastDay < firstDay)
      throw badRequest(
        'rangeReversed',
        { name: 'isoStartDate', min: firstDay, other: 'isoEndDate', max: lastDay },
        'isoStartDate',
      );
    if (daysIn(firstDay, lastDay) > STATISTICS_MAX_DAYS)
      throw badRequest(
        'tooLarge',
        { name: 'isoEndDate', max: addDays(firstDay, STATISTICS_MAX_DAYS - 1) },
        'isoEndDate',
      );
    return { firstDay, lastDay, timeZone };
  }

  /**
   * What the caller's figures count: admins every company, or with `companyId` that company's
   * tree; others their own tree, or the tree of a company in it (another tree's is 404).
   */
  async #scope(auth: TAuth, companyId: number | undefined): Promise<TStatisticsScope> {
    const visible = await this.#d.companies.scopeOf(auth);
    if (companyId === undefined) return { tree: visible, visible };
    await this.#d.companies.assertInScope(auth, companyId);
    return { tree: await this.#d.repo.treeIds(companyId), visible };
  }
}
