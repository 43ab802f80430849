import type { TLicenseListItem } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { LicenceForm, licenceInputOf, type TLicenceFormProps } from './licence-form.tsx';

const gold: TLicenseListItem = {
  licenseInfoId: 7,
  licenseCode: 'GOLD-1',
  licenseType: 'Enterprise',
  licenseDescription: null,
  licenseValidUntil: '2027-03-31T21:59:59.999Z',
  maxNumberOfUsers: 10,
  currentNumberOfUsers: 4,
  accountManager: null,
  licenseStatus: null,
  active: true,
  licenseClaims: ['families'],
  validCheck: null,
  validCheckDate: null,
  companies: [],
};

type TSaved = { licenseInfos: Record<string, unknown>[] };
let saved: TSaved[] = [];

function renderForm(props: Partial<TLicenceFormProps>) {
  const onClose = vi.fn();
  renderWithProviders(<LicenceForm open licence={null} onClose={onClose} {...props} />);
  return { onClose };
}

const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input, textarea' });

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('licence-form-save'));
  });

describe('licenceInputOf', () => {
  it('sends blank texts as null, the chosen day to its last moment, and each claim once', () => {
    const input = licenceInputOf(null, {
      licenseCode: '  SILVER ',
      licenseType: ' ',
      licenseDescription: '',
      licenseValidUntil: dayjs('2027-01-15T10:00:00'),
      maxNumberOfUsers: 3,
      accountManager: 'Ada',
      licenseStatus: '',
      active: true,
      licenseClaims: ['families', ' families ', 'statistics'],
    });
    expect(input).toEqual({
      licenseCode: 'SILVER',
      licenseType: null,
      licenseDescription: null,
      licenseValidUntil: dayjs('2027-01-15').endOf('day').toISOString(),
      maxNumberOfUsers: 3,
      accountManager: 'Ada',
      licenseStatus: null,
      active: true,
      licenseClaims: ['families', 'statistics'],
    });
  });

  it('keeps the id of the licence edited, never its counted seats, and no end as null', () => {
    const input = licenceInputOf(gold, {
      licenseCode: 'GOLD-1',
      licenseType: 'Enterprise',
      licenseDescription: '',
      licenseValidUntil: null,
      maxNumberOfUsers: 10,
      accountManager: '',
      licenseStatus: '',
      active: false,
      licenseClaims: [],
    });
    expect(input).toMatchObject({ licenseInfoId: 7, licenseValidUntil: null, active: false });
    expect('currentNumberOfUsers' in input).toBe(false);
  });
});

describe('LicenceForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saved = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        saved.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSaved);
        return Promise.resolve(
          new Response(JSON.stringify({ responseCode: 200, errorMessages: [], licenseInfos: [] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  it('says the code is required and sends nothing', async () => {
    renderForm({});
    await save();
    await screen.findByText('Licence code is required');
    expect(saved).toHaveLength(0);
  });

  it('shows the seats in use read-only when editing, and saves the change', async () => {
    const { onClose } = renderForm({ licence: gold });
    await waitFor(() => expect(field('Licence code').value).toBe('GOLD-1'));
    expect(screen.getByTestId('licence-users-now').textContent).toBe('4 of 10 users');
    fireEvent.change(field('Account manager'), { target: { value: 'Grace' } });
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.licenseInfos[0]).toMatchObject({
      licenseInfoId: 7,
      licenseCode: 'GOLD-1',
      accountManager: 'Grace',
      maxNumberOfUsers: 10,
      licenseClaims: ['families'],
    });
    expect('currentNumberOfUsers' in (saved[0]?.licenseInfos[0] ?? {})).toBe(false);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
