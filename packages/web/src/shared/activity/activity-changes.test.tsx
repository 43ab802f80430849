import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-with-providers.tsx';
import { screenTestHooks } from '../test/screen-test-hooks.ts';
import { ChangeTable, DetailList } from './activity-changes.tsx';
import { formatActivityValue, valuesDiffer } from './activity-values.ts';

const YES_NO = { yes: 'Yes', no: 'No' };
const LONG = 'A fire damper for ducts through walls of every kind. '.repeat(12).trim();

describe('formatActivityValue', () => {
  it('shows nothing as a dash and the rest as readable text', () => {
    expect(formatActivityValue(null, YES_NO)).toBe('–');
    expect(formatActivityValue(undefined, YES_NO)).toBe('–');
    expect(formatActivityValue('  ', YES_NO)).toBe('–');
    expect(formatActivityValue([], YES_NO)).toBe('–');
    expect(formatActivityValue('Doors', YES_NO)).toBe('Doors');
    expect(formatActivityValue(0, YES_NO)).toBe('0');
    expect(formatActivityValue(false, YES_NO)).toBe('No');
    expect(formatActivityValue(['steel', 'fire'], YES_NO)).toBe('steel, fire');
    expect(formatActivityValue({ min: 1, max: 2 }, YES_NO)).toBe('{"min":1,"max":2}');
  });

  it('counts null, empty text and a missing value as the same nothing', () => {
    expect(valuesDiffer(null, '')).toBe(false);
    expect(valuesDiffer(['a'], ['a'])).toBe(false);
    expect(valuesDiffer('Doors', 'Gates')).toBe(true);
    expect(valuesDiffer(null, 'Gates')).toBe(true);
  });
});

describe('ChangeTable', () => {
  screenTestHooks();

  it('lists each field with its value before and after, the changed ones highlighted', () => {
    renderWithProviders(
      <ChangeTable
        caption="Category changed"
        changes={{
          categoryName: { old: 'Doors', new: 'Gates' },
          description: { old: null, new: LONG },
          active: { old: true, new: true },
          tags: { old: ['steel'], new: [] },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Category changed' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Field', 'Before', 'After']);
    const rows = within(table).getAllByTestId('activity-change');
    // Named in words (a field without a label of its own too) and sorted by that name.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Active',
      'Category name',
      'Description',
      'Tags',
    ]);
    expect(rows.map((row) => row.dataset.field)).toEqual(['active', 'categoryName', 'description', 'tags']);

    const [active, name, description, tags] = rows;
    expect(name?.dataset.changed).toBe('true');
    expect(within(name!).getByTestId('activity-before').querySelector('del')?.textContent).toBe('Doors');
    expect(within(name!).getByTestId('activity-after').querySelector('ins')?.textContent).toBe('Gates');

    expect(active?.dataset.changed).toBe('false');
    expect(active?.querySelector('del, ins')).toBeNull();
    expect(within(active!).getByTestId('activity-after').textContent).toBe('Yes');

    expect(within(description!).getByTestId('activity-before').textContent).toBe('–');
    const after = within(description!).getByTestId('activity-after');
    expect(after.textContent).toBe(LONG);
    expect(after.style.overflowWrap).toBe('anywhere');

    expect(within(tags!).getByTestId('activity-before').textContent).toBe('steel');
    expect(within(tags!).getByTestId('activity-after').textContent).toBe('–');
  });
});

describe('ChangeTable field names', () => {
  screenTestHooks();

  it('names a record type’s fields by its own labels and an id by what it points to', () => {
    renderWithProviders(
      <ChangeTable
        caption="Company changed"
        recordType="company"
        changes={{
          url: { old: 'https://a.example', new: 'https://b.example' },
          parentId: { old: null, new: 7 },
          isPartner: { old: false, new: true },
        }}
      />,
    );
    const rows = screen.getAllByTestId('activity-change');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Parent company',
      'Partner company',
      'Website',
    ]);
    // The id stays as it is: no request to look its name up.
    expect(within(rows[0]!).getByTestId('activity-after').textContent).toBe('7');
  });
});

describe('DetailList', () => {
  screenTestHooks();

  it('shows what an event carries as key and value pairs', () => {
    renderWithProviders(<DetailList detail={{ action: 'a', rows: 12, reason: null, dryRun: false }} />);
    const list = screen.getByTestId('activity-detail');
    const text = list.textContent ?? '';
    expect(text).toContain('action');
    expect(text).toContain('rows12');
    expect(text).toContain('reason–');
    expect(text).toContain('dryRunNo');
  });
});
