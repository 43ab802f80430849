import { SIGN_IN_KINDS } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';

/**
 * Whose figures: `tree` the companies counted (null: every company), `visible` the companies the
 * caller may see by name (null: every one).
 */
export type TStatisticsScope = { tree: number[] | null; visible: number[] | null };

/** A period as calendar days (`YYYY-MM-DD`, both inclusive) in an IANA time zone PostgreSQL knows. */
export type TPeriod = { firstDay: string; lastDay: string; timeZone: string };

export type TDayRow = {
  day: string;
  sign_ins: number;
  active_users: number;
  registrations: number;
  downloads: number;
};
export type TPeriodRow = Omit<TDayRow, 'day'> & { current: boolean };
export type TRankedRow = { id: number | null; name: string | null; downloads: number };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** `column` names a company of the tree (always true for every company). */
function inTree(column: SQL, tree: number[] | null): SQL {
  if (tree === null) return sql`true`;
  return tree.length ? sql`${column} in (${idList(tree)})` : sql`false`;
}

/** The moment a calendar day starts in the time zone: its local midnight (23 or 25 hours apart on DST days). */
const midnight = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;
/** The moment after a calendar day ends in the time zone (the next day's local midnight). */
const dayAfter = (day: string, timeZone: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

const SIGN_IN = sql.raw(SIGN_IN_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * The statistics of the activity log (issue 24). People's figures (sign-ins, active users,
 * registrations) count the rows of people of the tree (`company_id`); downloads count the rows of
 * families the tree owns (`owner_company_id`), whoever downloaded them. Each statement reads the
 * range through the (kind, at), (company_id, at) or (owner_company_id, at) indexes.
 */
export class StatisticsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  /** The company and its child companies, recursively. */
  async treeIds(companyId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.#ctx.db,
      sql`
      with recursive tree(id) as (
        select id from companies where id = ${companyId}
        union
        select c.id from companies c join tree t on c.parent_id = t.id
      ) select id from tree`,
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * The figures of every day of `previous` and `current` (both one run of days, previous ending
   * the day before current starts) and of each whole period, in one statement: grouping sets
   * count the different people of a day and of a period in one pass over the rows. Days without a
   * row are missing from the answer.
   */
  async figures(
    previous: TPeriod,
    current: TPeriod,
    tree: number[] | null,
  ): Promise<{ days: TDayRow[]; periods: TPeriodRow[] }> {
    const { timeZone } = current;
    const person = inTree(sql`a.company_id`, tree);
    const owned = inTree(sql`a.owner_company_id`, tree);
    // Days are grouped by their local date in the zone; the range is bounded by local midnights so
    // the (…, at) indexes serve it.
    const rows = await queryRows<TDayRow & { current: boolean | null; per_period: number }>(
      this.#ctx.db,
      sql`
      select r.day::text as day, r.current, grouping(r.day)::int as per_period,
        count(*) filter (where r.person and r.kind in (${SIGN_IN}))::int as sign_ins,
        count(distinct r.user_id) filter (where r.person)::int as active_users,
        count(*) filter (where r.person and r.kind = 'user.registered')::int as registrations,
        count(*) filter (where r.owned and r.kind = 'family.download')::int as downloads
      from (
        select (a.at at time zone ${timeZone})::date as day,
          a.at >= ${midnight(current.firstDay, timeZone)} as current,
          a.kind, a.user_id, ${person} as person, ${owned} as owned
        from activity a
        where a.at >= ${midnight(previous.firstDay, timeZone)}
          and a.at < ${dayAfter(current.lastDay, timeZone)}
          and (${person} or (${owned} and a.kind = 'family.download'))
      ) r
      group by grouping sets ((r.day), (r.current))`,
    );
    const days: TDayRow[] = [];
    const periods: TPeriodRow[] = [];
    for (const { day, current: isCurrent, per_period, ...counts } of rows) {
      const figures = {
        sign_ins: Number(counts.sign_ins),
        active_users: Number(counts.active_users),
        registrations: Number(counts.registrations),
        downloads: Number(counts.downloads),
      };
      if (Number(per_period) === 1) periods.push({ current: isCurrent === true, ...figures });
      else days.push({ day, ...figures });
    }
    return { days, periods };
  }

  /** Downloads in the period of families the tree owns, by family (at most `limit`, most first, ties by id). */
  async topFamilies(period: TPeriod, tree: number[] | null, limit: number): Promise<TRankedRow[]> {
    return this.#ranked(
      sql`
      select f.id, f.name, d.downloads from ${this.#downloadsByFamily(period, tree)} d
      join revit_families f on f.id::text = d.record_id
      order by d.downloads desc, f.id limit ${limit}`,
    );
  }

  /** Downloads in the period of families the tree owns, by the families' current category. */
  async topCategories(period: TPeriod, tree: number[] | null, limit: number): Promise<TRankedRow[]> {
    return this.#ranked(
      sql`
      select c.id, c.name, sum(d.downloads)::int as downloads from ${this.#downloadsByFamily(period, tree)} d
      join revit_families f on f.id::text = d.record_id
      join categories c on c.id = f.category_id
      group by c.id, c.name
      order by downloads desc, c.id limit ${limit}`,
    );
  }

  /**
   * Downloads in the period of families the tree owns, by the downloader's company: the `limit`
   * companies with most among those `visible` (ties by id), then one row (id and name null) for
   * every other downloader (another tree's, or no company's), when there is one.
   */
  async downloadsByCompany(period: TPeriod, scope: TStatisticsScope, limit: number): Promise<TRankedRow[]> {
    const { timeZone } = period;
    const named = sql`(c.id is not null and ${inTree(sql`c.id`, scope.visible)})`;
    return this.#ranked(
      sql`
      with by_company as (
        select a.company_id, count(*)::int as downloads from activity a
        where a.kind = 'family.download'
          and a.at >= ${midnight(period.firstDay, timeZone)} and a.at < ${dayAfter(period.lastDay, timeZone)}
          and ${inTree(sql`a.owner_company_id`, scope.tree)}
        group by a.company_id
      ), labelled as (
        select case when ${named} then c.id end as id, case when ${named} then c.name end as name, b.downloads
        from by_company b left join companies c on c.id = b.company_id
      ), totals as (
        select id, name, sum(downloads)::int as downloads from labelled group by id, name
      )
      select id, name, downloads from (
        (select id, name, downloads, 0 as part from totals where id is not null
         order by downloads desc, id limit ${limit})
        union all
        (select id, name, downloads, 1 as part from totals where id is null)
      ) ranked order by part, downloads desc, id`,
    );
  }

  /**
   * Active licences used by the tree's companies (every licence for null) whose end falls on the
   * period's last day or within `days` days after it, for each of the periods.
   */
  async licencesExpiring(periods: TPeriod[], tree: number[] | null, days: number): Promise<number[]> {
    if (periods.length === 0) return [];
    const within = (period: TPeriod) =>
      sql`count(*) filter (where l.valid_until >= ${midnight(period.lastDay, period.timeZone)}
        and l.valid_until < ((${period.lastDay}::date + 1 + ${days}::int)::timestamp at time zone ${period.timeZone}))::int`;
    const used =
      tree === null
        ? sql`true`
        : tree.length
          ? sql`l.id in (select c.license_id from companies c where c.id in (${idList(tree)}))`
          : sql`false`;
    const [row] = await queryRows<Record<string, number>>(
      this.#ctx.db,
      sql`select ${sql.join(
        periods.map((period, index) => sql`${within(period)} as ${sql.identifier(`p${index}`)}`),
        sql`, `,
      )} from licenses l where l.active and ${used}`,
    );
    return periods.map((_, index) => Number(row?.[`p${index}`] ?? 0));
  }

  /** The tree's download rows of the period, counted by family (the record id as text). */
  #downloadsByFamily(period: TPeriod, tree: number[] | null): SQL {
    const { timeZone } = period;
    return sql`(
      select a.record_id, count(*)::int as downloads from activity a
      where a.kind = 'family.download'
        and a.at >= ${midnight(period.firstDay, timeZone)} and a.at < ${dayAfter(period.lastDay, timeZone)}
        and ${inTree(sql`a.owner_company_id`, tree)}
      group by a.record_id
    )`;
  }

  async #ranked(query: SQL): Promise<TRankedRow[]> {
    const rows = await queryRows<TRankedRow>(this.#ctx.db, query);
    return rows.map((row) => ({
      id: row.id === null ? null : Number(row.id),
      name: row.name,
      downloads: Number(row.downloads),
    }));
  }
}
