import type { TPriceItem } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { i18n, initI18n } from '../../../shared/i18n/i18n.ts';
import { installBrowserStubs } from '../../../shared/list/list-test-support.tsx';
import type { TPriceListSummary } from '../api/find-price-lists.ts';
import { PriceListForm } from './price-list-editor.tsx';

function token(permissions: string[]): string {
  const claims = {
    sub: '1',
    sid: 's',
    login: 'someone',
    roles: [],
    companyId: 7,
    permissions,
    iat: 0,
    exp: Math.floor(Date.now() / 1000) + 900,
  };
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
}

const EDITOR = [
  'contentmanagement.read',
  'contentmanagement.create',
  'contentmanagement.update',
  'contentmanagement.delete',
];

function item(id: number, orderNumber: string, value: number): TPriceItem {
  return {
    priceItemId: id,
    priceListId: 5,
    orderNumber,
    priceItemDescription: `Item ${orderNumber}`,
    priceItemInformation: null,
    priceItemValue: value,
    refValue1: null,
    refValue2: null,
    refValue3: null,
    refValue4: null,
    refValue5: null,
    refValue6: null,
    refValue7: null,
    refValue8: null,
    refValue9: 2,
    kFactor: null,
    refValuesCanBeConverted: false,
    priceItemReference: null,
    priceItemPerUnitId: null,
    priceItemMeasurementUnitId: 101,
    currencyId: 301,
  };
}

