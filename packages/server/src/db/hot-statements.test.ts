import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { FamiliesRepository } from '../modules/families/families.repository.ts';
import { PlacementRulesRepository } from '../modules/placement-rules/placement-rules.repository.ts';
import { ScenariosRepository } from '../modules/scenarios/scenarios.repository.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';
import { DbContext } from './context.ts';
import * as schema from './schema/index.ts';

/**
 * The hot finds' SQL, checked in under db/sql/ so a reviewer sees what a change does to the
 * statements PostgreSQL runs (as immich's @GenerateSql does). A change to a statement fails this
 * test until the file is written again: `npx vitest run --project server src/db/hot-statements -u`.
 */
const ctx = new DbContext(drizzle.mock({ schema }));
const users = new UsersRepository(ctx);
const families = new FamiliesRepository(ctx);
const scenarios = new ScenariosRepository(ctx);
const placementRules = new PlacementRulesRepository(ctx);

/**
 * A statement as its file shows it: whether it runs prepared (its name is left out: names count
 * the shapes in the order they are first asked, which a shuffled run changes), its SQL, its values.
 */
function fileOf({ name, sql, params }: { name: string | undefined; sql: string; params: unknown[] }): string {
  return `-- ${name ? 'prepared' : 'values written in'}\n${sql}\n-- values: ${JSON.stringify(params)}\n`;
}

describe('the hot statements', () => {
  it('page of users of some companies, sorted by last name', async () => {
    const sql = users.findSql({ pageSize: 50, sort: [{ field: 'lastName', dir: 'asc' }] }, [1, 2]);
    await expect(fileOf(sql)).toMatchFileSnapshot('./sql/users-find-page.sql');
  });

  it('search of users', async () => {
    const sql = users.findSql({ pageSize: 50, search: 'smith' }, null);
    await expect(fileOf(sql)).toMatchFileSnapshot('./sql/users-find-search.sql');
  });

  it('page of families of a category', async () => {
    const sql = families.findSql(
      { pageSize: 50, categoryIds: [3], sort: [{ field: 'revitFamilyName', dir: 'asc' }] },
      { scope: null, statuses: ['A'] },
    );
    await expect(fileOf(sql)).toMatchFileSnapshot('./sql/families-find-page.sql');
  });

  it('search of families', async () => {
    const sql = families.findSql({ pageSize: 50, search: 'fire damper' }, { scope: null, statuses: ['A'] });
    await expect(fileOf(sql)).toMatchFileSnapshot('./sql/families-find-search.sql');
  });

  it("page of a company tree's active published scenarios, sorted by name", async () => {
    const sql = scenarios.findSql(
      { pageSize: 50, active: true, sort: [{ field: 'scenarioName', dir: 'asc' }] },
      { scope: [1, 2], statuses: ['A'] },
    );
    await expect(fileOf(sql)).toMatchFileSnapshot('./sql/scenarios-find-page.sql');
  });

  it('search of placement rules', async () => {
    const sql = placementRules.findSql({ pageSize: 50, search: 'pipe' }, { scope: null, statuses: ['A'] });
    await expect(fileOf(sql)).toMatchFileSnapshot('./sql/placement-rules-find-search.sql');
  });
});
