import { APPROVAL_RECORD_KINDS, type TApprovalDecisionFindRequest } from '@portal/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { DbContext } from '../../db/context.ts';
import { isoText } from '../../db/json-sql.ts';
import { likePattern } from '../../lib/paging.ts';
import { approvalDecisions, users } from '../../db/schema/index.ts';

export type TDecisionWrite = Omit<typeof approvalDecisions.$inferInsert, 'id' | 'decidedAt'>;
export type TDecisionRow = typeof approvalDecisions.$inferSelect & {
  decidedBy: string | null;
  decidedOn: string;
};

const d = approvalDecisions;

/** Admins' decisions on requests, kept with their reasons and comments: the only code querying them. */
export class ApprovalsRepository {
  readonly #ctx: DbContext;

  constructor(ctx: DbContext) {
    this.#ctx = ctx;
  }

  async insertDecision(values: TDecisionWrite): Promise<number> {
    const [row] = await this.#ctx.db.insert(d).values(values).returning({ id: d.id });
    return row!.id;
  }

  /** A page of decisions within a scope (null: every company), newest first unless asked otherwise. */
  async findDecisions(
    filter: TApprovalDecisionFindRequest,
    scope: number[] | null,
  ): Promise<{ rows: TDecisionRow[]; total: number }> {
    const ids = filter.recordIds;
    const search = filter.search?.trim();
    const where = and(
      // Scenarios' and placement rules' decisions are kept too; the inbox lists the kinds it knows.
      inArray(d.recordKind, [...APPROVAL_RECORD_KINDS]),
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

/** A scope without companies sees nothing. */
function eqFalse(): SQL {
  return eq(d.id, -1);
}
