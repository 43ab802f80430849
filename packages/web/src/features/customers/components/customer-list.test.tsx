import type { TCustomer } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { CustomerList } from './customer-list.tsx';
import { customerCsvColumns } from './customers-csv.ts';

const ADMIN = ['adminmanagement.read', 'companymanagement.read', 'usermanagement.read'];

const acme: TCustomer = {
  customerType: 'Business',
  customerId: 4,
  customerName: 'Acme & Sons',
  email: 'office@acme.example',
  login: null,
  city: 'Lyon',
  country: 'France',
  status: 'Active',
  userCount: 3,
};
const dormant: TCustomer = {
  ...acme,
  customerId: 5,
  customerName: 'Dormant Ltd',
  email: null,
  city: null,
  country: null,
  status: 'Suspended',
  userCount: 0,
};
const solo: TCustomer = {
  customerType: 'Individual',
  customerId: 12,
  customerName: 'Sam Solo',
  email: 'sam@example.com',
  login: 'sam.solo',
  city: null,
  country: null,
  status: 'Active',
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
  return Promise.resolve(
    answer === 'fail'
      ? apiAnswer(500, { errorDetails: [] }, ['[Title] Server error'])
      : apiAnswer(200, answer),
  );
}

function renderList(url = '/customers') {
  return renderWithProviders(<CustomerList />, { url });
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
  screenTestHooks();

  beforeEach(() => {
    bodies = [];
    answer = { customerInfos: [acme, dormant, solo], totalCount: 3 };
    signInAs(ADMIN);
    vi.stubGlobal('fetch', vi.fn(serve));
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
    signInAs(['companymanagement.read'], { id: 2 });
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
    await waitFor(() => expect(location()).toBe('?type=Individual'));
    await waitFor(() =>
      expect(lastBody()).toEqual({
        page: 1,
        pageSize: 20,
        sort: [{ field: 'customerName', dir: 'asc' }],
        customerTypes: ['Individual'],
      }),
    );
    await choose('Customer status', 'Suspended');
    await waitFor(() => expect(location()).toBe('?type=Individual&status=Suspended'));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ customerTypes: ['Individual'], statuses: ['Suspended'] }),
    );
    await choose('Customer type', 'All types');
    await waitFor(() => expect(location()).toBe('?status=Suspended'));
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
      customerTypes: ['Business'],
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
