import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

// Debian's default; the parser below reads "<time> <zone> [<pid>] <user>@<database> <LEVEL>:  <text>".
const EXPECTED_LOG_LINE_PREFIX = '%m [%p] %q%u@%d ';

type TLogEntry = { pid: string; database: string | undefined; level: string; text: string };

const ENTRY_HEAD =
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \S+ \[(\d+)\] (?:(\S*)@(\S*) )?([A-Z]+): {2}([\s\S]*)$/;

async function setting(client: pg.Client, name: string): Promise<string> {
  const result = await client.query<Record<string, string>>(`show ${name}`);
  return Object.values(result.rows[0] ?? {})[0] ?? '';
}

/**
 * The file this PostgreSQL server logs to, if this process can read it: BENCH_PG_LOG, the logging
 * collector's current file, or Debian's /var/log/postgresql/postgresql-<version>-<cluster>.log.
 */
export async function serverLogFile(client: pg.Client): Promise<string> {
  const prefix = await setting(client, 'log_line_prefix');
  if (prefix !== EXPECTED_LOG_LINE_PREFIX)
    throw new Error(`log_line_prefix is "${prefix}"; the SQL capture reads "${EXPECTED_LOG_LINE_PREFIX}"`);
  let file = process.env.BENCH_PG_LOG;
  if (!file) {
    const current = (await client.query<{ file: string | null }>('select pg_current_logfile() as file'))
      .rows[0]?.file;
    if (current) file = path.resolve(await setting(client, 'data_directory'), current);
  }
  if (!file) {
    const cluster = (await setting(client, 'cluster_name')).replace('/', '-');
    file = `/var/log/postgresql/postgresql-${cluster}.log`;
  }
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch (error) {
    throw new Error(`cannot read the PostgreSQL log ${file}; set BENCH_PG_LOG to the server's log file`, {
      cause: error,
    });
  }
  return file;
}

/** Bytes in the log now: capture reads from here on. */
export function logSize(file: string): number {
  return fs.statSync(file).size;
}

export function readLogFrom(file: string, offset: number): string {
  const length = logSize(file) - offset;
  if (length <= 0) return '';
  const buffer = Buffer.alloc(length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, buffer, 0, length, offset);
  } finally {
    fs.closeSync(fd);
  }
  return buffer.toString('utf8');
}

function logEntries(text: string): TLogEntry[] {
  const entries: TLogEntry[] = [];
  let current: string[] | undefined;
  const flush = () => {
    const match = current && ENTRY_HEAD.exec(current.join('\n'));
    if (match)
      entries.push({ pid: match[1]!, database: match[3], level: match[4]!, text: match[5]!.trimEnd() });
  };
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(line)) {
      flush();
      current = [line];
    } else if (current) {
      // A statement's further lines are logged behind a tab.
      current.push(line.startsWith('\t') ? line.slice(1) : line);
    }
  }
  flush();
  return entries;
}

