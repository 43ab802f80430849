import type { TParameterList } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { changesOf, draftOf } from './parameter-draft.ts';
import { ParameterListForm } from './parameter-list-editor.tsx';

const EDITOR = [
  'contentmanagement.read',
  'contentmanagement.create',
  'contentmanagement.update',
  'contentmanagement.delete',
];

const doors: TParameterList = {
  parameterListId: 3,
  parameterListCode: 'DOORS',
  parameterListDescription: 'Door parameters',
  active: true,
  companyId: 7,
  companyName: 'Acme',
  userId: 1,
  familyCount: 0,
  parameters: [
    {
      parameterId: 11,
      parameterName: 'Width',
      parameterValue: '900',
      parameterValueType: 'length',
      enabled: true,
      readOnly: false,
      parameterMeasurementUnitId: 101,
      parameterListId: 3,
    },
    {
      parameterId: 12,
      parameterName: 'Fire rated',
      parameterValue: 'yes',
      parameterValueType: 'yesno',
      enabled: true,
      readOnly: true,
      parameterMeasurementUnitId: null,
      parameterListId: 3,
    },
  ],
};

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];
const writes = () => calls.filter((c) => /\/parameters\/(save|update|delete)\//.test(c.url));

function renderEditor(list: TParameterList | null = doors, permissions = EDITOR) {
  initI18n('en');
  signInAs(permissions, { companyId: 7 });
  return renderRoutes(
    [
      { path: '/parameter-lists/:id', element: <ParameterListForm list={list} /> },
      { path: '/parameter-lists', element: <p>The lists</p> },
    ],
    '/parameter-lists/3',
  ).router;
}

const rows = () => screen.getAllByTestId('parameter-row');
const row = (index: number) => {
  const found = rows()[index];
  if (!found) throw new Error(`no row ${index}`);
  return within(found);
};
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('parameter-list-save'));
  });

async function chooseType(index: number, label: string) {
  fireEvent.mouseDown(row(index).getByRole('combobox', { name: `Type, row ${index + 1}` }));
  const options = await screen.findAllByTitle(label);
  const option = options.at(-1);
  if (!option) throw new Error(`no option ${label}`);
  fireEvent.click(option);
}

describe('changesOf', () => {
  it('sends nothing for an unchanged list and only the removals when only rows went', () => {
    const saved = draftOf(doors, null);
    expect(changesOf(saved, saved, 3)).toEqual({ input: null, removedIds: [] });
    const fewer = { ...saved, parameters: saved.parameters.slice(1) };
    expect(changesOf(fewer, saved, 3)).toEqual({ input: null, removedIds: [11] });
  });
});

