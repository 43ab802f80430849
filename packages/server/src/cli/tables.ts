import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type TDb } from '../db/client.ts';

/** One table of the portal's schema as a backup reads and a restore writes it. */
export type TTable = {
  name: string;
  /** Columns a restore inserts (generated ones are left to the database). */
  columns: string[];
  primaryKey: string[];
  /**
   * Columns that refer to a table restored later or to the table itself (companies' parent, the
   * companies-terms circle): inserted empty, then set once every row is in.
   */
  deferred: string[];
  /** Columns filled from a sequence: moved past the largest restored value. */
  serials: string[];
};

type TForeignKey = { table: string; target: string; columns: string[] };

/**
 * Every table of the public schema, each after the tables it refers to; where references go in a
 * circle, the columns that close it are deferred. Read from the catalog, so a new table is covered.
 */
export async function schemaTables(db: TDb): Promise<TTable[]> {
  const names = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as "name" from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((row) => row.name);
  const columns = await queryRows<{
    table: string;
    column: string;
    generated: boolean;
    serial: boolean;
    nullable: boolean;
  }>(
    db,
    sql`select table_name as "table", column_name as "column",
               is_generated <> 'NEVER' as "generated", is_nullable = 'YES' as "nullable",
               coalesce(column_default like 'nextval(%', false) or is_identity = 'YES' as "serial"
        from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`select r.relname as "table", a.attname as "column"
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'p' and c.connamespace = 'public'::regnamespace
        order by r.relname, array_position(c.conkey, a.attnum)`,
  );
  const foreign = await queryRows<TForeignKey>(
    db,
    sql`select r.relname as "table", t.relname as "target",
               array(select a.attname::text from pg_attribute a
                     where a.attrelid = c.conrelid and a.attnum = any (c.conkey)) as "columns"
        from pg_constraint c
        join pg_class r on r.oid = c.conrelid
        join pg_class t on t.oid = c.confrelid
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        order by 1, 2`,
  );
  const nullable = new Set(columns.filter((c) => c.nullable).map((c) => `${c.table}.${c.column}`));
  const order: string[] = [];
  const deferred = new Map<string, Set<string>>(names.map((name) => [name, new Set<string>()]));
  const remaining = new Set(names);
  const waitsFor = (table: string) =>
    foreign.filter((fk) => fk.table === table && fk.target !== table && remaining.has(fk.target));
  /** Whether a table waits, through others, for itself: it is in a circle. */
  const inCircle = (table: string) => {
    const seen = new Set<string>();
    const stack = waitsFor(table).map((fk) => fk.target);
    while (stack.length) {
      const next = stack.pop()!;
      if (next === table) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...waitsFor(next).map((fk) => fk.target));
    }
    return false;
  };
  while (remaining.size) {
    let next = [...remaining].find((table) => waitsFor(table).length === 0);
    if (!next) {
      // Only a circle is left to start from: a table in it whose waits are all nullable columns goes
      // first, those columns set after every row is in.
      next = [...remaining]
        .filter(
          (table) =>
            inCircle(table) &&
            waitsFor(table).every((fk) => fk.columns.every((column) => nullable.has(`${table}.${column}`))),
        )
        .sort((a, b) => waitsFor(a).length - waitsFor(b).length)[0];
      if (!next)
        throw new Error(
          `the tables ${[...remaining].join(', ')} refer to each other through required columns`,
        );
      for (const fk of waitsFor(next)) for (const column of fk.columns) deferred.get(next)!.add(column);
    }
    order.push(next);
    remaining.delete(next);
  }
  for (const fk of foreign)
    if (fk.table === fk.target) for (const column of fk.columns) deferred.get(fk.table)!.add(column);
  return order.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name && !c.generated).map((c) => c.column),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.column),
    deferred: [...deferred.get(name)!],
    serials: columns.filter((c) => c.table === name && c.serial && !c.generated).map((c) => c.column),
  }));
}

/** A list of quoted column names. */
export function columnList(columns: readonly string[]): SQL {
  return sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
}
