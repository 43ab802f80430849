import type { TActivityInfo } from '@portal/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_KIND_GROUPS } from '../../../shared/activity/activity-kinds.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { toastStore } from '../../../shared/toast/toast-store.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { ActivityList } from './activity-list.tsx';

const ADMIN = ['adminmanagement.read', 'partnermanagement.read', 'usermanagement.read'];
const PARTNER = ['partnermanagement.read', 'usermanagement.read'];

function row(id: number, extra: Partial<TActivityInfo> = {}): TActivityInfo {
  return {
    activityId: id,
    at: '2026-11-20T09:30:00Z',
    kind: 'category.update',
    userId: 1,
    userLogin: 'admin',
    companyId: 7,
    companyName: 'Acme',
    recordType: 'category',
    recordId: '12',
    changes: { categoryName: { old: 'Doors', new: 'Gates' } },
    detail: null,
    ip: '10.0.0.1',
    ...extra,
  };
}

type TBody = Record<string, unknown>;
let finds: TBody[] = [];
let exports: TBody[] = [];
let findAnswer: () => Response = () =>
  apiAnswer(200, {
    activityInfos: [
      row(2),
      row(1, { kind: 'login.failed', recordType: null, recordId: null, changes: null, userLogin: null }),
    ],
    totalCount: 2,
  });
const defaultFind = findAnswer;

function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TBody;
  if (url.endsWith('/activity/find')) {
    finds.push(body);
    return Promise.resolve(findAnswer());
  }
  if (url.endsWith('/activity/export')) {
    exports.push({ ...body, xsrf: new Headers(init?.headers).get('X-XSRF-TOKEN') });
    return Promise.resolve(
      new Response('at,kind\r\n2026-11-20T09:30:00Z,category.update\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="activity-2026-11-27.csv"',
        },
      }),
    );
  }
  if (url.endsWith('/user/find')) return Promise.resolve(apiAnswer(200, { userInfos: [], totalCount: 0 }));
  if (url.endsWith('/company/find'))
    return Promise.resolve(apiAnswer(200, { companyInfos: [], totalCount: 0 }));
  return Promise.resolve(apiAnswer(404));
}

const renderList = (url = '/activity') => renderWithProviders(<ActivityList />, { url });
const location = () => screen.getByTestId('location').textContent;
const lastFind = () => finds.at(-1);

async function choose(filter: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: filter }));
  const options = await screen.findAllByTitle(option);
  await act(async () => {
    fireEvent.click(options.at(-1)!);
  });
}

