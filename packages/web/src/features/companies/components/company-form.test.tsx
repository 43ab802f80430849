import type { TCompany } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubWindowWidth } from '../../../shared/list/list-test-support.tsx';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { signInAs } from '../../../shared/test/test-session.ts';
import { toastStore } from '../../../shared/toast/toast-store.ts';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { testCompany } from './test-company.ts';
import { CompanyForm, type TCompanyFormProps } from './company-form.tsx';

const MANAGER = ['companymanagement.read', 'companymanagement.create', 'companymanagement.update'];

const company = (id: number, name: string, parent: TCompany | null) =>
  testCompany(id, name, parent, {
    companyCity: 'Berlin',
    companyCountry: 'Germany',
    companyParameters: { region: 'north' },
  });
const root = company(1, 'Holding', null);
const acme = company(2, 'Acme', root);
const acmeChild = company(3, 'Acme Nord', acme);
const other = company(4, 'Other', root);
const scope = [root, acme, acmeChild, other];

const licence = {
  licenseInfoId: 12,
  licenseCode: 'ACME-2027',
  licenseType: null,
  licenseDescription: 'Acme group',
  licenseValidUntil: '2027-06-30T00:00:00.000Z',
  maxNumberOfUsers: 25,
  currentNumberOfUsers: 7,
  accountManager: null,
  licenseStatus: null,
  active: true,
  licenseClaims: [],
  validCheck: null,
  validCheckDate: null,
  companies: [],
};

type TCall = { url: string; method: string; body: Record<string, unknown> };
let calls: TCall[] = [];
let saveAnswer: { status: number; body: object } = { status: 200, body: {} };
let stored: TCompany = acme;

function renderForm(props: Partial<TCompanyFormProps> = {}) {
  const onClose = vi.fn();
  renderWithProviders(
    <CompanyForm open company={acme} companies={scope} defaultParentId={null} onClose={onClose} {...props} />,
  );
  return { onClose };
}

const saves = () => calls.filter((c) => c.url.endsWith('/company/save') || c.url.endsWith('/company/update'));
const sent = (index = 0) => (saves()[index]?.body.companyInfos as Record<string, unknown>[] | undefined)?.[0];
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('company-form-save'));
  });
const openTab = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('tab', { name }));
  });
const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
/** antd reads the window width through matchMedia: a wide window gets the tabs, a phone the sections. */
const toasts = () => toastStore.getSnapshot().map((t) => t.message);

