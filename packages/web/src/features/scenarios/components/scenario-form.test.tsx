import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnvironment } from '../../../shared/api/environment.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { scenarioFormValues, scenarioInputOf } from './scenario-form-model.ts';
import { ScenarioForm } from './scenario-form.tsx';

type TSent = { scenarioInfos: Array<Record<string, unknown>> };
let saved: TSent[] = [];
/** The answer of the construction materials list: its items, or a failure (the list is missing). */
let materials: Array<{ itemCode: string; itemDescription: string }> | 'missing' = [];
/** The answer of the next save. */
let saveAnswer: () => Response = () => apiAnswer(200, { scenarioInfos: [] });

const list = (code: string, items: Array<{ itemCode: string; itemDescription: string }>) => ({
  listInfos: [
    {
      listId: 1,
      listCode: code,
      listDescription: null,
      active: true,
      listItems: items.map((item, index) => ({ listItemId: index + 1, sortOrder: index, ...item })),
    },
  ],
});

function answer(url: string, init?: RequestInit): Response {
  if (url.includes('info/env'))
    return apiAnswer(200, {
      environment: [
        { key: 'constructionMaterialsListCode', value: 'constructionmateriallist' },
        { key: 'constructionServicesListCode', value: 'constructionservicelist' },
      ],
    });
  if (url.includes('list/get/constructionmateriallist'))
    return materials === 'missing'
      ? apiAnswer(404, {}, ['[Title] Not found'])
      : apiAnswer(200, list('c', materials));
  if (url.includes('list/get/')) return apiAnswer(200, { listInfos: [] });
  if (url.includes('scenario/save') || url.includes('scenario/update')) {
    saved.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSent);
    return saveAnswer();
  }
  if (url.includes('family/find')) return apiAnswer(200, { revitFamilyInfos: [], totalCount: 0 });
  if (url.includes('parameterlist')) return apiAnswer(200, { parameterListInfos: [], totalCount: 0 });
  return apiAnswer(200, { companyInfos: [] });
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('scenario-form-save'));
  });
const typeInto = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function renderForm() {
  await loadEnvironment();
  renderWithProviders(<ScenarioForm open scenario={null} onClose={vi.fn()} />, { url: '/scenarios' });
  await screen.findByTestId('scenario-form');
}

describe('scenarioInputOf', () => {
  it('sends texts trimmed, empties as null, and nothing for an edit that changed nothing', () => {
    const values = {
      ...scenarioFormValues(null),
      scenarioName: ' Seal ',
      documentType: '  ',
      pageNumber: '12',
    };
    expect(scenarioInputOf(null, values)).toMatchObject({
      scenarioName: 'Seal',
      documentType: null,
      pageNumber: '12',
      fireRating: '',
      constructionMaterialCode: null,
      active: true,
    });
    const stored = {
      ...scenarioFormValues(null),
      scenarioId: 4,
      scenarioName: 'Seal',
      revitFamilyName: null,
      companyName: null,
      parameterListCode: null,
      fireRating: '0',
      tifStatus: 'A' as const,
      tifAction: null,
      tifOriginalId: null,
      tifTempId: null,
      createdOn: '',
      lastUpdate: '',
      documentType: null,
      pageNumber: null,
      detailReference: null,
      acousticPerformance: null,
      serviceSupport: null,
    };
    expect(scenarioInputOf(stored, scenarioFormValues(stored))).toBeNull();
    expect(scenarioInputOf(stored, { ...scenarioFormValues(stored), fireRating: 'EI 90' })).toMatchObject({
      scenarioId: 4,
      fireRating: 'EI 90',
    });
  });
});

describe('ScenarioForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saved = [];
    materials = [
      { itemCode: 'concrete', itemDescription: 'Concrete' },
      { itemCode: 'clt', itemDescription: 'Cross-laminated timber' },
    ];
    saveAnswer = () => apiAnswer(200, { scenarioInfos: [] });
    signInAs(['contentmanagement.read', 'contentmanagement.create', 'contentmanagement.update']);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init))),
    );
  });

  it('says the name is required and a minimum above its maximum is refused, sending nothing', async () => {
    await renderForm();
    fireEvent.change(screen.getByTestId('scenario-apertureSizeMinWidth'), { target: { value: '300' } });
    fireEvent.change(screen.getByTestId('scenario-apertureSizeMaxWidth'), { target: { value: '100' } });
    await save();
    await screen.findByText('Scenario name is required');
    await screen.findByText('Aperture width from (300) is above aperture width to (100)');
    expect(saved).toHaveLength(0);
  });

  it('chooses the construction material from its generic list, shown with its description', async () => {
    await renderForm();
    typeInto('scenario-scenarioName', 'Collar in concrete wall');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Construction material/ }));
    fireEvent.click(await screen.findByTitle('Cross-laminated timber (clt)'));
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.scenarioInfos[0]).toMatchObject({
      scenarioName: 'Collar in concrete wall',
      constructionMaterialCode: 'clt',
    });
  });

  it('takes the code as free text when the list is missing', async () => {
    materials = 'missing';
    await renderForm();
    typeInto('scenario-scenarioName', 'Earth wall seal');
    await waitFor(() =>
      expect(screen.getByTestId('scenario-constructionMaterialCode').dataset.freeText).toBe('true'),
    );
    expect(screen.getByTestId('scenario-constructionMaterialCode').tagName).toBe('INPUT');
    typeInto('scenario-constructionMaterialCode', 'rammed-earth');
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.scenarioInfos[0]).toMatchObject({ constructionMaterialCode: 'rammed-earth' });
  });

  it('shows a request waiting for an admin in amber, with the way to the approvals', async () => {
    await loadEnvironment();
    const pending = {
      ...scenarioFormValues(null),
      scenarioId: 8,
      scenarioName: 'Proposed seal',
      revitFamilyName: null,
      companyName: null,
      parameterListCode: null,
      fireRating: '0',
      tifStatus: 'RfA' as const,
      tifAction: null,
      tifOriginalId: null,
      tifTempId: null,
      createdOn: '',
      lastUpdate: '',
      documentType: null,
      pageNumber: null,
      detailReference: null,
      acousticPerformance: null,
      serviceSupport: null,
    };
    renderWithProviders(<ScenarioForm open scenario={pending} onClose={vi.fn()} />, { url: '/scenarios' });
    const notice = await screen.findByTestId('workflow-pending');
    expect(notice.dataset.status).toBe('RfA');
    expect(notice.textContent).toContain('Awaiting approval');
    expect(notice.textContent).toContain('an administrator decides');
    expect(screen.getByRole('link', { name: 'Open in the approvals' }).getAttribute('href')).toContain(
      'approvals?q=Proposed%20seal',
    );
  });

  it("shows the server's refusal of a field at that field", async () => {
    materials = [];
    saveAnswer = () =>
      new Response(
        JSON.stringify({
          responseCode: 400,
          errorMessages: ['[Title] Bad request', '[Detail] fireRating is too long'],
          errorDetails: [
            {
              key: 'maxLength',
              field: 'scenarioInfos.0.fireRating',
              values: { name: 'fireRating', max: 50 },
            },
          ],
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    await renderForm();
    typeInto('scenario-scenarioName', 'Seal');
    typeInto('scenario-fireRating', 'EI 60');
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    const item = screen.getByTestId('scenario-fireRating').closest('.ant-form-item');
    await waitFor(() =>
      expect(item?.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/fire rating.*50/i),
    );
  });
});