describe('ActivityList', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    finds = [];
    exports = [];
    findAnswer = defaultFind;
    signInAs(ADMIN);
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  it('asks for the newest first and shows kinds and record types in words', async () => {
    renderList();
    const table = await screen.findByTestId('activity-table');
    await within(table).findByText('Category changed');
    expect(lastFind()).toEqual({ page: 1, pageSize: 20, sort: [{ field: 'at', dir: 'desc' }] });
    expect(screen.getByText('Events: 2')).toBeTruthy();
    const rows = within(table).getAllByTestId('list-row');
    expect(within(rows[0]!).getByText('Category #12')).toBeTruthy();
    expect(within(rows[0]!).getByText('Category name')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed sign-in')).toBeTruthy();
    // Nobody signed in yet: the row names the system, not an empty cell.
    expect(within(rows[1]!).getByText('System')).toBeTruthy();
    expect(table.textContent).not.toMatch(/activity\.|login\.failed|category\.update/);
  });

  it('sends the filters of the URL and of the filter fields in the find request', async () => {
    renderList('/activity?type=category&from=2026-11-01&to=2026-11-20');
    await screen.findByText('Category changed');
    expect(lastFind()).toMatchObject({ recordTypes: ['category'] });
    expect(typeof lastFind()?.from).toBe('string');
    expect(typeof lastFind()?.to).toBe('string');

    await choose('What happened', 'Records changed');
    await waitFor(() => expect(location()).toContain('kind=changed'));
    await waitFor(() =>
      expect(lastFind()).toMatchObject({
        page: 1,
        kinds: [...ACTIVITY_KIND_GROUPS.changed],
        recordTypes: ['category'],
      }),
    );

    await choose('Record type', 'Family');
    await waitFor(() => expect(lastFind()).toMatchObject({ recordTypes: ['category', 'family'] }));
  });

  it('names the chosen user and company after a reload, from the rows', async () => {
    renderList('/activity?user=1&company=7');
    await screen.findByText('Category changed');
    expect(lastFind()).toMatchObject({ userIds: [1], companyIds: [7] });
    await waitFor(() => expect(screen.getByTestId('activity-user-filter').textContent).toContain('admin'));
    expect(screen.getByTestId('activity-company-filter').textContent).toContain('Acme');
  });

  it('narrows to one record from its history link and widens again on request', async () => {
    renderList('/activity?type=family&record=42');
    await screen.findByText('Category changed');
    expect(lastFind()).toMatchObject({ recordTypes: ['family'], recordId: '42' });
    fireEvent.click(screen.getByRole('button', { name: 'Only Family #42 – Show every record' }));
    await waitFor(() => expect(location()).toBe('?type=family'));
    await waitFor(() => expect(lastFind()).not.toHaveProperty('recordId'));
  });

  it('offers the company filter to admins only', async () => {
    renderList();
    await screen.findByText('Category changed');
    expect(screen.getByTestId('activity-user-filter')).toBeTruthy();
    expect(screen.getByTestId('activity-company-filter')).toBeTruthy();
    cleanup();
    signInAs(PARTNER, { id: 2, companyId: 7 });
    renderList();
    await screen.findByText('Category changed');
    expect(screen.getByTestId('activity-user-filter')).toBeTruthy();
    expect(screen.queryByTestId('activity-company-filter')).toBeNull();
  });

  it('opens a row’s change as a before and after table', async () => {
    renderList();
    const table = await screen.findByTestId('activity-table');
    await within(table).findByText('Category changed');
    fireEvent.click(within(table).getAllByRole('button', { name: /^Show details/ })[0]!);
    const details = await screen.findByTestId('activity-details');
    const change = within(details).getByTestId('activity-change');
    expect(within(change).getByTestId('activity-before').textContent).toBe('Doors');
    expect(within(change).getByTestId('activity-after').textContent).toBe('Gates');
    expect(change.querySelector('del')).toBeTruthy();
    expect(details.textContent).toContain('10.0.0.1');
  });

  it('exports the whole filtered result through the server and saves its file', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:activity');
    URL.revokeObjectURL = vi.fn();
    document.cookie = 'XSRF-TOKEN=abc';
    try {
      renderList('/activity?kind=deleted&q=gate&page=2');
      await screen.findByText('Category changed');
      fireEvent.click(screen.getByTestId('activity-export'));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(exports).toEqual([
        {
          sort: [{ field: 'at', dir: 'desc' }],
          search: 'gate',
          kinds: [...ACTIVITY_KIND_GROUPS.deleted],
          xsrf: 'abc',
        },
      ]);
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('activity-2026-11-27.csv');
      await waitFor(() =>
        expect(toastStore.getSnapshot().map((t) => t.message)).toContain(
          'Exported as activity-2026-11-27.csv',
        ),
      );
    } finally {
      click.mockRestore();
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    findAnswer = () => apiAnswer(200, { activityInfos: [], totalCount: 0 });
    renderList('/activity?kind=uploads');
    await screen.findByText('Nothing matches these filters.');
    expect(screen.getByRole('button', { name: 'Clear the filters' })).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('activity-export').disabled).toBe(true);
  });

  it('shows the error and a way to try again when the log cannot be loaded', async () => {
    findAnswer = () => apiAnswer(500, {}, ['[Title] Server fault']);
    renderList();
    await screen.findByText('This list could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows no log and asks nothing of the server without partnermanagement.read', async () => {
    signInAs(['contentmanagement.read'], { id: 3 });
    renderList();
    await screen.findByTestId('activity-forbidden');
    expect(finds).toEqual([]);
  });
});