describe('CompanyForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => stubWindowWidth(true));

  beforeEach(() => {
    calls = [];
    stored = acme;
    saveAnswer = { status: 200, body: { companyInfos: [acme] } };
    signInAs(MANAGER, { companyId: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        calls.push({ url, method: init?.method ?? 'GET', body });
        if (url.includes('/company/get/')) return Promise.resolve(apiAnswer(200, { companyInfos: [stored] }));
        if (url.endsWith('/license/find'))
          return Promise.resolve(apiAnswer(200, { licenseInfos: [licence], totalCount: 1 }));
        if (url.endsWith('/terms/find'))
          return Promise.resolve(apiAnswer(200, { termsInfos: [], totalCount: 0 }));
        return Promise.resolve(apiAnswer(saveAnswer.status, saveAnswer.body));
      }),
    );
  });

  it('shows the fields in six tabs, licence and terms as read-only summaries', async () => {
    renderForm();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Details', 'Contact', 'Branding', 'Licence', 'Terms', 'Parameters']);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme'));
    // Without partnermanagement.update the partner switch is not offered.
    expect(screen.queryByText('Partner company')).toBeNull();
    await openTab('Licence');
    expect(screen.getByText('No licence')).toBeTruthy();
    expect(screen.getByText('Licences are managed under Licences.')).toBeTruthy();
  });

  it('shows one section after another on a phone instead of tabs', async () => {
    stubWindowWidth(false);
    renderForm();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Details', 'Contact', 'Branding', 'Licence', 'Terms', 'Parameters']),
    );
  });

  it('offers the partner switch with partner management rights', async () => {
    signInAs([...MANAGER, 'partnermanagement.update'], { companyId: 1 });
    renderForm();
    await waitFor(() => expect(screen.getByTestId('company-partner')).toBeTruthy());
  });

  it('links a licence chosen from the list, showing its seats', async () => {
    signInAs([...MANAGER, 'partnermanagement.read'], { companyId: 1 });
    renderForm();
    await openTab('Licence');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Licence/ }));
    fireEvent.click(await screen.findByTitle('ACME-2027 – Acme group'));
    const summary = await screen.findByTestId('licence-summary');
    expect(within(summary).getByText('7 / 25')).toBeTruthy();
    expect(within(summary).getByRole('button', { name: /Check/ })).toBeTruthy();
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(sent()).toMatchObject({ companyLicense: { licenseInfoId: 12 } });
    expect(sent()).not.toHaveProperty('companyTerms');
  });

  it('sends nothing when saved unchanged', async () => {
    const { onClose } = renderForm();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme'));
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toHaveLength(0);
    expect(toasts()).toContain('Nothing was changed, so nothing was saved.');
  });

  it('updates with the lastUpdate it read, leaving out the unchanged parent, parameters and logo', async () => {
    const { onClose } = renderForm();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme'));
    fireEvent.change(field('City'), { target: { value: 'Hamburg' } });
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.url).toContain('/company/update');
    expect(sent()).toMatchObject({
      companyId: 2,
      lastUpdate: '2026-11-20T10:00:00.000Z',
      companyName: 'Acme',
      companyCity: 'Hamburg',
    });
    expect(sent()).not.toHaveProperty('parentCompany');
    expect(sent()).not.toHaveProperty('companyParameters');
    expect(sent()).not.toHaveProperty('companyLogoBase64');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('adds and removes parameter rows and refuses a duplicate key', async () => {
    renderForm();
    await openTab('Parameters');
    const list = within(screen.getByTestId('params-companyParameters'));
    await waitFor(() => expect(list.getByLabelText<HTMLInputElement>(/^Key 1 of/).value).toBe('region'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('params-add-companyParameters'));
    });
    fireEvent.change(list.getByLabelText(/^Key 2 of/), { target: { value: 'region' } });
    fireEvent.change(list.getByLabelText(/^Value 2 of/), { target: { value: 'south' } });
    await save();
    expect(await list.findAllByText('The key region is used more than once.')).toHaveLength(2);
    expect(saves()).toHaveLength(0);

    fireEvent.change(list.getByLabelText(/^Key 2 of/), { target: { value: 'tier' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('params-add-companyParameters'));
    });
    expect(list.getAllByTestId('param-row')).toHaveLength(3);
    await act(async () => {
      fireEvent.click(list.getByRole('button', { name: /^Remove parameter 3 of/ }));
    });
    expect(list.getAllByTestId('param-row')).toHaveLength(2);
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(sent()?.companyParameters).toEqual({ region: 'north', tier: 'south' });
    expect(sent()).not.toHaveProperty('globalParameters');
  });

  it('brings the tab with an error forward', async () => {
    renderForm();
    await openTab('Contact');
    fireEvent.change(field('E-mail'), { target: { value: 'not-an-address' } });
    await openTab('Details');
    await save();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Contact' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await screen.findByText('E-mail is not valid')).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });

  it('says when someone else saved meanwhile, and reloads the stored company', async () => {
    saveAnswer = {
      status: 409,
      body: {
        errorMessages: ['[Title] Conflict', '[Detail] This company was changed by someone else meanwhile'],
        errorDetails: [
          { key: 'staleUpdate', values: { name: 'company' }, field: 'companyInfos.0.lastUpdate' },
        ],
      },
    };
    const { onClose } = renderForm();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme'));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Mine' } });
    await save();
    await screen.findByTestId('company-stale');
    expect(screen.getByText('Someone else changed this company meanwhile')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('company-form-save').hasAttribute('disabled')).toBe(true);

    stored = { ...acme, companyName: 'Acme Theirs', lastUpdate: '2026-11-21T09:00:00.000Z' };
    saveAnswer = { status: 200, body: { companyInfos: [stored] } };
    await act(async () => {
      fireEvent.click(screen.getByTestId('company-reload'));
    });
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme Theirs'));
    expect(screen.queryByTestId('company-stale')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Acme Mine' } });
    await save();
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(sent(1)).toMatchObject({ companyName: 'Acme Mine', lastUpdate: '2026-11-21T09:00:00.000Z' });
  });

  it('shows the server refusing a cycle on the parent field', async () => {
    saveAnswer = {
      status: 409,
      body: {
        errorMessages: ['[Title] Conflict', '[Detail] A company cannot be placed under itself'],
        errorDetails: [{ key: 'companyCycle', field: 'companyInfos.0.parentCompany' }],
      },
    };
    renderForm();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Acme'));
    fireEvent.change(field('City'), { target: { value: 'Hamburg' } });
    await openTab('Contact');
    await save();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true'),
    );
    const parentItem = screen.getByTestId('company-parent').closest('.ant-form-item') as HTMLElement;
    await within(parentItem).findByText(
      'A company cannot be placed under itself or one of its own child companies',
    );
  });

  it('creates a company under the parent it was opened for', async () => {
    const { onClose } = renderForm({ company: null, defaultParentId: 4 });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New One' } });
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.url).toContain('/company/save');
    expect(sent()).toMatchObject({
      companyName: 'New One',
      parentCompany: { companyId: 4 },
      useParentCompanyBranding: true,
      active: true,
      companyParameters: {},
    });
    expect(sent()).not.toHaveProperty('companyId');
    expect(sent()).not.toHaveProperty('lastUpdate');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
