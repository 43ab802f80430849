import { SIGN_IN_KINDS } from '@portal/contract';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { DbContext } from '../../db/context.ts';
import type { TKeptDay } from '../../db/schema/statistics.ts';

/**
 * Whose figures: `tree` the companies counted (null: every company), `visible` the companies the
 * caller may see by name (null: every one).
 */
export type TStatisticsScope = { tree: number[] | null; visible: number[] | null };

/** A period as calendar days (`YYYY-MM-DD`, both inclusive) in an IANA time zone PostgreSQL knows. */
export type TPeriod = { firstDay: string; lastDay: string; timeZone: string };

/** A run of calendar days (`YYYY-MM-DD`, both inclusive); kept ones are closed (statistics.service.ts). */
export type TSpan = { firstDay: string; lastDay: string; keep: boolean };

/** One day's figures (days without a row are left out). */
export type TDayRow = TKeptDay;

/** Where a kept span lies in statistics_kept. */
export type TKeptKey = { scope: string; timeZone: string; firstDay: string; lastDay: string };

/**
 * What the activity rows of a span count for a tree: the figures of each day with a row and its
 * number of different people; an open span also who they are and its downloads by family and by
 * downloader's company, which a kept one leaves where it is kept (`kept`), for the statements
 * that merge them to read there.
 */
export type TSpanFigures = {
  days: TKeptDay[];
  activeUsers: number;
  kept: TKeptKey | null;
  users: number[];
  families: TFamilyDownloads[];
  companies: TCompanyDownloads[];
};
export type TFamilyDownloads = { id: number; downloads: number };
export type TCompanyDownloads = { company_id: number | null; downloads: number };
export type TRankedRow = { id: number | null; name: string | null; downloads: number };

/**
 * A period as at most one kept span and one open span. A statement reading a kept span says
 * whether it was still there (`found`): the trigger or the bound may have let it go since.
 */
export type TPeriodSource = { kept: TKeptKey | null; open: TSpanFigures | null };
export type TFound<T> = { found: boolean; value: T };

/** Kept spans older than this are let go when another is kept (a sliding range moves daily anyway). */
const KEPT_DAYS = 2;
/** At most this many kept spans; the oldest go first. */
const KEPT_MAX = 1000;

type TKeptRow = {
  days: TKeptDay[] | string;
  active_users: number | string | null;
  users?: Array<number | string> | null;
  family_ids?: Array<number | string> | null;
  family_downloads?: Array<number | string> | null;
  company_ids?: Array<number | string | null> | null;
  company_downloads?: Array<number | string> | null;
};

