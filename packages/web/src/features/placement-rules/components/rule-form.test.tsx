import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnvironment } from '../../../shared/api/environment.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { RuleForm } from './rule-form.tsx';

type TSent = { placementRuleInfos: Array<Record<string, unknown>> };
let saved: TSent[] = [];
/** Whether the environment names the services list at all. */
let servicesNamed = true;
let savedStatus: string = 'A';

const services = {
  listInfos: [
    {
      listId: 1,
      listCode: 'servicelist',
      listDescription: null,
      active: true,
      listItems: [
        { listItemId: 1, itemCode: 'pipe-plastic', itemDescription: 'Plastic pipe', sortOrder: 0 },
        { listItemId: 2, itemCode: 'duct', itemDescription: 'Ventilation duct', sortOrder: 1 },
      ],
    },
  ],
};

function answer(url: string, init?: RequestInit): Response {
  if (url.includes('info/env'))
    return apiAnswer(200, {
      environment: [
        ...(servicesNamed ? [{ key: 'servicesListCode', value: 'servicelist' }] : []),
        { key: 'materialsListCode', value: 'materiallist' },
      ],
    });
  if (url.includes('list/get/servicelist')) return apiAnswer(200, services);
  if (url.includes('list/get/')) return apiAnswer(200, { listInfos: [] });
  if (url.includes('placement-rules/save')) {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSent;
    saved.push(body);
    const sent = body.placementRuleInfos[0] ?? {};
    return apiAnswer(200, {
      placementRuleInfos: [
        {
          placementRuleId: 9,
          placementRuleName: sent.placementRuleName,
          scenarioId: null,
          scenarioName: null,
          typeCode: sent.typeCode ?? null,
          materialCode: null,
          serviceSizeRangeLow: null,
          serviceSizeRangeHigh: null,
          closureDeviceSystemType: null,
          closureDeviceSystemCount: null,
          closureDeviceSystemThickness: null,
          additionalInsulationTypeCode: null,
          additionalInsulationThickness: null,
          active: true,
          companyId: 3,
          tifStatus: savedStatus,
          tifAction: null,
          tifOriginalId: null,
          tifTempId: null,
          lastUpdate: '2026-11-26T10:00:00.000Z',
          createdOn: '2026-11-26T10:00:00.000Z',
        },
      ],
    });
  }
  if (url.includes('scenario/find')) return apiAnswer(200, { scenarioInfos: [], totalCount: 0 });
  return apiAnswer(200, { companyInfos: [] });
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('rule-form-save'));
  });

async function renderForm() {
  await loadEnvironment();
  renderWithProviders(<RuleForm open rule={null} onClose={vi.fn()} />, { url: '/placement-rules' });
  await screen.findByTestId('rule-form');
  fireEvent.change(screen.getByTestId('rule-name'), { target: { value: 'Plastic pipes' } });
}

describe('RuleForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saved = [];
    servicesNamed = true;
    savedStatus = 'A';
    signInAs(['contentmanagement.read', 'contentmanagement.create', 'contentmanagement.update']);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init))),
    );
  });

  it('refuses a size range whose low bound is above its high bound, sending nothing', async () => {
    await renderForm();
    fireEvent.change(screen.getByTestId('rule-serviceSizeRangeLow'), { target: { value: '200' } });
    fireEvent.change(screen.getByTestId('rule-serviceSizeRangeHigh'), { target: { value: '110' } });
    await save();
    await screen.findByText('Service size from (200) is above service size to (110)');
    expect(saved).toHaveLength(0);
  });

  it('chooses the service type from the services list and says a partner waits for approval', async () => {
    savedStatus = 'RfA';
    const success = vi.spyOn(toast, 'success');
    await renderForm();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Service type/ }));
    fireEvent.click(await screen.findByTitle('Ventilation duct (duct)'));
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.placementRuleInfos[0]).toMatchObject({
      placementRuleName: 'Plastic pipes',
      typeCode: 'duct',
    });
    expect(success).toHaveBeenCalledWith('Plastic pipes was sent for approval.');
  });

  it('takes the service type as free text when the environment names no list', async () => {
    servicesNamed = false;
    await renderForm();
    await waitFor(() => expect(screen.getByTestId('rule-typeCode').dataset.freeText).toBe('true'));
    fireEvent.change(screen.getByTestId('rule-typeCode'), { target: { value: 'sprinkler' } });
    fireEvent.change(screen.getByTestId('rule-closureDeviceSystemType'), { target: { value: 'collar' } });
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.placementRuleInfos[0]).toMatchObject({
      typeCode: 'sprinkler',
      closureDeviceSystemType: 'collar',
      serviceSizeRangeLow: null,
    });
  });
});
