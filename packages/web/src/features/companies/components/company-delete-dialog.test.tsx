import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { testCompany } from './test-company.ts';
import { CompanyDeleteDialog, type TCompanyDeleteDialogProps } from './company-delete-dialog.tsx';

const holding = testCompany(1, 'Holding', null);
const acme = testCompany(2, 'Acme', 1, {
  userCount: 3,
  childCompanies: [{ companyId: 3, companyName: 'Acme Nord' }],
});
const acmeNord = testCompany(3, 'Acme Nord', 2);
const other = testCompany(4, 'Other', 1);
const lonely = testCompany(5, 'Lonely', 1);
const scope = [holding, acme, acmeNord, other, lonely];

let bodies: Record<string, unknown>[] = [];

function renderDialog(props: Partial<TCompanyDeleteDialogProps>) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  renderWithProviders(
    <CompanyDeleteDialog
      company={acme}
      companies={scope}
      isAdmin
      onClose={onClose}
      onDeleted={onDeleted}
      {...props}
    />,
  );
  return { onClose, onDeleted };
}

const confirm = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('company-delete-confirm'));
  });

describe('CompanyDeleteDialog', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    bodies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
        return Promise.resolve(apiAnswer(200, { companyInfos: [] }));
      }),
    );
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
