import {
  APPROVAL_KIND_STATES,
  APPROVAL_KINDS,
  APPROVAL_RECORD_KINDS,
  PENDING_STATUSES,
  type TApprovalDecisionFindRequest,
  type TApprovalFindRequest,
  type TApprovalKind,
  type TApprovalRecordKind,
} from '@portal/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { likePattern, searchWords } from '../../lib/paging.ts';
import {
  approvalDecisions,
  companies,
  placementRules,
  revitFamilies,
  scenarios,
  users,
} from '../../db/schema/index.ts';

export type TDecisionWrite = Omit<typeof approvalDecisions.$inferInsert, 'id' | 'decidedAt'>;
export type TDecisionRow = typeof approvalDecisions.$inferSelect & {
  decidedBy: string | null;
  decidedOn: string;
};

const d = approvalDecisions;

/** One pending request as the inbox pages them: its kind of record, its id, who asked, whose it is. */
export type TPendingRow = {
  recordKind: TApprovalRecordKind;
  id: number;
  requestedBy: string | null;
  companyName: string | null;
};

type TApprovableTable = typeof revitFamilies | typeof scenarios | typeof placementRules;

/**
 * Each kind's table and how a search word matches it: families through the text their trigram
 * index holds, scenarios and rules through their lower-cased name (their trigram index).
 */
const SOURCES: Record<TApprovalRecordKind, { table: TApprovableTable; matches: (word: string) => SQL }> = {
  family: {
    table: revitFamilies,
    matches: (word) => sql`${revitFamilies.searchText} like ${likePattern(word)}`,
  },
  scenario: { table: scenarios, matches: (word) => sql`lower(${scenarios.name}) like ${likePattern(word)}` },
  placementRule: {
    table: placementRules,
    matches: (word) => sql`lower(${placementRules.name}) like ${likePattern(word)}`,
  },
};

/** The inbox page size when the request names none. */
const PENDING_PAGE_SIZE = 20;

/**
 * Admins' decisions on requests, kept with their reasons and comments (the only code querying
 * them), and the pending requests of every kind of record, paged as one list.
 */
export class ApprovalsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async insertDecision(values: TDecisionWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(d).values(values).returning({ id: d.id });
    return row!.id;
  }

  /**
   * A page of pending requests over every kind of record (or the kinds asked for), in one order:
   * one UNION ALL of each kind's pending rows, each served by its table's status index.
   */
  async pendingPage(
    filter: TApprovalFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: TPendingRow[]; total: number }> {
    const kinds = filter.recordKinds?.length ? [...new Set(filter.recordKinds)] : APPROVAL_RECORD_KINDS;
    const db = this.#ctx.db;
    const selects = kinds.map((recordKind) => {
      const { table } = SOURCES[recordKind];
      return db
        .select({
          recordKind: sql<TApprovalRecordKind>`${recordKind}::text`.as('record_kind'),
          id: table.id,
          requestedBy: users.login,
          createdOn: sql<Date>`${table.createdOn}`.as('created_on'),
          sortName: sql<string>`lower(${table.name})`.as('sort_name'),
          companyName: sql<string | null>`${companies.name}`.as('company_name'),
          kindOrder: sql<number>`${kindOrder(table)}`.as('kind_order'),
        })
        .from(table)
        .leftJoin(companies, eq(companies.id, table.companyId))
        .leftJoin(users, eq(users.id, table.createdByUserId))
        .where(pendingConditions(recordKind, filter, scope));
    });
    const sort = filter.sort?.[0] ?? { field: 'requestedOn', dir: 'desc' };
    const column = {
      requestedOn: 'created_on',
      name: 'sort_name',
      companyName: 'company_name',
      kind: 'kind_order',
    }[sort.field];
    const pageSize = filter.pageSize ?? PENDING_PAGE_SIZE;
    const [first, ...rest] = selects;
    const union = rest.length ? unionAll(first!, ...(rest as [typeof first & object])) : first!;
    const [rows, counts] = await Promise.all([
      union
        .orderBy(
          sql.raw(`${column} ${sort.dir === 'desc' ? 'desc' : 'asc'} nulls last`),
          sql.raw('record_kind'),
          sql.raw('id'),
        )
        .limit(pageSize)
        .offset(((filter.page ?? 1) - 1) * pageSize),
      Promise.all(
        kinds.map((recordKind) =>
          db
            .select({ total: count() })
            .from(SOURCES[recordKind].table)
            .where(pendingConditions(recordKind, filter, scope)),
        ),
      ),
    ]);
    return {
      rows: rows.map(({ recordKind, id, requestedBy, companyName }) => ({
        recordKind,
        id,
        requestedBy,
        companyName,
      })),
      total: counts.reduce((sum, [counted]) => sum + (counted?.total ?? 0), 0),
    };
  }

  /** Requests of every kind waiting for an admin within a scope (null: every company). */
  async pendingCount(scope: number[] | null): Promise<number> {
    const counts = await Promise.all(
      APPROVAL_RECORD_KINDS.map((recordKind) =>
        this.#ctx.db
          .select({ total: count() })
          .from(SOURCES[recordKind].table)
          .where(pendingConditions(recordKind, {}, scope)),
      ),
    );
    return counts.reduce((sum, [counted]) => sum + (counted?.total ?? 0), 0);
  }

  /** A page of decisions within a scope (null: every company), newest first unless asked otherwise. */
  async findDecisions(
    filter: TApprovalDecisionFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: TDecisionRow[]; total: number }> {
    const ids = filter.recordIds;
    const search = filter.search?.trim();
    const where = and(
      inArray(d.recordKind, filter.recordKinds?.length ? filter.recordKinds : [...APPROVAL_RECORD_KINDS]),
      scope === null ? undefined : scope.length ? inArray(d.companyId, scope) : eqFalse(),
      ids?.length
        ? or(inArray(d.recordId, ids), inArray(d.originalId, ids), inArray(d.resultId, ids))
        : undefined,
      filter.kinds?.length ? inArray(d.requestKind, filter.kinds) : undefined,
      search ? ilike(d.recordName, likePattern(search)) : undefined,
    );
    const pageSize = filter.pageSize ?? 50;
    const ascending = filter.sort?.[0]?.dir === 'asc';
    const db = this.#ctx.db;
    const [rows, [counted]] = await Promise.all([
      db
        .select({ ...getDecisionColumns(), decidedBy: users.login, decidedOn: isoText(d.decidedAt) })
        .from(d)
        .leftJoin(users, eq(users.id, d.decidedByUserId))
        .where(where)
        .orderBy(ascending ? d.decidedAt : desc(d.decidedAt), ascending ? d.id : desc(d.id))
        .limit(pageSize)
        .offset(((filter.page ?? 1) - 1) * pageSize),
      db.select({ total: count() }).from(d).where(where),
    ]);
    return { rows: rows as TDecisionRow[], total: counted?.total ?? 0 };
  }
}