const pipes: TPriceListSummary = {
  priceListId: 5,
  priceListCode: 'PIPES',
  priceListDescription: 'Steel pipes',
  active: true,
  companyId: 7,
  companyName: 'Acme',
  measurementSystemId: null,
  materialId: null,
  componentTypeId: null,
  userId: 1,
  isPartList: false,
  isDefaultList: false,
  isTemplateList: false,
  itemCount: 2,
  priceItemInfos: [item(1, 'A-001', 12.5), item(2, 'A-002', 19.75)],
};

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];
/** The next save is refused: the code is taken. */
let conflict = false;
const writes = () => calls.filter((c) => /\/prices\/(save|update)\//.test(c.url));
const reads = () => calls.filter((c) => c.url.includes('/prices/get/pricelist/'));
/** The items the fake server keeps; the get pages, sorts and searches them as the real one does. */
let stored: TPriceItem[] = [];

type TGetBody = {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: { field: keyof TPriceItem; dir: 'asc' | 'desc' }[];
};
function pageOf(body: TGetBody) {
  const search = body.search?.toLowerCase();
  const found = stored.filter((i) => !search || i.orderNumber.toLowerCase().includes(search));
  const [order] = body.sort ?? [];
  const sorted = order
    ? [...found].sort(
        (a, b) => (Number(a[order.field]) - Number(b[order.field])) * (order.dir === 'desc' ? -1 : 1),
      )
    : found;
  const size = body.pageSize ?? 1000;
  const start = ((body.page ?? 1) - 1) * size;
  return {
    priceListInfos: [
      { ...pipes, itemCount: stored.length, priceItemInfos: sorted.slice(start, start + size) },
    ],
    totalCount: found.length,
  };
}

function respond(body: object): Response {
  return new Response(JSON.stringify({ responseCode: 200, errorMessages: [], ...body }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

function genericList(code: string, items: [number, string][]) {
  return {
    listInfos: [
      {
        listId: 1,
        listCode: code,
        listDescription: null,
        active: true,
        listItems: items.map(([listItemId, itemCode], index) => ({
          listItemId,
          itemCode,
          itemDescription: itemCode,
          sortOrder: index + 1,
        })),
      },
    ],
  };
}

/** XMLHttpRequest as the import uses it, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  body: unknown = null;

  open(_method: string, url: string): void {
    this.url = url;
  }
  setRequestHeader(): void {}
  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort(): void {
    this.onabort?.();
  }
  answer(status: number, payload: object): void {
    this.status = status;
    this.responseText = JSON.stringify({ responseCode: status, ...payload });
    this.onload?.();
  }
}

function renderEditor(list: TPriceListSummary | null = pipes) {
  initI18n('en');
  sessionStore.setAuth({ id: 1, authToken: token(EDITOR), refreshToken: 'r' }, null);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/price-lists/:id', element: <PriceListForm list={list} /> },
      { path: '/price-lists', element: <p>The lists</p> },
    ],
    { initialEntries: ['/price-lists/5'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </App>
    </I18nextProvider>,
  );
}

const cell = (name: string) => screen.getByRole('textbox', { name });
/** A cell of a row the server's page brings (it arrives after the list's fields). */
// A page of 100 rows takes a while to render in jsdom on a busy machine.
const findCell = (name: string) => screen.findByRole('textbox', { name }, { timeout: 5000 });
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('price-list-save'));
  });

describe('PriceListForm', { timeout: 30_000 }, () => {
  beforeAll(() => installBrowserStubs());

  beforeEach(() => {
    calls = [];
    conflict = false;
    stored = pipes.priceItemInfos;
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        calls.push({ url: String(url), body });
        const path = String(url);
        if (path.includes('/list/get/unitlist/'))
          return Promise.resolve(
            respond(
              genericList('unitlist', [
                [101, 'm'],
                [102, 'kg'],
              ]),
            ),
          );
        if (path.includes('/list/get/currencylist/'))
          return Promise.resolve(respond(genericList('currencylist', [[301, 'EUR']])));
        if (path.includes('/list/get/')) return Promise.resolve(respond(genericList('other', [])));
        if (path.includes('/prices/get/pricelist/')) return Promise.resolve(respond(pageOf(body)));
        if (conflict && path.includes('/prices/update/pricelist'))
          return Promise.resolve(
            new Response(
              JSON.stringify({
                responseCode: 409,
                errorMessages: ['[Title] Conflict', '[Detail] A price list with this code already exists'],
                errorDetails: [{ key: 'priceListCodeTaken', field: 'priceListCode' }],
              }),
              { status: 409, headers: { 'Content-Type': 'application/json' } },
            ),
          );
        // A save stores the changes: the edited value, the added item with its id, less the removed.
        if (path.includes('/prices/update/pricelist'))
          stored = [item(2, 'A-002', 7.25), item(11, 'A-003', 0)];
        return Promise.resolve(respond({ priceListInfos: [{ ...pipes, ...pageOf({}).priceListInfos[0] }] }));
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('sends only the changes (an edited value, an added row, a removed row), then reads the page again as stored', async () => {
    renderEditor();
    await screen.findByText('Items: 2');
    expect(screen.queryByTestId('price-list-dirty')).toBeNull();

    fireEvent.change(await findCell('Price, item A-002'), { target: { value: '7,25' } });
    await screen.findByTestId('price-list-dirty');
    fireEvent.click(screen.getByTestId('price-item-add'));
    fireEvent.change(cell('Order number, item new item'), { target: { value: 'A-003' } });
    fireEvent.change(cell('Description, item A-003'), { target: { value: 'Elbow' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select item A-001' }));
    fireEvent.click(screen.getByTestId('price-item-remove'));
    await screen.findByText('Items: 2');

    await save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    const [sent] = writes();
    expect(sent?.url).toBe('api/prices/update/pricelist');
    const list = (sent?.body.priceListInfos as Record<string, unknown>[])[0];
    expect(list).toMatchObject({ priceListId: 5, priceListCode: 'PIPES', active: true });
    expect(list?.priceItemInfos).toBeUndefined();
    expect(list?.priceItemChanges).toEqual({
      upsert: [
        expect.objectContaining({ orderNumber: 'A-003', priceItemDescription: 'Elbow', priceItemValue: 0 }),
        expect.objectContaining({
          priceItemId: 2,
          orderNumber: 'A-002',
          priceItemValue: 7.25,
          refValue9: 2,
          priceItemMeasurementUnitId: 101,
          currencyId: 301,
        }),
      ],
      removeIds: [1],
    });
    expect((list?.priceItemChanges as { upsert: object[] }).upsert[0]).not.toHaveProperty('priceItemId');
    await waitFor(() => expect(screen.queryByTestId('price-list-dirty')).toBeNull());
    // The page shown is read again: the items as stored, the added one with its id.
    await waitFor(() =>
      expect(
        screen.getAllByTestId('price-item-orderNumber').map((input) => (input as HTMLInputElement).value),
      ).toEqual(['A-002', 'A-003']),
    );
    // Not focused, a price shows as money in its currency.
    expect((cell('Price, item A-002') as HTMLInputElement).value).toBe('€7.25');

    // Saving the header alone sends no item changes and reads nothing again.
    fireEvent.change(screen.getByTestId('price-list-description'), { target: { value: 'Pipes, steel' } });
    await save();
    await waitFor(() => expect(writes()).toHaveLength(2));
    const header = (writes()[1]?.body.priceListInfos as Record<string, unknown>[])[0];
    expect(header).toMatchObject({ priceListId: 5, priceListDescription: 'Pipes, steel' });
    expect(header).not.toHaveProperty('priceItemChanges');
  });

  it('marks a value that is not a number and a repeated order number, and sends nothing', async () => {
    renderEditor();
    const value = await findCell('Price, item A-001');
    fireEvent.change(value, { target: { value: 'ten' } });
    await waitFor(() => expect(value.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(cell('Order number, item A-002'), { target: { value: 'a-001' } });
    await save();
    expect(writes()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe(
      'Rows with errors: 2. Correct the marked cells, then save again.',
    );
    expect(cell('Order number, item a-001').getAttribute('title')).toBe('Already used in another row');
  });

  it('sorts the rows by a column on the server without marking the list changed', async () => {
    renderEditor();
    await findCell('Price, item A-001');
    fireEvent.click(screen.getByText('Price'));
    fireEvent.click(screen.getByText('Price'));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('price-item-orderNumber').map((input) => (input as HTMLInputElement).value),
      ).toEqual(['A-002', 'A-001']),
    );
    expect(reads().at(-1)?.body).toEqual({
      page: 1,
      pageSize: 100,
      sort: [{ field: 'priceItemValue', dir: 'desc' }],
    });
    expect(screen.queryByTestId('price-list-dirty')).toBeNull();
  });

  // Pages of 100 rows of inputs: some 10 s alone, several times that on a busy machine.
  it(
    'keeps edits made on one page while paging through the server, and sends them all',
    { timeout: 120_000 },
    async () => {
      stored = Array.from({ length: 250 }, (_, n) => item(n + 1, `P-${String(n + 1).padStart(3, '0')}`, n));
      renderEditor({ ...pipes, itemCount: 250 });
      fireEvent.change(await findCell('Price, item P-001'), { target: { value: '99' } });
      await screen.findByTestId('price-list-dirty');
      expect(screen.queryByRole('textbox', { name: 'Price, item P-101' })).toBeNull();

      fireEvent.click(within(screen.getByTestId('price-item-pages')).getByTitle('2'));
      fireEvent.change(await findCell('Price, item P-101'), { target: { value: '1,5' } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select item P-102' }));
      fireEvent.click(screen.getByTestId('price-item-remove'));
      await screen.findByText('Items: 249');
      expect(reads().at(-1)?.body).toEqual({ page: 2, pageSize: 100 });

      fireEvent.click(within(screen.getByTestId('price-item-pages')).getByTitle('1'));
      expect(((await findCell('Price, item P-001')) as HTMLInputElement).value).toBe('€99.00');
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search the items' }), {
        target: { value: 'p-10' },
      });
      // A page of 100 rows renders slowly in jsdom: the search's read waits for it.
      await waitFor(() => expect(reads().at(-1)?.body).toEqual({ page: 1, pageSize: 100, search: 'p-10' }), {
        timeout: 10_000,
      });
      expect(((await findCell('Price, item P-101')) as HTMLInputElement).value).toBe('€1.50');
      expect(screen.queryByRole('textbox', { name: 'Price, item P-102' })).toBeNull();

      await save();
      await waitFor(() => expect(writes()).toHaveLength(1));
      const list = (writes()[0]?.body.priceListInfos as Record<string, unknown>[])[0];
      expect(list?.priceItemChanges).toEqual({
        upsert: [
          expect.objectContaining({ priceItemId: 1, orderNumber: 'P-001', priceItemValue: 99 }),
          expect.objectContaining({ priceItemId: 101, orderNumber: 'P-101', priceItemValue: 1.5 }),
        ],
        removeIds: [102],
      });
    },
  );

  it('lists the rows of a refused import with their reasons and keeps the items', async () => {
    renderEditor();
    await findCell('Price, item A-001');
    const input = screen.getByTestId('price-list-import').querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const file = new File(['x'], 'items.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    // The file is checked first: a dry run, which answers the same errors.
    expect(FakeXhr.sent[0]?.url).toBe('api/prices/import/pricelist/5/upload?dryRun=true');
    act(() =>
      FakeXhr.sent[0]?.answer(422, {
        errorMessages: [
          '[Title] The request could not be processed',
          '[Detail] row 3, column Price: twelve is not a number',
          '[Detail] row 7, column Currency: XYZ is not in its list',
          '[Detail] row 8, column Price: 10000000000 is not between 0 and 9999999999',
          '[Detail] 4 more rows have errors',
        ],
        errorDetails: [
          { key: 'importNotNumber', values: { row: 3, column: 'Price', value: 'twelve' } },
          { key: 'importNotInList', values: { row: 7, column: 'Currency', value: 'XYZ' } },
          {
            key: 'importOutOfRange',
            values: { row: 8, column: 'Price', value: '10000000000', min: 0, max: 9999999999 },
          },
          { key: 'importMoreErrors', values: { count: 4 } },
        ],
      }),
    );
    const failed = await screen.findByTestId('price-list-import-failed');
    within(failed).getByText('Nothing was changed: the list keeps its items.');
    within(failed).getByText('4 more rows have errors');
    const rows = within(screen.getByTestId('price-list-import-errors'))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'Price', '“twelve” is not a number'],
      ['7', 'Currency', '“XYZ” is not in its list'],
      ['8', 'Price', '“10000000000” is not between 0 and 9,999,999,999'],
    ]);
    expect(screen.getByText('Items: 2')).toBeTruthy();
    // Below the grid the errors would go unseen: their heading takes the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('The file was not imported'));
    expect(document.activeElement?.tagName).toBe('H3');
  });

  it('asks with the counts before an import, applies it, and undoes it with the items it replaced', async () => {
    renderEditor();
    await findCell('Price, item A-001');
    const input = screen.getByTestId('price-list-import').querySelector('input[type=file]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    const file = new File(['x'], 'items.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]?.answer(200, {
        errorMessages: [],
        priceListInfos: [{ ...pipes, priceItemInfos: [] }],
        importPreview: { rows: 3, added: 2, changed: 1, removed: 1, unchanged: 0 },
      }),
    );
    const preview = await screen.findByTestId('price-list-import-preview');
    expect(within(preview).getByTestId('price-list-import-added').textContent).toBe('2');
    expect(within(preview).getByTestId('price-list-import-changed').textContent).toBe('1');
    expect(within(preview).getByTestId('price-list-import-removed').textContent).toBe('1');
    expect(within(preview).getByTestId('price-list-import-unchanged').textContent).toBe('0');
    within(preview).getByText('You can undo the import for 30 seconds.');
    // Nothing is imported until the person confirms; the items to put back are read meanwhile.
    expect(FakeXhr.sent).toHaveLength(1);
    await waitFor(() => expect(reads().some((r) => r.body.pageSize === 1000)).toBe(true));

    fireEvent.click(screen.getByTestId('price-list-import-confirm'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]?.url).toBe('api/prices/import/pricelist/5/upload');
    const imported = [item(21, 'B-001', 1), item(22, 'B-002', 2), item(23, 'A-002', 5)];
    act(() =>
      FakeXhr.sent[1]?.answer(200, {
        errorMessages: [],
        priceListInfos: [{ ...pipes, itemCount: 3, priceItemInfos: imported }],
      }),
    );
    const done = await screen.findByTestId('price-list-import-done');
    within(done).getByText('Imported 3 items.');
    // A just-imported list has nothing to save.
    expect(screen.queryByTestId('price-list-dirty')).toBeNull();
    expect(screen.getByTestId('price-list-save').hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(done).getByTestId('price-list-import-undo'));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const restored = (writes()[0]?.body.priceListInfos as Record<string, unknown>[])[0];
    expect(writes()[0]?.url).toBe('api/prices/update/pricelist');
    expect(restored).toMatchObject({ priceListId: 5, priceListCode: 'PIPES', active: true });
    expect(restored?.priceItemInfos).toEqual(
      pipes.priceItemInfos.map(({ priceItemId: _id, priceListId: _list, ...rest }) => rest),
    );
    await waitFor(() => expect(screen.queryByTestId('price-list-import-done')).toBeNull());
  });

  it('starts a new list clean: no unsaved changes and nothing to save until something is typed', async () => {
    renderEditor(null);
    await screen.findByTestId('price-list-code');
    expect(screen.queryByTestId('price-list-dirty')).toBeNull();
    expect(screen.getByTestId('price-list-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('price-list-code'), { target: { value: 'NEW' } });
    await screen.findByTestId('price-list-dirty');
    expect(screen.getByTestId('price-list-save').hasAttribute('disabled')).toBe(false);
    fireEvent.change(screen.getByTestId('price-list-code'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByTestId('price-list-dirty')).toBeNull());
  });

  it('shows a taken code at the code field, in words', async () => {
    conflict = true;
    renderEditor();
    await findCell('Price, item A-001');
    fireEvent.change(screen.getByTestId('price-list-code'), { target: { value: 'OTHER' } });
    await save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    await screen.findByText('A price list with this code already exists');
    expect(screen.getByTestId('price-list-code').closest('.ant-form-item-has-error')).not.toBeNull();
    fireEvent.change(screen.getByTestId('price-list-code'), { target: { value: 'OTHER-2' } });
    await waitFor(() =>
      expect(screen.getByTestId('price-list-code').closest('.ant-form-item-has-error')).toBeNull(),
    );
  });
});
