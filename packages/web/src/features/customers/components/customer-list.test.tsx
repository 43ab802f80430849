import type { TCustomer } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { i18n, initI18n } from '../../../shared/i18n/i18n.ts';
import { installBrowserStubs, LocationProbe } from '../../../shared/list/list-test-support.tsx';
import { CustomerList } from './customer-list.tsx';
import { customerCsvColumns } from './customers-csv.ts';

function token(permissions: string[]): string {
  const claims = {
    sub: '1',
    sid: 's',
    login: 'admin',
    roles: [],
    companyId: null,
    permissions,
    iat: 0,
    exp: Math.floor(Date.now() / 1000) + 900,
  };
  return `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;
}

const ADMIN = ['adminmanagement.read', 'companymanagement.read', 'usermanagement.read'];

const acme: TCustomer = {
  customerType: 'business',
  customerId: 4,
  customerName: 'Acme & Sons',
  email: 'office@acme.example',
  login: null,
  city: 'Lyon',
  country: 'France',
  status: 'active',
  userCount: 3,
};
const dormant: TCustomer = {
  ...acme,
  customerId: 5,
  customerName: 'Dormant Ltd',
  email: null,
  city: null,
  country: null,
  status: 'suspended',
  userCount: 0,
};
const solo: TCustomer = {
  customerType: 'individual',
  customerId: 12,
  customerName: 'Sam Solo',
  email: 'sam@example.com',
  login: 'sam.solo',
  city: null,
  country: null,
  status: 'active',
  userCount: null,
};

let bodies: Record<string, unknown>[] = [];
let answer: { customerInfos: TCustomer[]; totalCount: number } | 'fail' = {
  customerInfos: [],
  totalCount: 0,
};

function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  if (url === 'api/customer/find') bodies.push(body);
  const payload =
    answer === 'fail'
      ? { responseCode: 500, errorMessages: ['[Title] Server error'], errorDetails: [] }
      : { responseCode: 200, errorMessages: [], ...answer };
  return Promise.resolve(
    new Response(JSON.stringify(payload), {
      status: payload.responseCode,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function renderList(url = '/customers') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <App>
          <MemoryRouter initialEntries={[url]}>
            <CustomerList />
            <LocationProbe />
          </MemoryRouter>
        </App>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const lastBody = () => bodies.at(-1);

async function choose(filter: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: filter }));
  const options = await screen.findAllByTitle(option);
  await act(async () => {
    fireEvent.click(options.at(-1)!);
  });
}

describe('CustomerList', { timeout: 30_000 }, () => {
  beforeAll(() => {
    initI18n('en');
    installBrowserStubs();
  });

  beforeEach(async () => {
    await i18n.changeLanguage('en');
    bodies = [];
    answer = { customerInfos: [acme, dormant, solo], totalCount: 3 };
    sessionStore.setAuth({ id: 1, authToken: token(ADMIN), refreshToken: 'r' }, null);
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('asks for the first page by name and shows type and status tags', async () => {
    renderList();
    const table = await screen.findByTestId('customer-table');
    await within(table).findByText('Acme & Sons');
    expect(lastBody()).toEqual({ page: 1, pageSize: 20, sort: [{ field: 'customerName', dir: 'asc' }] });
    expect(screen.getByText('Customers: 3')).toBeTruthy();
    const rows = within(table).getAllByTestId('list-row');
    expect(rows.map((row) => within(row).getByTestId('customer-type').textContent)).toEqual([
      'Business',
      'Business',
      'Individual',
    ]);
    expect(rows.map((row) => within(row).getByTestId('customer-status').textContent)).toEqual([
      'Active',
      'Suspended',
      'Active',
    ]);
    expect(within(rows[0]!).getByText('Lyon, France')).toBeTruthy();
    expect(within(rows[0]!).getByText('3')).toBeTruthy();
  });

  it('links a business to the companies screen and an individual to the users screen', async () => {
    renderList();
    const table = await screen.findByTestId('customer-table');
    const business = await within(table).findByRole('link', { name: 'Acme & Sons' });
    expect(business.getAttribute('href')).toBe('/companies?q=Acme+%26+Sons');
    const person = within(table).getByRole('link', { name: 'Sam Solo' });
    expect(person.getAttribute('href')).toBe('/users?q=sam.solo');
    expect(within(table).getByText('sam.solo')).toBeTruthy();
  });

  it('names individuals without a link for a reader who may not open the users screen', async () => {
    sessionStore.setAuth({ id: 2, authToken: token(['companymanagement.read']), refreshToken: 'r' }, null);
    renderList();
    const table = await screen.findByTestId('customer-table');
    await within(table).findByRole('link', { name: 'Acme & Sons' });
    expect(within(table).queryByRole('link', { name: 'Sam Solo' })).toBeNull();
    expect(within(table).getByText('Sam Solo')).toBeTruthy();
    // Individuals are listed for admins only: no type filter for others.
    expect(screen.queryByRole('combobox', { name: 'Customer type' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Customer status' })).toBeTruthy();
  });

  it('sends the chosen type and status as list filters and keeps them in the URL', async () => {
    renderList();
    await screen.findByText('Acme & Sons');
    await choose('Customer type', 'Individual');
    await waitFor(() => expect(location()).toBe('?type=individual'));
    await waitFor(() =>
      expect(lastBody()).toEqual({
        page: 1,
        pageSize: 20,
        sort: [{ field: 'customerName', dir: 'asc' }],
        customerTypes: ['individual'],
      }),
    );
    await choose('Customer status', 'Suspended');
    await waitFor(() => expect(location()).toBe('?type=individual&status=suspended'));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ customerTypes: ['individual'], statuses: ['suspended'] }),
    );
    await choose('Customer type', 'All types');
    await waitFor(() => expect(location()).toBe('?status=suspended'));
    await waitFor(() => expect(lastBody()).not.toHaveProperty('customerTypes'));
  });

  it('reads search, filters, sort and page from the URL, and drops values the server does not know', async () => {
    renderList('/customers?page=2&sort=country:desc&q=%20acme%20&type=business&status=bogus');
    await screen.findByText('Acme & Sons');
    expect(lastBody()).toEqual({
      page: 2,
      pageSize: 20,
      sort: [{ field: 'country', dir: 'desc' }],
      search: 'acme',
      customerTypes: ['business'],
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search customers' }).value).toBe(
      ' acme ',
    );
  });

  it('searches as typing pauses and starts again at the first page', async () => {
    renderList('/customers?page=3');
    await screen.findByText('Acme & Sons');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: 'solo' },
    });
    await waitFor(() => expect(location()).toBe('?q=solo'), { timeout: 2000 });
    await waitFor(() => expect(lastBody()).toMatchObject({ page: 1, search: 'solo' }));
  });

  it('says when nothing matches and clears the filters on request', async () => {
    answer = { customerInfos: [], totalCount: 0 };
    renderList('/customers?status=suspended');
    await screen.findByText('No customer matches the search or filters.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    });
    await waitFor(() => expect(location()).toBe(''));
    expect(screen.getByTestId<HTMLButtonElement>('list-export').disabled).toBe(true);
  });

  it('shows an error with a way to load again', async () => {
    answer = 'fail';
    renderList();
    await screen.findByRole('button', { name: /try again|retry/i });
  });

  it('exports the columns in the reader language', () => {
    const columns = customerCsvColumns(i18n.t);
    expect(columns.map((c) => c.header)).toEqual([
      'Name',
      'Type',
      'Status',
      'Login',
      'E-mail',
      'City',
      'Country',
      'Users',
    ]);
    expect(columns.map((c) => c.value(solo))).toEqual([
      'Sam Solo',
      'Individual',
      'Active',
      'sam.solo',
      'sam@example.com',
      null,
      null,
      null,
    ]);
  });
});