/** An int[] literal (nulls as NULL), one parameter however many values. */
const intArray = (values: Array<number | null>) =>
  `{${values.map((value) => (value === null ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;

/** The scope's key in statistics_kept: `all`, or a digest of the tree's company ids in order. */
export function scopeKey(tree: number[] | null): string {
  if (tree === null) return 'all';
  const ids = [...new Set(tree)].sort((a, b) => a - b).join(',');
  return `tree:${createHash('sha256').update(ids).digest('hex')}`;
}

function figuresOf(row: TKeptRow, kept: TKeptKey | null): TSpanFigures {
  const days = typeof row.days === 'string' ? (JSON.parse(row.days) as TKeptDay[]) : row.days;
  const familyDownloads = row.family_downloads ?? [];
  const companyDownloads = row.company_downloads ?? [];
  return {
    days: days.map((day) => ({
      day: day.day,
      sign_ins: Number(day.sign_ins),
      active_users: Number(day.active_users),
      registrations: Number(day.registrations),
      downloads: Number(day.downloads),
    })),
    activeUsers: Number(row.active_users ?? 0),
    kept,
    users: (row.users ?? []).map(Number),
    families: (row.family_ids ?? []).map((id, index) => ({
      id: Number(id),
      downloads: Number(familyDownloads[index]),
    })),
    companies: (row.company_ids ?? []).map((id, index) => ({
      company_id: id === null ? null : Number(id),
      downloads: Number(companyDownloads[index]),
    })),
  };
}

/** The kept span's row (`columns`), or no row (`none` naming the same columns): a relation for a `with`. */
function keptRow(kept: TKeptKey | null, columns: SQL, none: SQL): SQL {
  if (!kept) return sql`select ${none} where false`;
  return sql`select ${columns} from statistics_kept
    where scope = ${kept.scope} and time_zone = ${kept.timeZone}
      and first_day = ${kept.firstDay}::date and last_day = ${kept.lastDay}::date`;
}

/** Whether the kept span (if any) was read: `k` is its relation. */
const foundOf = (source: TPeriodSource) => (source.kept ? sql`exists (select 1 from k)` : sql`true`);

/** Downloads by family of a period (kept and open), each family once: relations `k` and `d(id, downloads)`. */
function familyDownloads(source: TPeriodSource): SQL {
  const open = source.open?.families ?? [];
  return sql`
    k as (${keptRow(source.kept, sql`family_ids, family_downloads`, sql`null::int[] as family_ids, null::int[] as family_downloads`)}),
    d as (
      select id, sum(downloads)::int as downloads from (
        select u.id, u.downloads from k, unnest(k.family_ids, k.family_downloads) as u(id, downloads)
        union all
        select * from unnest(${intArray(open.map((row) => row.id))}::int[],
          ${intArray(open.map((row) => row.downloads))}::int[])
      ) x group by id
    )`;
}

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
 * families the tree owns (`owner_company_id`), whoever downloaded them. Closed days are counted
 * once and kept (statistics_kept, forgotten by a trigger on `activity` when a row could change
 * them); open days are counted from the rows each time.
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
   * The figures of each span for the tree, in the order given: a kept span (closed days) read from
   * statistics_kept, or counted from the rows and kept when missing; an open one counted from the
   * rows every time. Kept and fresh figures come from the same statement. A kept span's people and
   * downloads stay where they are kept (see TSpanFigures).
   */
  async spans(tree: number[] | null, timeZone: string, spans: TSpan[]): Promise<TSpanFigures[]> {
    const scope = scopeKey(tree);
    const keyOf = (span: TSpan): TKeptKey => ({
      scope,
      timeZone,
      firstDay: span.firstDay,
      lastDay: span.lastDay,
    });
    const kept = spans.filter((span) => span.keep);
    const found = new Map<TSpan, TSpanFigures>();
    await Promise.all(
      kept.map(async (span) => {
        const key = keyOf(span);
        const [row] = await queryRows<TKeptRow>(
          this.#ctx.db,
          keptRow(key, sql`days, cardinality(users) as active_users`, sql``),
        );
        if (row) found.set(span, figuresOf(row, key));
      }),
    );
    if (kept.some((span) => !found.has(span))) await this.#forgetOld();
    return Promise.all(
      spans.map(async (span) => {
        const known = found.get(span);
        if (known) return known;
        const counted = this.#counted(span, timeZone, tree);
        if (!span.keep) {
          const [row] = await queryRows<TKeptRow>(this.#ctx.db, counted);
          return figuresOf({ ...row!, active_users: row!.users?.length ?? 0 }, null);
        }
        const [row] = await queryRows<TKeptRow>(
          this.#ctx.db,
          sql`
          insert into statistics_kept (scope, time_zone, first_day, last_day, days, users,
            family_ids, family_downloads, company_ids, company_downloads)
          select ${scope}, ${timeZone}, ${span.firstDay}::date, ${span.lastDay}::date, s.*
          from (${counted}) s
          on conflict (scope, time_zone, first_day, last_day) do update set
            days = excluded.days, users = excluded.users, family_ids = excluded.family_ids,
            family_downloads = excluded.family_downloads, company_ids = excluded.company_ids,
            company_downloads = excluded.company_downloads, computed_at = now()
          returning days, cardinality(users) as active_users`,
        );
        return figuresOf(row!, keyOf(span));
      }),
    );
  }

  /** The different people of a period: its kept span's and its open span's together. */
  async activeUsers(source: TPeriodSource): Promise<TFound<number>> {
    const open = source.open?.users ?? [];
    const [row] = await queryRows<{ found: boolean; active: number }>(
      this.#ctx.db,
      sql`
      with k as (${keptRow(source.kept, sql`users`, sql`null::int[] as users`)})
      select ${foundOf(source)} as found, (select count(*) from (
        select unnest(users) from k union select unnest(${intArray(open)}::int[])
      ) u)::int as active`,
    );
    return { found: row?.found === true, value: Number(row?.active ?? 0) };
  }

  /**
   * A period's downloads ranked by family (at most `limit`, most first, ties by id; deleted
   * families left out) and by the families' current category, from one merge of its spans.
   */
  async rankFamilies(
    source: TPeriodSource,
    limit: number,
  ): Promise<TFound<{ families: TRankedRow[]; categories: TRankedRow[] }>> {
    const rows = await queryRows<{
      found: boolean;
      part: number | null;
      id: number | null;
      name: string | null;
      downloads: number | null;
    }>(
      this.#ctx.db,
      sql`
      with ${familyDownloads(source)},
      fc as materialized (
        select d.id, d.downloads, f.category_id from d join revit_families f on f.id = d.id
      ), top_families as (
        select t.id, (select f.name from revit_families f where f.id = t.id) as name, t.downloads
        from (select id, downloads from fc order by downloads desc, id limit ${limit}) t
      ), top_categories as (
        select c.id, c.name, sum(fc.downloads)::int as downloads from fc
        join categories c on c.id = fc.category_id
        group by c.id, c.name
        order by downloads desc, c.id limit ${limit}
      )
      select ${foundOf(source)} as found, r.* from (select 1) one left join (
        select 0 as part, id, name, downloads from top_families
        union all
        select 1 as part, id, name, downloads from top_categories
      ) r on true order by r.part, r.downloads desc, r.id`,
    );
    const of = (part: number) =>
      rows
        .filter((row) => row.part !== null && Number(row.part) === part)
        .map((row) => ({ id: Number(row.id), name: row.name, downloads: Number(row.downloads) }));
    return { found: rows[0]?.found === true, value: { families: of(0), categories: of(1) } };
  }

  /**
   * Downloads by the downloader's company: the `limit` companies with most among those `visible`
   * (null: every one; ties by id), then one row (id and name null) for every other downloader
   * (another tree's, or no company's), when there is one.
   */
  async downloadsByCompany(
    source: TPeriodSource,
    visible: number[] | null,
    limit: number,
  ): Promise<TFound<TRankedRow[]>> {
    const open = source.open?.companies ?? [];
    const named = sql`(c.id is not null and ${inTree(sql`c.id`, visible)})`;
    return this.#rankedOf(
      sql`
      with k as (${keptRow(source.kept, sql`company_ids, company_downloads`, sql`null::int[] as company_ids, null::int[] as company_downloads`)}),
      by_company as (
        select u.company_id, u.downloads from k, unnest(k.company_ids, k.company_downloads) as u(company_id, downloads)
        union all
        select * from unnest(${intArray(open.map((row) => row.company_id))}::int[],
          ${intArray(open.map((row) => row.downloads))}::int[]) as b(company_id, downloads)
      ), labelled as (
        select case when ${named} then c.id end as id, case when ${named} then c.name end as name, b.downloads
        from by_company b left join companies c on c.id = b.company_id
      ), totals as (
        select id, name, sum(downloads)::int as downloads from labelled group by id, name
      )
      select ${foundOf(source)} as found, r.* from (select 1) one left join (
        (select id, name, downloads, 0 as part from totals where id is not null
         order by downloads desc, id limit ${limit})
        union all
        (select id, name, downloads, 1 as part from totals where id is null)
      ) r on true order by r.part, r.downloads desc, r.id`,
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

  /**
   * One pass over the span's rows of the tree (materialised once): the figures of each day with a
   * row (people's rows by their company, downloads by the family's owner), the span's different
   * people, and its downloads by family and by downloader's company. The range is bounded by the
   * zone's local midnights (23 or 25 hours apart on DST days), so the (…, at) indexes serve it.
   */
  #counted(span: TSpan, timeZone: string, tree: number[] | null): SQL {
    const person = inTree(sql`a.company_id`, tree);
    const owned = inTree(sql`a.owner_company_id`, tree);
    return sql`
      with r as materialized (
        select (a.at at time zone ${timeZone})::date as day, a.kind, a.user_id, a.company_id, a.record_id,
          ${person} as person, (${owned} and a.kind = 'family.download') as download
        from activity a
        where a.at >= ${midnight(span.firstDay, timeZone)} and a.at < ${dayAfter(span.lastDay, timeZone)}
          and (${person} or (${owned} and a.kind = 'family.download'))
      ), d as (
        select day,
          count(*) filter (where person and kind in (${SIGN_IN}))::int as sign_ins,
          count(distinct user_id) filter (where person)::int as active_users,
          count(*) filter (where person and kind = 'user.registered')::int as registrations,
          count(*) filter (where download)::int as downloads
        from r group by day
      ), f as (
        select id, count(*)::int as n from (
          -- The record ids that name a family as its id::text does (checked before the casts).
          select case when record_id ~ '^(0|-?[1-9][0-9]{0,9})$' then
            case when record_id::bigint between -2147483648 and 2147483647 then record_id::int end end as id
          from r where download
        ) d where id is not null group by id
      ), c as (
        select company_id, count(*)::int as n from r where download group by company_id
      )
      select
        (select coalesce(jsonb_agg(jsonb_build_object('day', day::text, 'sign_ins', sign_ins,
          'active_users', active_users, 'registrations', registrations, 'downloads', downloads)
          order by day), '[]'::jsonb) from d) as days,
        (select coalesce(array_agg(distinct user_id), '{}') from r where person and user_id is not null) as users,
        (select coalesce(array_agg(id order by id), '{}') from f) as family_ids,
        (select coalesce(array_agg(n order by id), '{}') from f) as family_downloads,
        (select coalesce(array_agg(company_id order by company_id), '{}') from c) as company_ids,
        (select coalesce(array_agg(n order by company_id), '{}') from c) as company_downloads`;
  }

  /** Lets go of kept spans older than KEPT_DAYS and of the oldest past KEPT_MAX: what bounds the table. */
  async #forgetOld(): Promise<void> {
    await this.#ctx.db.execute(sql`
      delete from statistics_kept k
      where k.computed_at < now() - make_interval(days => ${KEPT_DAYS})
        or (k.scope, k.time_zone, k.first_day, k.last_day) in (
          select scope, time_zone, first_day, last_day from statistics_kept
          order by computed_at desc offset ${KEPT_MAX})`);
  }

  async #rankedOf(query: SQL): Promise<TFound<TRankedRow[]>> {
    const rows = await queryRows<{
      found: boolean;
      id: number | null;
      name: string | null;
      downloads: number | null;
    }>(this.#ctx.db, query);
    return {
      found: rows[0]?.found === true,
      value: rows
        .filter((row) => row.downloads !== null)
        .map((row) => ({
          id: row.id === null ? null : Number(row.id),
          name: row.name,
          downloads: Number(row.downloads),
        })),
    };
  }
}
