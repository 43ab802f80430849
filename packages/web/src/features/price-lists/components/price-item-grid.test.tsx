import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { installBrowserStubs } from '../../../shared/list/list-test-support.tsx';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { newItem, type TItemDraft, validateItems } from './price-draft.ts';
import { PriceItemGrid } from './price-item-grid.tsx';

const UNITS = {
  options: [
    { id: 101, code: 'm', description: 'metre' },
    { id: 102, code: 'kg', description: 'kilogram' },
  ],
  loading: false,
};
const CURRENCIES = { options: [{ id: 301, code: 'EUR', description: 'Euro' }], loading: false };

function row(key: string, orderNumber: string, value: string): TItemDraft {
  return {
    ...newItem(),
    key,
    orderNumber,
    priceItemDescription: `Pipe ${orderNumber}`,
    priceItemValue: value,
  };
}

type TEdit = { key: string; patch: Partial<TItemDraft> };

/** The grid over rows kept here, as the editor keeps its draft; every edit is noted. */
function Harness({ edits, withErrors = false }: { edits: TEdit[]; withErrors?: boolean }) {
  const [rows, setRows] = useState([
    { ...row('i1', 'A-001', '12.5'), currencyId: 301, priceItemMeasurementUnitId: 101 },
    row('i2', 'A-002', '4'),
  ]);
  return (
    <PriceItemGrid
      rows={rows}
      onEdit={(edited, patch) => {
        edits.push({ key: edited.key, patch });
        setRows((current) => current.map((r) => (r.key === edited.key ? { ...r, ...patch } : r)));
      }}
      onAdd={() => 'n0'}
      onRemove={() => undefined}
      errors={withErrors ? validateItems(rows) : new Map()}
      readOnly={false}
      units={UNITS}
      currencies={CURRENCIES}
      sort={null}
      onSort={() => undefined}
    />
  );
}

function renderGrid(withErrors = false) {
  initI18n('en');
  const edits: TEdit[] = [];
  renderWithProviders(<Harness edits={edits} withErrors={withErrors} />);
  return edits;
}

const grid = () => screen.getByTestId('price-item-grid');
const cell = (name: string) => within(grid()).getByRole<HTMLInputElement>('textbox', { name });
const focusCell = (element: HTMLElement) => act(() => element.focus());
const key = (element: Element, name: string) => act(() => void fireEvent.keyDown(element, { key: name }));