function getDecisionColumns() {
  return {
    id: d.id,
    recordKind: d.recordKind,
    recordId: d.recordId,
    originalId: d.originalId,
    resultId: d.resultId,
    requestKind: d.requestKind,
    action: d.action,
    effect: d.effect,
    recordName: d.recordName,
    companyId: d.companyId,
    reason: d.reason,
    comment: d.comment,
    decidedByUserId: d.decidedByUserId,
    decidedAt: d.decidedAt,
  };
}

/** The rows of a table standing for one kind of request (docs/workflow.md). */
function kindCondition(table: TApprovableTable, kind: TApprovalKind): SQL | undefined {
  return or(
    ...APPROVAL_KIND_STATES[kind].map((state) =>
      and(
        eq(table.tifStatus, state.status),
        state.isCopy ? isNotNull(table.tifOriginalId) : isNull(table.tifOriginalId),
      ),
    ),
  );
}

/** Requests sort by kind in APPROVAL_KINDS order (new, change, removal, withdrawal). */
function kindOrder(table: TApprovableTable): SQL {
  return sql`case ${sql.join(
    APPROVAL_KINDS.map(
      (kind, index) => sql`when ${kindCondition(table, kind)} then ${sql.raw(String(index))}`,
    ),
    sql` `,
  )} end`;
}

/** The inbox's conditions on one kind's table: pending, in scope, and each filter of the request. */
function pendingConditions(
  recordKind: TApprovalRecordKind,
  filter: TApprovalFindRequest,
  scope: number[] | null,
): SQL | undefined {
  const { table, matches } = SOURCES[recordKind];
  const days = filter.olderThanDays;
  return and(
    inArray(table.tifStatus, [...PENDING_STATUSES]),
    scope === null ? undefined : scope.length ? inArray(table.companyId, scope) : sql`false`,
    filter.ids?.length ? inArray(table.id, filter.ids) : undefined,
    filter.companyIds?.length ? inArray(table.companyId, filter.companyIds) : undefined,
    filter.kinds?.length ? or(...filter.kinds.map((kind) => kindCondition(table, kind))) : undefined,
    days !== undefined ? lt(table.createdOn, new Date(Date.now() - days * 86_400_000)) : undefined,
    ...searchWords(filter.search).map(matches),
  );
}

/** A scope without companies sees nothing. */
function eqFalse(): SQL {
  return eq(d.id, -1);
}
