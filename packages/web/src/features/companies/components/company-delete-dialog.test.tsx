import type { TCompany } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n/i18n.ts';
import { installBrowserStubs } from '../../../shared/list/list-test-support.tsx';
import { CompanyDeleteDialog, type TCompanyDeleteDialogProps } from './company-delete-dialog.tsx';

function company(id: number, name: string, parentId: number | null, extra: Partial<TCompany> = {}): TCompany {
  return {
    companyId: id,
    companyName: name,
    companyAddress: null,
    companyCity: null,
    companyRegion: null,
    companyZipCode: null,
    companyCountry: null,
    companyURL: null,
    companyContactName: null,
    companyPhoneNumber: null,
    companyFaxNumber: null,
    companyEmail: null,
    parentCompany: parentId === null ? null : { companyId: parentId, companyName: `#${parentId}` },
    childCompanies: [],
    companyLogoFileName: null,
    companyLogoHash: null,
    userCount: 0,
    companyParameters: null,
    globalParameters: null,
    companyLicense: null,
    companyTerms: null,
    useParentCompanyBranding: true,
    defaultMeasurementSystemId: null,
    active: true,
    isPartnerCompany: false,
    createdByUserId: 1,
    lastUpdate: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

const holding = company(1, 'Holding', null);
const acme = company(2, 'Acme', 1, {
  userCount: 3,
  childCompanies: [{ companyId: 3, companyName: 'Acme Nord' }],
});
const acmeNord = company(3, 'Acme Nord', 2);
const other = company(4, 'Other', 1);
const lonely = company(5, 'Lonely', 1);
const scope = [holding, acme, acmeNord, other, lonely];

let bodies: Record<string, unknown>[] = [];

function renderDialog(props: Partial<TCompanyDeleteDialogProps>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <App>
        <QueryClientProvider client={queryClient}>
          <CompanyDeleteDialog
            company={acme}
            companies={scope}
            isAdmin
            onClose={onClose}
            onDeleted={onDeleted}
            {...props}
          />
        </QueryClientProvider>
      </App>
    </I18nextProvider>,
  );
  return { onClose, onDeleted };
}

const confirm = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('company-delete-confirm'));
  });

describe('CompanyDeleteDialog', { timeout: 30_000 }, () => {
  beforeAll(() => {
    initI18n('en');
    installBrowserStubs();
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    bodies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
        return Promise.resolve(
          new Response(JSON.stringify({ responseCode: 200, errorMessages: [], companyInfos: [] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks where users and child companies go, the parent chosen first, and sends both', async () => {
    const { onDeleted, onClose } = renderDialog({});
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the company Acme?')).toBeTruthy();
    expect(within(dialog).getByText('Its users (3) move to')).toBeTruthy();
    expect(within(dialog).getByText('Its child companies (1) move under')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByText('Holding')).toHaveLength(2));
    await confirm();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      companyInfos: [{ companyId: 2 }],
      usersTo: { companyId: 1 },
      childrenTo: { companyId: 1 },
    });
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('sends users to no company and children to the top level when the company has no parent', async () => {
    renderDialog({ company: { ...acme, parentCompany: null } });
    const dialog = await screen.findByRole('dialog');
    // Without a parent in reach, users default to no company and children (admin) to the top level.
    await waitFor(() =>
      expect(within(dialog).getByText('No company (users without a company)')).toBeTruthy(),
    );
    expect(within(dialog).getByText('Top level (no parent company)')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ usersTo: { companyId: null }, childrenTo: { companyId: null } });
  });

  it('makes a non-admin choose where child companies go when the parent is out of reach', async () => {
    renderDialog({ company: { ...acme, parentCompany: null }, isAdmin: false });
    const dialog = await screen.findByRole('dialog');
    await confirm();
    await within(dialog).findByText('Choose where they go.');
    expect(bodies).toHaveLength(0);
  });

  it('only asks to confirm when the company has neither users nor children', async () => {
    renderDialog({ company: lonely });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
    expect(within(dialog).queryByText(/move to/)).toBeNull();
    await confirm();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ companyInfos: [{ companyId: 5 }] });
  });
});