describe('PriceItemGrid', { timeout: 30_000 }, () => {
  beforeAll(() => installBrowserStubs());
  afterEach(() => cleanup());

  it('shows every cell as plain text, named and focusable, with no antd editor until one is edited', async () => {
    renderGrid();
    const price = await screen.findByRole('textbox', { name: 'Price, item A-001' });
    expect(grid().querySelector('.ant-input, .ant-select')).toBeNull();
    expect(price.tagName).toBe('INPUT');
    expect((price as HTMLInputElement).value).toBe('€12.50');
    expect(cell('Price, item A-002').value).toBe('4.00');
    expect(cell('Order number, item A-001').value).toBe('A-001');
    const unit = within(grid()).getByRole('combobox', { name: 'Unit, item A-001' });
    expect(unit.textContent).toBe('m');
    expect(unit.tabIndex).toBe(0);
    expect(unit.getAttribute('aria-expanded')).toBe('false');
  });

  it('mounts the editor when the keyboard brings the focus (Tab), with the number as typed and selected', async () => {
    const edits = renderGrid();
    await screen.findByRole('textbox', { name: 'Price, item A-001' });
    focusCell(cell('Price, item A-001'));
    const editor = document.activeElement as HTMLInputElement;
    expect(editor.classList.contains('ant-input')).toBe(true);
    expect(editor.getAttribute('aria-label')).toBe('Price, item A-001');
    expect(editor.value).toBe('12.5');
    expect([editor.selectionStart, editor.selectionEnd]).toEqual([0, 4]);
    expect(grid().querySelectorAll('.ant-input')).toHaveLength(1);

    fireEvent.change(editor, { target: { value: '13,75' } });
    expect(edits).toEqual([{ key: 'i1', patch: { priceItemValue: '13,75' } }]);
    expect((document.activeElement as HTMLInputElement).value).toBe('13,75');

    // The next cell takes the focus: this one is plain text again, as money; that one edits.
    focusCell(cell('Price, item A-002'));
    expect(cell('Price, item A-001').value).toBe('€13.75');
    expect(cell('Price, item A-001').classList.contains('ant-input')).toBe(false);
    expect((document.activeElement as HTMLInputElement).value).toBe('4');
    expect(grid().querySelectorAll('.ant-input')).toHaveLength(1);
  });

  it('restores the text the edit began with on Escape, keeps the cell focused, and edits again on Enter', async () => {
    const edits = renderGrid();
    await screen.findByRole('textbox', { name: 'Order number, item A-002' });
    focusCell(cell('Order number, item A-002'));
    fireEvent.change(document.activeElement!, { target: { value: 'B-1' } });
    fireEvent.change(document.activeElement!, { target: { value: 'B-12' } });
    key(document.activeElement!, 'Escape');

    expect(edits.map((e) => e.patch)).toEqual([
      { orderNumber: 'B-1' },
      { orderNumber: 'B-12' },
      { orderNumber: 'A-002' },
    ]);
    const plain = cell('Order number, item A-002');
    expect(plain.value).toBe('A-002');
    expect(document.activeElement).toBe(plain);
    expect(grid().querySelector('.ant-input')).toBeNull();

    key(plain, 'Enter');
    expect((document.activeElement as HTMLElement).classList.contains('ant-input')).toBe(true);
    expect((document.activeElement as HTMLInputElement).value).toBe('A-002');
    // Escape without a change changes nothing.
    key(document.activeElement!, 'Escape');
    expect(edits).toHaveLength(3);
  });

  it('chooses a unit in the Select mounted on focus, and Escape puts the unit back', async () => {
    const edits = renderGrid();
    const unit = await screen.findByRole('combobox', { name: 'Unit, item A-002' });
    expect(unit.textContent).toBe('');
    focusCell(unit);
    const select = grid().querySelector('.ant-select');
    expect(select).not.toBeNull();
    const input = document.activeElement as HTMLInputElement;
    expect(select?.contains(input)).toBe(true);
    fireEvent.change(input, { target: { value: 'kg' } });
    const option = await screen.findByTitle('kilogram');
    fireEvent.click(option);
    expect(edits).toEqual([{ key: 'i2', patch: { priceItemMeasurementUnitId: 102 } }]);
    await waitFor(() => expect(grid().querySelector('.ant-select-open')).toBeNull());
    key(document.activeElement!, 'Escape');
    expect(edits.at(-1)).toEqual({ key: 'i2', patch: { priceItemMeasurementUnitId: null } });
    const plain = within(grid()).getByRole('combobox', { name: 'Unit, item A-002' });
    expect(plain.textContent).toBe('');
    expect(document.activeElement).toBe(plain);
  });

  it('marks a cell in error as plain text and in its editor, with the reason as its title', async () => {
    renderGrid(true);
    await screen.findByRole('textbox', { name: 'Price, item A-001' });
    fireEvent.change(cell('Price, item A-002'), { target: { value: 'ten' } });
    const plain = cell('Price, item A-002');
    await waitFor(() => expect(plain.getAttribute('aria-invalid')).toBe('true'));
    expect(plain.value).toBe('ten');
    expect(plain.title).toBe('Not a number');
    focusCell(plain);
    const editor = document.activeElement as HTMLInputElement;
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(editor.closest('.ant-input-status-error, .ant-input')?.className).toMatch(/status-error/);
  });
});
