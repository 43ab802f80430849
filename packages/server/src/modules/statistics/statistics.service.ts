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
import type {
  StatisticsRepository,
  TDayRow,
  TFound,
  TPeriod,
  TPeriodSource,
  TRankedRow,
  TSpan,
  TSpanFigures,
  TStatisticsScope,
} from './statistics.repository.ts';

export type TStatisticsDeps = {
  repo: StatisticsRepository;
  companies: CompaniesService;
  /** Approval requests waiting now within a scope (null: every company): the approvals' own count. */
  pendingApprovals: (scope: number[] | null) => Promise<number>;
};

/**
 * A day is closed, and its figures may be kept, once it ended this long ago in the zone: rows are
 * dated when their transaction starts, so a transaction open longer than this could still add to a
 * day kept meanwhile. Rows dated further back fire the trigger of migration 0019 (the same hour),
 * which forgets the spans they touch.
 */
export const KEPT_MARGIN_MS = 60 * 60 * 1000;

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

/** Intl's formats of a day per zone (making one costs more than a request's SQL parsing); at most 500. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size >= 500) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day an input names: a plain day as it is, a timestamp as its day in the time zone. */
export function calendarDayOf(input: string, timeZone: string): string {
  if (PLAIN_DAY.test(input)) return input;
  const parts = dayFormatOf(timeZone).formatToParts(new Date(input));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The zone's canonical IANA name, which PostgreSQL knows by the same name; an offset such as
 * `+01:00`, which newer engines accept, would mean the opposite offset to PostgreSQL (POSIX), so
 * it is refused.
 */
/** Zones as asked, by their canonical name (valid ones only; at most 500). */
const resolvedZones = new Map<string, string>();

function canonicalZone(timeZone: string | undefined): string {
  if (timeZone === undefined) return 'UTC';
  const known = resolvedZones.get(timeZone);
  if (known) return known;
  let resolved: string | undefined;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
  } catch {
    resolved = undefined;
  }
  if (!resolved || !/^[A-Za-z]/.test(resolved))
    throw badRequest('notValid', { name: 'timeZone' }, 'timeZone');
  if (resolvedZones.size >= 500) resolvedZones.clear();
  resolvedZones.set(timeZone, resolved);
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

/** A period as its closed days (kept) up to `closed` and its open days after (counted afresh), either may be absent. */
function spansOf(period: TPeriod, closed: string): TSpan[] {
  const spans: TSpan[] = [];
  if (period.firstDay <= closed)
    spans.push({
      firstDay: period.firstDay,
      lastDay: period.lastDay < closed ? period.lastDay : closed,
      keep: true,
    });
  if (period.lastDay > closed)
    spans.push({
      firstDay: period.firstDay > closed ? period.firstDay : addDays(closed, 1),
      lastDay: period.lastDay,
      keep: false,
    });
  return spans;
}

/** A period's spans as the statements merging their people and downloads read them. */
function sourceOf(spans: TSpanFigures[]): TPeriodSource {
  return {
    kept: spans.find((span) => span.kept)?.kept ?? null,
    open: spans.find((span) => !span.kept) ?? null,
  };
}

/** A period's different people: one span's own count, or both spans' people together (in SQL). */
async function activeUsersOf(repo: StatisticsRepository, spans: TSpanFigures[]): Promise<TFound<number>> {
  if (spans.length === 0) return { found: true, value: 0 };
  if (spans.length === 1) return { found: true, value: spans[0]!.activeUsers };
  return repo.activeUsers(sourceOf(spans));
}

/** The answer from the figures of both periods' spans and the rest. */
function answerOf(f: {
  current: TPeriod;
  length: number;
  previousFigures: TSpanFigures[];
  currentFigures: TSpanFigures[];
  activeUsers: [number, number];
  pendingApprovals: number;
  expiring: number[];
  topFamilies: TRankedRow[];
  topCategories: TRankedRow[];
  byCompany: TRankedRow[];
}): { statisticsInfo: TStatisticsInfo } {
  const byDay = new Map(f.currentFigures.flatMap((span) => span.days).map((row) => [row.day, row]));
  const days: TStatisticsDay[] = [];
  for (let index = 0; index < f.length; index++) {
    const date = addDays(f.current.firstDay, index);
    const row = byDay.get(date);
    days.push(row ? dayOf(row) : zeroDay(date));
  }
  const totalsOf = (
    of: TSpanFigures[],
    activeUsers: number,
    licencesExpiringSoon: number,
  ): TStatisticsTotals => {
    const sum = (field: 'sign_ins' | 'registrations' | 'downloads') =>
      of.reduce((total, span) => total + span.days.reduce((n, day) => n + day[field], 0), 0);
    return {
      signIns: sum('sign_ins'),
      activeUsers,
      registrations: sum('registrations'),
      downloads: sum('downloads'),
      pendingApprovals: f.pendingApprovals,
      licencesExpiringSoon,
    };
  };
  return {
    statisticsInfo: {
      days,
      totals: totalsOf(f.currentFigures, f.activeUsers[1], f.expiring[0] ?? 0),
      previousTotals: totalsOf(f.previousFigures, f.activeUsers[0], f.expiring[1] ?? 0),
      topFamilies: f.topFamilies.map((row) => ({
        revitFamilyId: row.id!,
        revitFamilyName: row.name ?? '',
        downloads: row.downloads,
      })),
      topCategories: f.topCategories.map((row) => ({
        categoryId: row.id!,
        categoryName: row.name ?? '',
        downloads: row.downloads,
      })),
      downloadsByCompany: f.byCompany.map((row) => ({
        companyId: row.id,
        companyName: row.name,
        downloads: row.downloads,
      })),
    },
  };
}

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
    // Days up to `closed` ended at least KEPT_MARGIN_MS ago in the zone: their figures are kept.
    const closed = addDays(calendarDayOf(new Date(Date.now() - KEPT_MARGIN_MS).toISOString(), timeZone), -1);
    const previousSpans = spansOf(previous, closed);
    const currentSpans = spansOf(current, closed);
    const [pendingApprovals, expiring] = await Promise.all([
      this.#d.pendingApprovals(scope.tree),
      repo.licencesExpiring([current, previous], scope.tree, LICENCES_EXPIRING_DAYS),
    ]);
    // A kept span read in the first step may be let go before the second reads its people and
    // downloads (a row dated back, the bound): then both steps run again, and it is counted afresh.
    for (let attempt = 1; ; attempt++) {
      const spans = await repo.spans(scope.tree, timeZone, [...previousSpans, ...currentSpans]);
      const previousFigures = spans.slice(0, previousSpans.length);
      const currentFigures = spans.slice(previousSpans.length);
      const currentSource = sourceOf(currentFigures);
      const [previousUsers, currentUsers, ranked, byCompany] = await Promise.all([
        activeUsersOf(repo, previousFigures),
        activeUsersOf(repo, currentFigures),
        repo.rankFamilies(currentSource, STATISTICS_TOP),
        repo.downloadsByCompany(currentSource, scope.visible, STATISTICS_TOP),
      ]);
      const parts = [previousUsers, currentUsers, ranked, byCompany];
      if (parts.some((part) => !part.found)) {
        if (attempt < 3) continue;
        throw new Error('statistics: kept figures went away three times while being read');
      }
      return answerOf({
        current,
        length,
        previousFigures,
        currentFigures,
        activeUsers: [previousUsers.value, currentUsers.value],
        pendingApprovals,
        expiring,
        topFamilies: ranked.value.families,
        topCategories: ranked.value.categories,
        byCompany: byCompany.value,
      });
    }
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
