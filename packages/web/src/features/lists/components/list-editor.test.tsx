import type { TGenericList } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { ListEditor } from './list-editor.tsx';

const ADMIN = ['adminmanagement.read', 'adminmanagement.update', 'contentmanagement.read'];

const units: TGenericList = {
  listId: 4,
  listCode: 'unitlist',
  listDescription: 'Units',
  active: true,
  listItems: [
    { listItemId: 11, itemCode: 'mm', itemDescription: 'Millimetre', sortOrder: 0 },
    { listItemId: 12, itemCode: 'm', itemDescription: 'Metre', sortOrder: 1 },
    { listItemId: 13, itemCode: 'in', itemDescription: 'Inch', sortOrder: 2 },
  ],
};

type TSaved = {
  listInfos: { listCode: string; listItems: { itemCode: string; itemDescription: string }[] }[];
};
let saves: TSaved[] = [];
let saveAnswer: (body: TSaved) => Response;

function renderEditor(url = '/lists/4') {
  initI18n('en');
  return renderRoutes(
    [
      { path: '/lists', element: <output data-testid="lists-screen">lists</output> },
      { path: '/lists/new', element: <ListEditor /> },
      { path: '/lists/:id', element: <ListEditor /> },
    ],
    url,
  ).router;
}

const rows = () => screen.getAllByTestId('list-item');
const codes = () => screen.getAllByTestId<HTMLInputElement>('list-item-code').map((input) => input.value);
const saveButton = () => screen.getByTestId<HTMLButtonElement>('list-save');
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function addItem(code: string, description: string): Promise<void> {
  fireEvent.click(screen.getByTestId('list-item-add'));
  const row = rows().at(-1);
  if (!row) throw new Error('no new row');
  const code_ = within(row).getByTestId('list-item-code');
  await waitFor(() => expect(document.activeElement).toBe(code_));
  type(code_, code);
  type(within(row).getByTestId('list-item-description'), description);
}