describe('ParameterListForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        calls.push({ url: String(url), body });
        if (String(url).includes('/list/get/unitlist/'))
          return Promise.resolve(
            apiAnswer(200, {
              listInfos: [
                {
                  listId: 1,
                  listCode: 'unitlist',
                  listDescription: null,
                  active: true,
                  listItems: [
                    { listItemId: 101, itemCode: 'mm', itemDescription: 'Millimetre', sortOrder: 1 },
                    { listItemId: 102, itemCode: 'm', itemDescription: 'Metre', sortOrder: 2 },
                  ],
                },
              ],
            }),
          );
        if (String(url).includes('/company/find'))
          return Promise.resolve(apiAnswer(200, { companyInfos: [{ companyId: 7, companyName: 'Acme' }] }));
        return Promise.resolve(apiAnswer(200, { parameterListInfos: [doors] }));
      }),
    );
  });

  it('sends nothing when saved unchanged', async () => {
    renderEditor();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await save();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes()).toEqual([]);
    expect(screen.queryByTestId('parameter-list-dirty')).toBeNull();
  });

  it('marks a value that does not fit its type in its cell and sends nothing', async () => {
    renderEditor();
    const width = row(0).getByRole('textbox', { name: 'Value, row 1' });
    fireEvent.change(width, { target: { value: '-5' } });
    await row(0).findByText('Enter a number of 0 or more');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    await save();
    expect(writes()).toEqual([]);
    expect(screen.getByRole('alert').textContent).toBe('Correct the marked fields, then save again.');

    fireEvent.change(width, { target: { value: '12.5' } });
    await waitFor(() => expect(row(0).queryByTestId('parameter-error')).toBeNull());
    // A text parameter takes any value; turned into a whole number, the same text no longer fits.
    fireEvent.click(screen.getByTestId('parameter-add'));
    fireEvent.change(row(2).getByRole('textbox', { name: 'Parameter name, row 3' }), {
      target: { value: 'Count' },
    });
    fireEvent.change(row(2).getByRole('textbox', { name: 'Value, row 3' }), { target: { value: '2.5' } });
    expect(row(2).queryByTestId('parameter-error')).toBeNull();
    await chooseType(2, 'Whole number');
    await row(2).findByText('Enter a whole number');
  });

  it('offers a unit for lengths only', async () => {
    renderEditor();
    await waitFor(() => expect(row(0).getByTestId('parameter-unit')).toBeTruthy());
    await waitFor(() => expect(rows()[0]?.textContent).toContain('mm'));
    expect(row(1).queryByTestId('parameter-unit')).toBeNull();
    expect(row(1).getByLabelText('No unit')).toBeTruthy();
    // A yes/no value is a choice, not a text field.
    expect(row(1).getByRole('combobox', { name: 'Value, row 2' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('parameter-add'));
    expect(row(2).queryByTestId('parameter-unit')).toBeNull();
    await chooseType(2, 'Length');
    await waitFor(() => expect(row(2).getByTestId('parameter-unit')).toBeTruthy());
  });

  it('removes a saved parameter through the delete call after saving the rest', async () => {
    renderEditor();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(row(1).getByRole('button', { name: 'Remove Fire rated' }));
    expect(rows()).toHaveLength(1);
    await screen.findByTestId('parameter-list-dirty');
    await save();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.url).toContain('/parameters/delete/parameterlist');
    expect(writes()[0]?.body).toEqual({ parameterInfos: [{ parameterId: 12 }] });
  });

  it('sends a changed value by update, then the removal, while a new row removed sends nothing', async () => {
    renderEditor();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(row(0).getByRole('textbox', { name: 'Value, row 1' }), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('parameter-add'));
    fireEvent.click(row(2).getByRole('button', { name: 'Remove Row 3' }));
    fireEvent.click(row(1).getByRole('button', { name: 'Remove Fire rated' }));
    await save();
    await waitFor(() => expect(writes()).toHaveLength(2));
    const [update, removal] = writes();
    expect(update?.url).toContain('/parameters/update/parameterlist');
    expect(update?.body).toEqual({
      parameterListInfos: [
        {
          parameterListId: 3,
          parameterListCode: 'DOORS',
          parameterListDescription: 'Door parameters',
          active: true,
          companyId: 7,
          parameters: [
            {
              parameterId: 11,
              parameterName: 'Width',
              parameterValue: '1000',
              parameterValueType: 'length',
              enabled: true,
              readOnly: false,
              parameterMeasurementUnitId: 101,
            },
          ],
        },
      ],
    });
    expect(removal?.url).toContain('/parameters/delete/parameterlist');
    expect(removal?.body).toEqual({ parameterInfos: [{ parameterId: 12 }] });
  });

  it('shows the list read-only without the update permission', async () => {
    renderEditor(doors, ['contentmanagement.read']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByTestId('parameter-list-save')).toBeNull();
    expect(screen.queryByTestId('parameter-add')).toBeNull();
    expect(screen.queryByTestId('parameter-list-delete')).toBeNull();
    expect(screen.getByText('You may look at this parameter list but not change it.')).toBeTruthy();
  });
});
