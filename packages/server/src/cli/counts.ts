import { sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../db/client.ts';

/**
 * Rebuilds the count tables the triggers keep (`user_counts`, `family_counts`, migrations 0008 and
 * 0009) from the rows, and forgets the kept statistics (recomputed when next asked), in one
 * transaction that holds writes to users and families off meanwhile. Answers the rows of each.
 */
export async function rebuildCounts(
  database: TDatabase,
): Promise<{ userCounts: number; familyCounts: number }> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table users, revit_families in share mode`);
    await tx.execute(sql`delete from user_counts`);
    await tx.execute(
      sql`insert into user_counts (company_id, users)
          select coalesce(company_id, 0), count(*) from users group by 1`,
    );
    await tx.execute(sql`delete from family_counts`);
    await tx.execute(
      sql`insert into family_counts (category_id, company_id, tif_status, families)
          select coalesce(category_id, 0), coalesce(company_id, 0), tif_status, count(*)
          from revit_families group by 1, 2, 3`,
    );
    await tx.execute(sql`delete from statistics_kept`);
    const [row] = await queryRows<{ users: number; families: number }>(
      tx,
      sql`select (select count(*) from user_counts)::int as "users",
                 (select count(*) from family_counts)::int as "families"`,
    );
    return { userCounts: row?.users ?? 0, familyCounts: row?.families ?? 0 };
  });
}