describe('ListEditor', { timeout: 20_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saves = [];
    saveAnswer = (body) =>
      apiAnswer(200, {
        listInfos: [
          {
            ...units,
            listItems: (body.listInfos[0]?.listItems ?? []).map((item, sortOrder) => ({
              ...item,
              listItemId: 100 + sortOrder,
              sortOrder,
            })),
          },
        ],
      });
    signInAs(ADMIN);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSaved;
        if (url === 'api/list/find')
          return Promise.resolve(apiAnswer(200, { listInfos: [units], totalCount: 1 }));
        if (url === 'api/list/save') {
          saves.push(body);
          return Promise.resolve(saveAnswer(body));
        }
        return Promise.resolve(apiAnswer(404, {}, ['[Title] Not found']));
      }),
    );
  });

  it('shows the items in their order with Save and Cancel off while nothing changed', async () => {
    renderEditor();
    await waitFor(() => expect(codes()).toEqual(['mm', 'm', 'in']));
    expect(screen.getByTestId<HTMLInputElement>('list-code').value).toBe('unitlist');
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('list-cancel').disabled).toBe(true);
  });

  it('sends nothing when a change is undone before saving', async () => {
    renderEditor();
    await waitFor(() => expect(codes()).toHaveLength(3));
    const description = screen.getByLabelText('Description, row 2');
    type(description, 'Meter');
    expect(saveButton().disabled).toBe(false);
    expect(screen.getByTestId('list-dirty').textContent).toBe('Unsaved changes');
    type(description, 'Metre');
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(saveButton());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toEqual([]);
  });

  it('adds an item, moves it up and sends the items in the new order', async () => {
    renderEditor();
    await waitFor(() => expect(codes()).toHaveLength(3));
    await addItem('ft', 'Foot');
    const moveUp = screen.getByRole('button', { name: 'Move ft up' });
    fireEvent.click(moveUp);
    expect(codes()).toEqual(['mm', 'm', 'ft', 'in']);
    // The focus stays with the moved item, so the keyboard keeps moving it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move ft up' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move mm down' }));
    expect(codes()).toEqual(['m', 'mm', 'ft', 'in']);
    fireEvent.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      listInfos: [
        {
          listId: 4,
          listCode: 'unitlist',
          listDescription: 'Units',
          active: true,
          listItems: [
            { itemCode: 'm', itemDescription: 'Metre' },
            { itemCode: 'mm', itemDescription: 'Millimetre' },
            { itemCode: 'ft', itemDescription: 'Foot' },
            { itemCode: 'in', itemDescription: 'Inch' },
          ],
        },
      ],
    });
    // Saved: clean again, in the saved order.
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(codes()).toEqual(['m', 'mm', 'ft', 'in']);
  });

  it('sends the list without a removed item', async () => {
    renderEditor();
    await waitFor(() => expect(codes()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Remove m' }));
    expect(codes()).toEqual(['mm', 'in']);
    fireEvent.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.listInfos[0]?.listItems.map((item) => item.itemCode)).toEqual(['mm', 'in']);
  });

  it('marks a repeated code on its own row and sends nothing until it is fixed', async () => {
    renderEditor();
    await waitFor(() => expect(codes()).toHaveLength(3));
    await addItem('MM', 'Millimetre again');
    const [first, , , added] = rows();
    if (!first || !added) throw new Error('rows missing');
    expect(within(added).getByTestId('list-item-error').textContent).toBe(
      'The code MM is already in this list',
    );
    expect(within(added).getByTestId('list-item-code').getAttribute('aria-invalid')).toBe('true');
    expect(within(first).queryByTestId('list-item-error')).toBeNull();
    fireEvent.click(saveButton());
    await screen.findByText('Correct the marked fields, then save again.');
    expect(saves).toEqual([]);
  });

  it("shows the server's refusal of a row's code on that row's cell", async () => {
    saveAnswer = () =>
      new Response(
        JSON.stringify({
          responseCode: 400,
          errorMessages: ['[Title] Bad request', '[Detail] itemCode yd is repeated'],
          errorDetails: [
            {
              key: 'repeated',
              values: { name: 'itemCode', value: 'yd' },
              field: 'listInfos.0.listItems.3.itemCode',
            },
          ],
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    renderEditor();
    await waitFor(() => expect(codes()).toHaveLength(3));
    await addItem('yd', 'Yard');
    fireEvent.click(saveButton());
    await waitFor(() => expect(saves).toHaveLength(1));
    const row = rows()[3];
    if (!row) throw new Error('row 4 missing');
    await waitFor(() =>
      expect(within(row).getByTestId('list-item-error').textContent).toBe(
        'The code yd is already in this list',
      ),
    );
    expect(screen.getAllByTestId('list-item-error')).toHaveLength(1);
  });

  it('shows a taken list code (409) on the code field', async () => {
    saveAnswer = () =>
      new Response(
        JSON.stringify({
          responseCode: 409,
          errorMessages: ['[Title] Conflict', '[Detail] generic lists code already exists'],
          errorDetails: [{ key: 'alreadyExists', values: { name: 'generic lists code' } }],
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    renderEditor('/lists/new');
    type(await screen.findByTestId('list-code'), 'unitlist');
    await addItem('a', 'A');
    fireEvent.click(saveButton());
    await screen.findByText('Another list already has this code');
  });

  it('asks before leaving with unsaved changes', async () => {
    const router = renderEditor();
    await waitFor(() => expect(codes()).toHaveLength(3));
    type(screen.getByLabelText('Code, row 1'), 'mm2');
    await router.navigate('/lists');
    await screen.findByText('Leave without saving?');
    expect(screen.queryByTestId('lists-screen')).toBeNull();
    fireEvent.click(screen.getByTestId('lists-confirm-leave'));
    await screen.findByTestId('lists-screen');
  });

  it('is read-only without adminmanagement.update', async () => {
    signInAs(['contentmanagement.read']);
    renderEditor();
    await screen.findByText('Millimetre');
    expect(screen.queryByTestId('list-item-code')).toBeNull();
    expect(screen.queryByTestId('list-item-add')).toBeNull();
    expect(screen.queryByTestId('list-save')).toBeNull();
  });
});
