import type { TCompany } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { installBrowserStubs, renderAt } from '../../../shared/list/list-test-support.tsx';
import { CompanyList } from './company-list.tsx';

function token(permissions: string[]): string {
  const claims = {
    sub: '1',
    sid: 's',
    login: 'someone',
    roles: [],
    companyId: null,
    permissions,
    iat: 0,
    exp: Math.floor(Date.now() / 1000) + 900,
  };
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
}

function company(id: number, name: string, parentId: number | null): TCompany {
  return {
    companyId: id,
    companyName: name,
    companyAddress: null,
    companyCity: 'Linz',
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
    userCount: 2,
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
  };
}

const scope = [company(1, 'Holding', null), company(2, 'Acme', 1), company(3, 'Acme Nord', 2)];
let finds: Record<string, unknown>[] = [];

function renderList(permissions: string[], url = '/companies') {
  sessionStore.setAuth({ id: 1, authToken: token(permissions), refreshToken: 'r' }, null);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderAt(
    <QueryClientProvider client={queryClient}>
      <CompanyList />
    </QueryClientProvider>,
    url,
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('CompanyList', { timeout: 30_000 }, () => {
  beforeAll(() => installBrowserStubs());

  beforeEach(() => {
    finds = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (url.includes('terms/find')) {
          const terms = { responseCode: 200, errorMessages: [], termsInfos: [], totalCount: 0 };
          return Promise.resolve(Response.json(terms));
        }
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        finds.push(body);
        const parentIds = body.parentIds as number[] | undefined;
        const rows = parentIds
          ? scope.filter((c) => parentIds.includes(c.parentCompany?.companyId ?? 0))
          : scope;
        return Promise.resolve(
          new Response(
            JSON.stringify({
              responseCode: 200,
              errorMessages: [],
              companyInfos: rows,
              totalCount: rows.length,
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          ),
        );
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('lists the companies under the one chosen in the tree, and all again on request', async () => {
    renderList(['companymanagement.read', 'companymanagement.update']);
    const tree = await screen.findByTestId('company-tree');
    await within(tree).findByText('Acme');
    await act(async () => {
      fireEvent.click(within(tree).getByText('Acme'));
    });
    expect(location()).toBe('?parent=2');
    await waitFor(() => expect(finds.some((f) => JSON.stringify(f.parentIds) === '[2]')).toBe(true));
    const under = screen.getByTestId('company-under');
    expect(under.textContent).toContain('Companies under Acme');
    expect(within(under).getByRole('button', { name: /Edit Acme/ })).toBeTruthy();
    fireEvent.click(within(under).getByRole('button', { name: /Show all companies/ }));
    expect(location()).toBe('');
  });

  it('highlights the searched names in the tree', async () => {
    renderList(['companymanagement.read'], '/companies?q=nord');
    const tree = await screen.findByTestId('company-tree');
    await waitFor(() =>
      expect(
        within(tree)
          .getAllByTestId('tree-match')
          .map((m) => m.textContent),
      ).toEqual(['Nord']),
    );
    expect(finds.some((f) => f.search === 'nord')).toBe(true);
  });

  it('offers create, edit and delete only with the permissions for them', async () => {
    renderList(['companymanagement.read']);
    await screen.findAllByText('Acme Nord');
    expect(screen.queryByTestId('company-create')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    cleanup();
    renderList([
      'companymanagement.read',
      'companymanagement.create',
      'companymanagement.update',
      'companymanagement.delete',
    ]);
    await screen.findByTestId('company-create');
    expect(await screen.findAllByRole('button', { name: 'Delete Acme Nord' })).toHaveLength(1);
  });
});
