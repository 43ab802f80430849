import { describe, expect, it } from 'vitest';
import { categoryList, readView, withViewParam } from './category-list-state.ts';

describe('categoryList', () => {
  it('reads the grid by default and the table from view=table', () => {
    expect(readView(new URLSearchParams())).toBe('grid');
    expect(readView(new URLSearchParams('view=table'))).toBe('table');
    expect(readView(new URLSearchParams('view=other'))).toBe('grid');
    expect(withViewParam(new URLSearchParams('q=door&view=table'), 'grid').toString()).toBe('q=door');
  });

  it('keeps the table view through a new page, sort, filter and clearing the filters', () => {
    const start = categoryList.parse(new URLSearchParams('view=table&q=door&page=3'));
    const paged = categoryList.apply(start, { page: 4 });
    expect(categoryList.serialize(paged).toString()).toBe('page=4&q=door&view=table');
    const sorted = categoryList.apply(paged, { sort: { field: 'familyCount', dir: 'desc' } });
    expect(categoryList.serialize(sorted).toString()).toBe('sort=familyCount%3Adesc&q=door&view=table');
    const filtered = categoryList.apply(sorted, { filters: { active: false } });
    expect(categoryList.serialize(filtered).get('active')).toBe('false');
    expect(categoryList.serialize(categoryList.cleared(filtered)).toString()).toBe(
      'sort=familyCount%3Adesc&view=table',
    );
  });

  it('asks the server for the default sort by name, and only for a narrowing status', () => {
    expect(categoryList.toQuery(categoryList.parse(new URLSearchParams('view=table')))).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'categoryName', dir: 'asc' }],
    });
    expect(categoryList.toQuery(categoryList.parse(new URLSearchParams('active=true'))).active).toBe(true);
    expect(categoryList.isFiltered(categoryList.parse(new URLSearchParams('view=table')))).toBe(false);
  });
});