/** `$1 = '…', $2 = NULL` as logged in "DETAIL:  parameters: …", literals kept quoted. */
export function parametersOf(detail: string): Map<number, string> {
  const values = new Map<number, string>();
  for (const match of detail.matchAll(/\$(\d+) = (NULL|'(?:[^']|'')*')/g))
    values.set(Number(match[1]), match[2]!);
  return values;
}

/** Puts each `$n` outside quotes back as its logged literal. */
export function inlineParameters(statement: string, values: Map<number, string>): string {
  let out = '';
  let i = 0;
  while (i < statement.length) {
    const c = statement[i]!;
    if (c === "'" || c === '"') {
      let end = i + 1;
      while (end < statement.length) {
        if (statement[end] === c) {
          if (statement[end + 1] === c) end += 2;
          else break;
        } else end++;
      }
      out += statement.slice(i, end + 1);
      i = end + 1;
    } else if (c === '$' && /\d/.test(statement[i + 1] ?? '')) {
      const digits = /^\d+/.exec(statement.slice(i + 1))![0];
      const value = values.get(Number(digits));
      if (value === undefined) throw new Error(`no logged value for $${digits} in: ${statement}`);
      out += value;
      i += 1 + digits.length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** A named statement as the portal prepared it: its text with `$n` placeholders and the values it ran with. */
export type TBoundStatement = { text: string; values: string[] };

/**
 * What one call sent: its statements, with bound parameters written in as literals, and whether
 * every one of them ran as a named prepared statement (parsed and planned once per connection),
 * so the replay can do the same; and, for each named one, its text and values as bound, so its
 * plan can be read as the portal's read connections run it (a generic plan, db/pipelined-reads.ts).
 */
export type TCapture = { statements: string[]; prepared: boolean; bound: Array<TBoundStatement | undefined> };

/**
 * Every statement one database's sessions sent in a stretch of log (log_statement = 'all'), in the
 * order the server received them.
 */
export function statementsOf(logText: string, database: string): TCapture {
  const entries = logEntries(logText).filter((entry) => entry.database === database);
  const statements: string[] = [];
  const bound: Array<TBoundStatement | undefined> = [];
  let prepared = true;
  entries.forEach((entry, index) => {
    if (entry.level !== 'LOG') return;
    const simple = /^statement: ([\s\S]*)$/.exec(entry.text);
    if (simple) {
      statements.push(simple[1]!);
      bound.push(undefined);
      prepared = false;
      return;
    }
    const execute = /^execute ([^:]*): ([\s\S]*)$/.exec(entry.text);
    if (!execute) return;
    // An unnamed statement is parsed and planned for each run; a named one once per connection.
    if (execute[1] === '<unnamed>') prepared = false;
    // A bound statement's DETAIL follows it from the same backend, written in the same message.
    const detail = entries.slice(index + 1).find((next) => next.pid === entry.pid);
    const values =
      detail?.level === 'DETAIL' && detail.text.startsWith('parameters: ')
        ? parametersOf(detail.text)
        : new Map<number, string>();
    statements.push(inlineParameters(execute[2]!, values));
    const named = execute[1] !== '<unnamed>';
    bound.push(
      named
        ? { text: execute[2]!, values: [...values.keys()].sort((a, b) => a - b).map((n) => values.get(n)!) }
        : undefined,
    );
  });
  return { statements, prepared: prepared && statements.length > 0, bound };
}

/**
 * EXPLAIN (`options`) of a call's statement as the portal runs it: a named statement prepared with
 * its placeholders and explained as PostgreSQL's generic plan for the logged values, as on the
 * portal's read connections; any other with its values written in.
 */
export async function explainStatement(
  client: pg.Client,
  capture: TCapture,
  index: number,
  options: string,
): Promise<pg.QueryResult> {
  const bound = capture.bound[index];
  if (!bound) return client.query(`explain (${options}) ${capture.statements[index]}`);
  await client.query(`prepare bench_plan as ${bound.text}`);
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    const values = bound.values.length ? `(${bound.values.join(', ')})` : '';
    return await client.query(`explain (${options}) execute bench_plan${values}`);
  } finally {
    await client.query('deallocate bench_plan');
    await client.query('reset plan_cache_mode');
  }
}

export type TSequentialScan = { table: string; rows: number; statements: number[] };

/**
 * The tables the SELECTs read with a sequential scan (EXPLAIN): each with its estimated rows and
 * the positions (from 1) of the statements that scan it.
 */
export async function sequentialScans(client: pg.Client, capture: TCapture): Promise<TSequentialScan[]> {
  const tables = new Map<string, number[]>();
  const walk = (plan: Record<string, unknown>, position: number) => {
    if (plan['Node Type'] === 'Seq Scan') {
      const table = String(plan['Relation Name']);
      tables.set(table, [...new Set([...(tables.get(table) ?? []), position])]);
    }
    for (const child of (plan.Plans as Array<Record<string, unknown>> | undefined) ?? [])
      walk(child, position);
  };
  for (const [index, statement] of capture.statements.entries()) {
    if (!/^\s*select\b/i.test(statement)) continue;
    const result = await explainStatement(client, capture, index, 'format json');
    for (const row of result.rows as Array<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>)
      for (const entry of row['QUERY PLAN']) walk(entry.Plan, index + 1);
  }
  const sizes = await client.query<{ relname: string; reltuples: number }>(
    "select relname, reltuples from pg_class where relkind = 'r' and relname = any($1)",
    [[...tables.keys()]],
  );
  return sizes.rows
    .map((row) => ({
      table: row.relname,
      rows: Math.max(0, Math.round(row.reltuples)),
      statements: tables.get(row.relname) ?? [],
    }))
    .sort((a, b) => b.rows - a.rows);
}
