import type { TUser } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { UserForm, type TUserFormProps } from './user-form.tsx';

const baseUser: TUser = {
  id: 7,
  login: 'paula',
  active: true,
  roles: [],
  firstName: 'Paula',
  lastName: 'Phone',
  email: 'paula@example.com',
  phone: '+49 30 1234567',
  companyName: null,
  company: null,
  lastLogin: '2026-01-01T00:00:00Z',
  joinDate: '2026-01-01T00:00:00Z',
  registrationCompleted: true,
  licenseInfo: null,
  licenseAcceptanceDate: null,
  termsId: 0,
  photoFileName: null,
  photoBase64: null,
  mfaEnabled: false,
  language: 'en',
};

const selfRegistered: TUser = {
  ...baseUser,
  id: 8,
  login: 'rita',
  phone: null,
  companyName: 'Rita Bau GmbH',
  company: null,
};

type TSaved = { userInfos: Record<string, unknown>[] };
let saved: TSaved[] = [];

function renderForm(props: Partial<TUserFormProps>) {
  const all: TUserFormProps = {
    open: true,
    user: null,
    roles: [],
    companies: [{ companyId: 1, companyName: 'Family Portal' }],
    companiesAvailable: true,
    onClose: () => undefined,
    ...props,
  };
  const view = renderWithProviders(<UserForm {...all} />);
  return { rerender: (next: Partial<TUserFormProps>) => view.rerender(<UserForm {...all} {...next} />) };
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

describe('UserForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saved = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSaved;
        saved.push(body);
        return Promise.resolve(
          new Response(JSON.stringify({ responseCode: 200, errorMessages: [], userInfos: [] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  it('opens "New user" empty after editing a user with a phone', async () => {
    const form = renderForm({ user: baseUser });
    await waitFor(() => expect((input('Phone') as HTMLInputElement).value).toBe('+49 30 1234567'));
    form.rerender({ open: false });
    form.rerender({ open: true, user: null });
    await waitFor(() => expect((input('Login') as HTMLInputElement).value).toBe(''));
    expect((input('Phone') as HTMLInputElement).value).toBe('');
    expect((input('First name') as HTMLInputElement).value).toBe('');
  });

  it('keeps the company name a self-registered user typed when saved unchanged', async () => {
    renderForm({ user: selfRegistered });
    await waitFor(() => expect((input('Company name') as HTMLInputElement).value).toBe('Rita Bau GmbH'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-form-save'));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = saved[0]?.userInfos[0];
    expect(sent).toMatchObject({ id: 8, companyName: 'Rita Bau GmbH', company: null, phone: null });
  });

  it('picks a company from the hierarchy and saves it', async () => {
    renderForm({
      user: baseUser,
      companies: [
        { companyId: 1, companyName: 'Family Portal', parentCompany: null },
        { companyId: 2, companyName: 'Acme', parentCompany: { companyId: 1 } },
        { companyId: 3, companyName: 'Acme Nord', parentCompany: { companyId: 2 } },
      ],
    });
    await waitFor(() => expect((input('Login') as HTMLInputElement).value).toBe('paula'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Company/ }));
    const option = await screen.findByTitle('Acme Nord');
    // The child sits below its parent in the tree: one indent more than Acme.
    const indents = (title: string) =>
      screen
        .getByTitle(title)
        .closest('.ant-select-tree-treenode')
        ?.querySelectorAll('.ant-select-tree-indent-unit').length;
    expect(indents('Acme Nord')).toBe((indents('Acme') ?? 0) + 1);
    fireEvent.click(option);
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-form-save'));
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.userInfos[0]).toMatchObject({
      id: 7,
      company: { companyId: 3 },
      companyName: 'Acme Nord',
    });
  });

  it('says an empty login is required, in the reader language', async () => {
    await i18n.changeLanguage('de');
    renderForm({ user: null });
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-form-save'));
    });
    await screen.findByText('Benutzername ist erforderlich');
    expect(screen.queryByText(/mindestens 3/)).toBeNull();
    expect(saved).toHaveLength(0);
  });
});
