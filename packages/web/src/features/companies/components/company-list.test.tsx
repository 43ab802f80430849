import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../shared/list/list-test-support.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { testCompany } from './test-company.ts';
import { CompanyList } from './company-list.tsx';

const company = (id: number, name: string, parentId: number | null) =>
  testCompany(id, name, parentId, { companyCity: 'Linz', userCount: 2 });
const scope = [company(1, 'Holding', null), company(2, 'Acme', 1), company(3, 'Acme Nord', 2)];
let finds: Record<string, unknown>[] = [];

function renderList(permissions: string[], url = '/companies') {
  signInAs(permissions);
  return renderAt(<CompanyList />, url);
}

const location = () => screen.getByTestId('location').textContent ?? '';

describe('CompanyList', { timeout: 30_000 }, () => {
  screenTestHooks();

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
